/** Token usage of both runs per side (agent, user), with deltas. */
import { num, Table } from "@/components/ui/table-kit";
import { tableClass } from "./ui";
import type { RunSide, TokenTotals } from "@/lib/shared/compare";
import { Card } from "@/components/ui/card";

type Side = TokenTotals["agent"];
type Row = { side: string; first: boolean; measure: string; a: number; b: number };

const MEASURES: Array<[string, (s: Side) => number]> = [
  ["Total tokens", (s) => s.total],
  ["Prompt", (s) => s.prompt],
  ["Completion", (s) => s.completion],
  ["Calls", (s) => s.n_calls],
];

export function TokenDeltas({ base, other }: { base: RunSide; other: RunSide }) {
  const sides: Array<[string, Side, Side]> = [
    ["Agent", base.tokens.agent, other.tokens.agent],
    ["User simulator", base.tokens.user, other.tokens.user],
  ];
  const rows: Row[] = sides.flatMap(([side, a, b]) => MEASURES.map(([measure, of], i) => ({ side, first: i === 0, measure, a: of(a), b: of(b) })));
  return (
    <Card
      id="tokens"
      title="Tokens"
      description="Totals over each run's scenarios. More tokens is not better or worse by itself, so deltas are not coloured as good or bad."
    >
      <Table
        look={{ box: "relative overflow-x-auto", table: tableClass }}
        testId="token-deltas"
        caption="Token usage per side of the baseline and the other run"
        rows={rows}
        rowKey={(r) => `${r.side}-${r.measure}`}
        row={(r) => ({ className: r.first ? "font-medium" : "text-zinc-700 dark:text-zinc-300" })}
        columns={[
          { head: "Side", rowHeader: true, className: "align-top", span: (r) => (r.first ? { rows: MEASURES.length } : 0), cell: (r) => r.side },
          { head: "Measure", cell: (r) => r.measure },
          { head: "Baseline", align: "right", cell: (r) => num.count(r.a) },
          { head: "Other", align: "right", cell: (r) => num.count(r.b) },
          { head: "Δ", align: "right", cell: (r) => num.delta(r.b - r.a, "count", { better: "neither", relativeTo: r.a }) },
        ]}
      />
    </Card>
  );
}
