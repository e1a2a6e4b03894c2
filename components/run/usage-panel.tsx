import { duration, group } from "@/components/format";
import { DataTable } from "@/components/ui/data-table";
import { StatList } from "@/components/ui/stat-list";
import type { TokenTotals } from "@/lib/shared/dto";

/** Token usage per side, total duration and turns (all_summary.txt header and Token Usage block). */
export function UsagePanel({
  tokens,
  totalDurationSeconds,
  totalTurns,
  scenarioCount,
}: {
  tokens: TokenTotals;
  totalDurationSeconds: number;
  totalTurns: number;
  scenarioCount: number;
}) {
  const sides = [
    ["agent", tokens.agent],
    ["user", tokens.user],
  ] as const;
  return (
    <div className="space-y-3">
      <StatList
        stats={[
          {
            label: "Total Duration (Σ scenario_duration)",
            value: duration(totalDurationSeconds),
            title:
              "all_summary.txt's Total Duration: every call's metrics.json scenario_duration added up. Not the run's wall clock: the runs list's duration is evaluation_log.txt's first start to its last line, which includes the time between calls.",
          },
          { label: "Total turns", value: group(totalTurns) },
          { label: "Turns per scenario", value: scenarioCount > 0 ? (totalTurns / scenarioCount).toFixed(1) : "–" },
        ]}
      />
      <DataTable
        label="Token usage per side"
        className="tabular-nums"
        columns={[{ label: "Side" }, ...["Calls", "Prompt", "Completion", "Total"].map((label) => ({ label, align: "right" as const }))]}
      >
        {sides.map(([name, t]) => (
          <tr key={name}>
            <th scope="row" className="px-2 py-1 text-left font-normal">
              {name}
            </th>
            {[t.n_calls, t.prompt, t.completion, t.total].map((v, i) => (
              <td key={i} className="px-2 py-1 text-right">
                {group(v)}
              </td>
            ))}
          </tr>
        ))}
        <tr>
          <th scope="row" className="px-2 py-1 text-left font-semibold">
            Run total
          </th>
          <td colSpan={4} className="px-2 py-1 text-right font-semibold">
            {group(tokens.total)} tokens
          </td>
        </tr>
      </DataTable>
    </div>
  );
}
