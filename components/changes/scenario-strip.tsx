/**
 * The scenario page's strip: the same scenario across its suite's runs, oldest first, one cell per run
 * (passed, failed, stalled, not applicable, absent), each a link to that run's page of the scenario.
 */
import Link from "next/link";
import { scenarioHref } from "@/lib/shared/routes";
import type { ScenarioAcrossRuns } from "@/lib/shared/run-changes";
import { dayLabel } from "./dates";
import { failureMarkWords } from "@/lib/core/failure-mark-words";
import type { FailureMark } from "@/lib/shared/run-changes";

const CELL: Record<string, { label: string; className: string; word: string }> = {
  P: { label: "✓", className: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300", word: "passed" },
  F: { label: "✗", className: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300", word: "failed" },
  S: { label: "S", className: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300", word: "stalled (counted as failed)" },
  N: { label: "–", className: "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400", word: "not applicable" },
  "-": { label: "·", className: "text-zinc-400", word: "not in that run (or not finished)" },
};

/** `mark`: how this failure stands in its suite (the run page's row badge), said in words before the cells. */
export function ScenarioStrip({ runId, name, strip, mark = null }: { runId: string; name: string; strip: ScenarioAcrossRuns; mark?: FailureMark | null }) {
  if (strip.runs.length < 2) return null;
  const said = mark ? failureMarkWords(mark) : null;
  return (
    <nav aria-label="This scenario across the suite's runs" className="flex flex-wrap items-center gap-1 text-xs" data-testid="scenario-strip">
      {said && (
        <span className="mr-2 text-sm" data-testid="failure-words" data-mark={mark?.kind}>
          <strong className="font-semibold text-red-800 dark:text-red-300">{said.words[0]?.toUpperCase() + said.words.slice(1)}</strong>
          <span className="text-zinc-600 dark:text-zinc-400">: {said.detail}.</span>
        </span>
      )}
      <span className="mr-1 text-zinc-600 dark:text-zinc-400">
        Across {strip.runs.length} runs of the suite{strip.earlier > 0 ? ` (${strip.earlier} earlier not shown)` : ""}:
      </span>
      {strip.runs.map((r) => {
        const c = CELL[r.cell] ?? CELL["-"]!;
        const here = r.id === runId;
        return (
          <Link
            key={r.id}
            href={scenarioHref(r.id, name)}
            prefetch={false}
            aria-current={here ? "page" : undefined}
            title={`${r.id}${r.startedAt ? ` (${r.startedAt.replace("T", " ")})` : ""}: ${c.word}`}
            className={`inline-flex h-6 min-w-6 items-center justify-center rounded px-1 font-mono ${c.className} ${here ? "ring-2 ring-sky-500" : "hover:ring-1 hover:ring-zinc-400"}`}
            data-cell={r.cell}
          >
            {c.label}
            <span className="sr-only"> {dayLabel(r.startedAt)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
