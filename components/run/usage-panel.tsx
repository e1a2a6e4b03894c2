import { decimal, duration, group } from "@/components/format";
import { num, PLAIN, Table, Value, type Column } from "@/components/ui/table-kit";
import { StatList } from "@/components/ui/stat-list";
import type { TokenTotals } from "@/lib/shared/dto";

/** A side's tokens; the run's total (one cell across) has none. */
type Side = [string, TokenTotals["agent"] | null];

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
  const sides: Side[] = [
    ["agent", tokens.agent],
    ["user", tokens.user],
    ["Run total", null],
  ];
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
          { label: "Turns per scenario", value: decimal(scenarioCount > 0 ? totalTurns / scenarioCount : null, 1) },
        ]}
      />
      <Table
        look={PLAIN}
        label="Token usage per side"
        rows={sides}
        rowKey={([name]) => name}
        columns={[
          { head: "Side", rowHeader: true, cellClass: ([, t]) => (t ? "text-left font-normal" : "text-left font-semibold"), cell: ([name]) => name },
          ...(["n_calls", "prompt", "completion", "total"] as const).map((k, i): Column<Side> => ({
            head: ["Calls", "Prompt", "Completion", "Total"][i],
            align: "right",
            span: ([, t]) => (t ? {} : k === "n_calls" ? { cols: 4 } : 0),
            cellClass: ([, t]) => (t ? "" : "font-semibold"),
            cell: ([, t]) => (t ? num.count(t[k]) : [<Value key="n" c={num.count(tokens.total)} />, " tokens"]),
          })),
        ]}
      />
    </div>
  );
}
