/** Warnings when the runs compared are not like for like. Shown above everything else. */
import type { CompareWarning } from "./types";

const KIND_LABEL: Record<CompareWarning["kind"], string> = {
  scenario_set: "Different scenario sets",
  min_agent_turns: "Different stall rule",
  judge: "Judge on in one run only",
  judge_threshold: "Different judge threshold",
  whitelist: "Different signal whitelists",
  partial: "Unfinished run",
  stalled: "Stalled scenarios",
};

export function CompareWarnings({ warnings }: { warnings: Array<CompareWarning & { run: string }> }) {
  // The same warning (e.g. "the baseline is unfinished") can come from every pair: show it once.
  const seen = new Set<string>();
  const list = warnings.filter((w) => {
    const key = `${w.kind}\0${w.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (list.length === 0) return null;
  const setup = list.some((w) => w.kind !== "partial");
  return (
    <section
      role="region"
      aria-labelledby="compare-warnings-heading"
      data-testid="compare-warnings"
      className="rounded-lg border-2 border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <h2 id="compare-warnings-heading" className="flex items-center gap-2 text-base font-semibold">
        <span aria-hidden="true">⚠</span> {setup ? "These runs are not like for like" : "Unfinished runs: the numbers are partial"}
      </h2>
      <p className="mt-0.5 text-sm">
        {setup ? "Differences below may come from the setup rather than from the change you made." : "A run that has not finished may still gain scenarios; its rates can move."}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {list.map((w, i) => (
          <li key={i} className="flex flex-wrap gap-x-2" data-kind={w.kind}>
            <span className="font-semibold">{KIND_LABEL[w.kind] ?? w.kind}:</span>
            <span className="break-all">{w.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
