/** Per-signal pass rates (passed ÷ (passed + failed) in success_breakdown) of two runs, and flips. */
import { num, Table, Value, type Column } from "@/components/ui/table-kit";
import { SIGNAL_LABELS } from "@/components/run/rate-meta";
import { tableClass } from "./ui";
import type { PairComparison, RunSide, SignalBreakdownCounts } from "@/lib/shared/compare";
import { Card } from "@/components/ui/card";

const ORDER = Object.keys(SIGNAL_LABELS);

function rateOf(c: SignalBreakdownCounts | undefined): { value: number | null; passed: number; scored: number } {
  const passed = c?.passed ?? 0;
  const scored = passed + (c?.failed ?? 0);
  return { value: scored ? passed / scored : null, passed, scored };
}

type Row = { n: string; a: SignalRate; b: SignalRate; f: { down: number; up: number } };
type SignalRate = ReturnType<typeof rateOf>;

/** `75.00% 3/4`: the pass rate and what it counts. */
function SignalRate({ r }: { r: SignalRate }) {
  return (
    <>
      <Value c={num.percent(r.value)} />{" "}
      <span className="text-xs text-zinc-500">
        <Value c={num.fraction(r.passed, r.scored)} />
      </span>
    </>
  );
}

/** A column of flips one way, marked when there are any. */
function flipColumn(head: string, hint: string, way: "down" | "up", marked: string): Column<Row> {
  return { head, hint, align: "right", cellClass: (r) => (r.f[way] ? marked : "text-zinc-500"), cell: (r) => num.count(r.f[way]) };
}

export function SignalDeltas({ base, other, pair }: { base: RunSide; other: RunSide; pair: PairComparison }) {
  const names = [...new Set([...Object.keys(base.successBreakdown), ...Object.keys(other.successBreakdown)])].sort((a, b) => {
    const ia = ORDER.indexOf(a);
    const ib = ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  const flips = new Map<string, { down: number; up: number }>();
  for (const s of pair.scenarios) {
    for (const f of s.signals) {
      const e = flips.get(f.signal) ?? { down: 0, up: 0 };
      if (f.base === "passed" && f.other === "failed") e.down++;
      if (f.base === "failed" && f.other === "passed") e.up++;
      flips.set(f.signal, e);
    }
  }
  const rows = names
    .map((n) => ({ n, a: rateOf(base.successBreakdown[n]), b: rateOf(other.successBreakdown[n]), f: flips.get(n) ?? { down: 0, up: 0 } }))
    .filter((r) => r.a.scored > 0 || r.b.scored > 0);
  return (
    <Card
      id="signals"
      title="Signal pass rates · each run's scenarios where the signal gated the verdict"
      description="From success_breakdown: passed ÷ (passed + failed), counting only scenarios whose whitelist made the signal count; not applicable and excluded are left out. So these denominators are smaller than the headline rates' above, which count every scenario of the run."
    >
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No signal was scored in either run.</p>
      ) : (
        <Table
          look={{ box: "relative overflow-x-auto", table: tableClass }}
          testId="signal-deltas"
          caption="Per-signal pass rates of the baseline and the other run"
          rows={rows}
          rowKey={(r) => r.n}
          row={(r) => ({ "data-signal": r.n })}
          columns={[
            {
              head: "Signal",
              rowHeader: true,
              cellClass: "font-medium",
              cell: ({ n }) => [
                SIGNAL_LABELS[n] ?? n,
                " ",
                <span key="n" className="font-mono text-xs font-normal text-zinc-500">
                  {n}
                </span>,
              ],
            },
            { head: "Baseline", cell: (r) => <SignalRate r={r.a} /> },
            { head: "Other", cell: (r) => <SignalRate r={r.b} /> },
            {
              head: "Δ",
              align: "right",
              cell: ({ a, b }) => num.delta(a.value !== null && b.value !== null ? b.value - a.value : null, "pp", { better: "higher" }),
            },
            flipColumn("pass → fail", "Scenarios where the signal went from passed to failed", "down", "font-semibold text-red-700 dark:text-red-400"),
            flipColumn("fail → pass", "Scenarios where the signal went from failed to passed", "up", "font-semibold text-emerald-700 dark:text-emerald-400"),
          ]}
        />
      )}
    </Card>
  );
}
