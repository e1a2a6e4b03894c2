/** Per-signal pass rates (passed ÷ (passed + failed) in success_breakdown) of two runs, and flips. */
import { group } from "@/components/format";
import { SIGNAL_LABELS } from "@/components/run/rate-meta";
import { deltaText, percent, toneOf } from "./labels";
import { CompareTable, Delta } from "./ui";
import type { PairComparison, RunSide, SignalBreakdownCounts } from "@/lib/shared/compare";
import { Card } from "@/components/ui/card";

const ORDER = Object.keys(SIGNAL_LABELS);

function rateOf(c: SignalBreakdownCounts | undefined): { value: number | null; passed: number; scored: number } {
  const passed = c?.passed ?? 0;
  const scored = passed + (c?.failed ?? 0);
  return { value: scored ? passed / scored : null, passed, scored };
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
        <CompareTable testId="signal-deltas" caption="Per-signal pass rates of the baseline and the other run">
          <thead>
            <tr>
              <th scope="col">Signal</th>
              <th scope="col">Baseline</th>
              <th scope="col">Other</th>
              <th scope="col" className="text-right">
                Δ
              </th>
              <th scope="col" className="text-right" title="Scenarios where the signal went from passed to failed">
                pass → fail
              </th>
              <th scope="col" className="text-right" title="Scenarios where the signal went from failed to passed">
                fail → pass
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ n, a, b, f }) => {
              const delta = a.value !== null && b.value !== null ? b.value - a.value : null;
              return (
                <tr key={n} data-signal={n}>
                  <th scope="row" className="font-medium">
                    {SIGNAL_LABELS[n] ?? n} <span className="font-mono text-xs font-normal text-zinc-500">{n}</span>
                  </th>
                  <td className="tabular-nums">
                    {percent(a.value)}{" "}
                    <span className="text-xs text-zinc-500">
                      {group(a.passed)}/{group(a.scored)}
                    </span>
                  </td>
                  <td className="tabular-nums">
                    {percent(b.value)}{" "}
                    <span className="text-xs text-zinc-500">
                      {group(b.passed)}/{group(b.scored)}
                    </span>
                  </td>
                  <td className="text-right">
                    <Delta text={deltaText(delta)} tone={toneOf(delta)} />
                  </td>
                  <td className={`text-right tabular-nums ${f.down ? "font-semibold text-red-700 dark:text-red-400" : "text-zinc-500"}`}>{group(f.down)}</td>
                  <td className={`text-right tabular-nums ${f.up ? "font-semibold text-emerald-700 dark:text-emerald-400" : "text-zinc-500"}`}>
                    {group(f.up)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </CompareTable>
      )}
    </Card>
  );
}
