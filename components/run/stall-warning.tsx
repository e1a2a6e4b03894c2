import Link from "next/link";
import { runHref } from "@/components/format";

const SHOWN = 40;

/** The summary's stall warning, with the stalled scenarios (the first few, and a filter for all). */
export function StallWarning({ runId, stalled, minAgentTurns }: { runId: string; stalled: string[]; minAgentTurns: number }) {
  if (stalled.length === 0) return null;
  const rest = stalled.length - SHOWN;
  return (
    <section
      role="alert"
      aria-labelledby="stall-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <h2 id="stall-heading" className="font-semibold">
        {stalled.length} scenario{stalled.length === 1 ? "" : "s"} had fewer than {minAgentTurns} agent turn{minAgentTurns === 1 ? "" : "s"} (likely stalled LLM
        / server hang) and
        {stalled.length === 1 ? " was" : " were"} counted as failures
      </h2>
      <p className="mt-1 text-xs">They lower the success rates and are left out of every per-signal rate. Compare runs only after checking this.</p>
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-0.5 font-mono text-xs" aria-label="Stalled scenarios">
        {stalled.slice(0, SHOWN).map((name) => (
          <li key={name} className="min-w-0 break-all">
            {name}
          </li>
        ))}
      </ul>
      {rest > 0 && <p className="mt-1 text-xs">…and {rest} more.</p>}
      <Link href={runHref(runId, "quick=stalled#scenarios")} className="mt-2 inline-block text-xs font-medium underline">
        Show the stalled scenarios in the table
      </Link>
    </section>
  );
}
