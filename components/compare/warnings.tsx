/** Warnings when the runs compared are not like for like. Shown above everything else. */
import type { CompareWarning } from "@/lib/shared/compare";

const KIND_LABEL: Record<CompareWarning["kind"], string> = {
  scenario_set: "Different scenario sets",
  min_agent_turns: "Different stall rule",
  judge: "Judge on in one run only",
  judge_threshold: "Different judge threshold",
  whitelist: "Different signal whitelists",
  partial: "Unfinished run",
  stalled: "Stalled scenarios",
  retry_flags: "Different retry settings",
  retried_change: "Changed by a retry",
  judge_sections: "Judges saw different evidence",
  end_policy: "Calls end under another policy",
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
  // Stalls and unfinished runs are about the data, not the setup.
  const setup = list.some((w) => w.kind !== "partial" && w.kind !== "stalled");
  const partial = list.some((w) => w.kind === "partial");
  const stalled = list.some((w) => w.kind === "stalled");
  const heading = setup
    ? "These runs are not like for like"
    : partial && stalled
      ? "Unfinished runs and stalled scenarios: read the changes with care"
      : partial
        ? "Unfinished runs: the numbers are partial"
        : "Stalled scenarios: check them before reading the changes";
  const lead = setup
    ? "Differences below may come from the setup rather than from the change you made."
    : stalled
      ? "A stalled scenario counts as failed although the agent never really ran; a flip to or from one is not a fix or a regression."
      : "A run that has not finished may still gain scenarios; its rates can move.";
  return (
    <section
      role="region"
      aria-labelledby="compare-warnings-heading"
      data-testid="compare-warnings"
      className="rounded-lg border-2 border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <h2 id="compare-warnings-heading" className="flex items-center gap-2 text-base font-semibold">
        <span aria-hidden="true">⚠</span> {heading}
      </h2>
      <p className="mt-0.5 text-sm">{lead}</p>
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
