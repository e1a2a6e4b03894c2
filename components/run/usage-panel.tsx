import { duration, group } from "@/components/format";
import type { TokenTotals } from "@/lib/shared/dto";

/** Token usage per side, total duration and turns (all_summary.txt header and Token Usage block). */
export function UsagePanel({ tokens, totalDurationSeconds, totalTurns, scenarioCount }: { tokens: TokenTotals; totalDurationSeconds: number; totalTurns: number; scenarioCount: number }) {
  const sides = [
    ["agent", tokens.agent],
    ["user", tokens.user],
  ] as const;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Total duration</dt>
          <dd className="font-medium tabular-nums">{duration(totalDurationSeconds)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Total turns</dt>
          <dd className="font-medium tabular-nums">{group(totalTurns)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Turns per scenario</dt>
          <dd className="font-medium tabular-nums">{scenarioCount > 0 ? (totalTurns / scenarioCount).toFixed(1) : "–"}</dd>
        </div>
      </dl>
      <table className="min-w-full border-collapse text-sm" aria-label="Token usage per side">
        <thead>
          <tr className="border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
            <th scope="col" className="py-1 pr-2 text-left font-semibold">
              Side
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Calls
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Prompt
            </th>
            <th scope="col" className="px-2 py-1 text-right font-semibold">
              Completion
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {sides.map(([name, t]) => (
            <tr key={name} className="border-b border-zinc-100 dark:border-zinc-800/60">
              <th scope="row" className="py-1 pr-2 text-left font-normal">
                {name}
              </th>
              <td className="px-2 py-1 text-right">{group(t.n_calls)}</td>
              <td className="px-2 py-1 text-right">{group(t.prompt)}</td>
              <td className="px-2 py-1 text-right">{group(t.completion)}</td>
              <td className="py-1 pl-2 text-right">{group(t.total)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="py-1 pr-2 text-left font-semibold">
              Run total
            </th>
            <td colSpan={4} className="py-1 pl-2 text-right font-semibold">
              {group(tokens.total)} tokens
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
