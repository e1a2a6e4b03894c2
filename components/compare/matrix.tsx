"use client";

/** Scenario × run verdicts across three or more runs, with pass^k and the stability split. */
import { useState } from "react";
import { group } from "@/components/format";
import { percent } from "./labels";
import { ShowMore, VerdictMark } from "./ui";
import type { Stability, VerdictMatrix } from "@/lib/shared/compare";
import { Card } from "@/components/ui/card";

const STABILITY: Array<{ key: Stability; label: string; hint: string; tone: string }> = [
  {
    key: "flaky",
    label: "Flaky",
    hint: "passed in some runs and failed in others",
    tone: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800",
  },
  {
    key: "always_failing",
    label: "Always failing",
    hint: "failed in every run",
    tone: "bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-300 dark:ring-red-800",
  },
  {
    key: "always_passing",
    label: "Always passing",
    hint: "passed in every run",
    tone: "bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-800",
  },
  {
    key: "incomplete",
    label: "Incomplete",
    hint: "absent or N/A in at least one run",
    tone: "bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
  },
];
const LIMIT = 300;

export function VerdictMatrixView({ matrix, baseId }: { matrix: VerdictMatrix; baseId: string }) {
  const [filter, setFilter] = useState<Stability | null>(null);
  const [limit, setLimit] = useState(LIMIT);
  const rows = filter ? matrix.rows.filter((r) => r.stability === filter) : matrix.rows;
  const shown = rows.slice(0, limit);
  const { passAllK } = matrix;
  return (
    <Card
      id="matrix"
      title={`Across ${matrix.runs.length} runs`}
      description="Each scenario's verdict (as counted) in every run. pass^k is the share of scenarios, among those with a pass/fail verdict in all k runs, that passed in all of them."
    >
      <div className="flex flex-wrap items-stretch gap-2" data-testid="matrix-summary">
        <div className="flex min-w-32 flex-col rounded-lg bg-sky-50 px-3 py-2 ring-1 ring-sky-300 ring-inset dark:bg-sky-950 dark:ring-sky-800">
          <span className="text-xl font-semibold tabular-nums" data-testid="pass-k">
            {percent(passAllK.value)}
          </span>
          <span className="text-xs font-medium">
            pass^{passAllK.k} ({group(passAllK.passed)}/{group(passAllK.n)})
          </span>
        </div>
        <div role="group" aria-label="Filter the matrix by stability" className="flex flex-wrap gap-2">
          {STABILITY.map((s) => (
            <button
              key={s.key}
              type="button"
              aria-pressed={filter === s.key}
              title={s.hint}
              data-stability={s.key}
              onClick={() => {
                setFilter(filter === s.key ? null : s.key);
                setLimit(LIMIT);
              }}
              className={`flex min-w-28 flex-col items-start rounded-lg px-3 py-2 text-left ring-1 ring-inset ${s.tone} ${filter === s.key ? "outline-2 outline-offset-2 outline-sky-600 dark:outline-sky-400" : ""}`}
            >
              <span className="text-xl font-semibold tabular-nums">{group(matrix.counts[s.key])}</span>
              <span className="text-xs font-medium">{s.label}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="relative mt-3 max-h-[32rem] overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="min-w-full border-collapse text-sm" data-testid="verdict-matrix">
          <caption className="sr-only">Verdict of every scenario in every run{filter ? `, ${filter.replace("_", " ")} only` : ""}</caption>
          <thead className="sticky top-0 bg-zinc-50 dark:bg-zinc-900">
            <tr>
              <th scope="col" className="border-b border-zinc-200 px-2 py-2 text-left text-xs font-semibold dark:border-zinc-800">
                Scenario
              </th>
              {matrix.runs.map((id, i) => (
                <th
                  key={id}
                  scope="col"
                  title={id}
                  className="max-w-40 border-b border-zinc-200 px-2 py-2 text-center text-xs font-semibold dark:border-zinc-800"
                >
                  <span className="block truncate font-mono font-normal">{id}</span>
                  <span className="text-[10px] text-zinc-500 uppercase">{id === baseId ? "baseline" : `run ${i + 1}`}</span>
                </th>
              ))}
              <th scope="col" className="border-b border-zinc-200 px-2 py-2 text-left text-xs font-semibold dark:border-zinc-800">
                Stability
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.name} data-scenario={r.name} data-stability={r.stability} className="hover:bg-sky-50 dark:hover:bg-sky-950/30">
                <th scope="row" className="border-t border-zinc-100 px-2 py-1 text-left font-mono text-xs font-normal break-all dark:border-zinc-800">
                  {r.name}
                </th>
                {r.verdicts.map((v, i) => (
                  <td key={i} className="border-t border-zinc-100 px-2 py-1 text-center dark:border-zinc-800">
                    <VerdictMark v={v} label={matrix.runs[i]} />
                  </td>
                ))}
                <td className="border-t border-zinc-100 px-2 py-1 text-xs dark:border-zinc-800">{STABILITY.find((s) => s.key === r.stability)?.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ShowMore shown={shown.length} total={rows.length} onAll={() => setLimit(rows.length)} />
    </Card>
  );
}
