/** Markdown helpers for the triage reports; results text goes through `mdInline` (lib/core/markdown.ts). */
import type { Figure } from "../figure";
import type { Stats } from "../stats";

/** Seconds and other measurements: 3 decimals, the same rounding everywhere. */
export function num(v: number | null | undefined, digits = 3): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "—" : v.toFixed(digits);
}

export function pct(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "—" : `${(v * 100).toFixed(2)}%`;
}

export function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return "_none_\n";
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n") + "\n";
}

export const STAT_HEADER = ["n", "sum", "mean", "p50", "p90", "p95", "max"];

export function statCells(s: Stats | null): string[] {
  if (!s) return ["0", "—", "—", "—", "—", "—", "—"];
  return [String(s.n), num(s.sum), num(s.mean), num(s.p50), num(s.p90), num(s.p95), num(s.max)];
}

/** A figure with its count: "0.500 (n=6, low-n)" or "N/A (no user turns)". */
export function fig(f: Figure, asPct = false): string {
  if (f.value === null) return `N/A (${f.na ?? "not computable"})`;
  return `${asPct ? pct(f.value) : num(f.value)} (n=${f.n}${f.low_n ? ", low-n" : ""})`;
}
