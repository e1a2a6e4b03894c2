import type { ScenarioRow } from "@/lib/core/scenario-row";

/** The scenario table's "retried ×N" mark (issue 45): the harness discarded N attempts; the reasons on hover. */
export function RetriedMark({ row }: { row: Pick<ScenarioRow, "retries" | "retry_reasons"> }) {
  if (!row.retries) return null;
  const title = `Retried automatically ${row.retries}×: ${row.retry_reasons.map((r, i) => `attempt ${i + 1}: ${r}`).join("; ") || "no reason recorded"}`;
  return (
    <span
      data-testid="retried-mark"
      title={title}
      className="shrink-0 rounded bg-sky-100 px-1 text-[10px] font-medium text-sky-800 dark:bg-sky-950 dark:text-sky-300"
    >
      retried ×{row.retries}
    </span>
  );
}
