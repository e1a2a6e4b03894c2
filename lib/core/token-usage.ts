/**
 * `metrics.json`'s `token_usage` (ARTIFACTS.md §1.6): one reader for the fold, the table row, the
 * stall rule and the scenario header. Each reads the same side object and counts it its own way.
 */

export type TokenSideName = "agent" | "user";

/** The `token_usage.{side}` object as stored (its values unchecked); `null` when absent or not an object. */
export function tokenSide(metrics: Record<string, unknown> | null, side: TokenSideName): Record<string, unknown> | null {
  const usage = metrics?.token_usage;
  if (!usage || typeof usage !== "object") return null;
  const s = (usage as Record<string, unknown>)[side];
  return s && typeof s === "object" ? (s as Record<string, unknown>) : null;
}
