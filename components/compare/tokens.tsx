/** Token usage of both runs per side (agent, user), with deltas. */
import { group } from "@/components/format";
import { fixed } from "./labels";
import { tableClass } from "./ui";
import type { RunSide, TokenTotals } from "@/lib/shared/compare";
import { Card } from "@/components/ui/card";

type Side = TokenTotals["agent"];

function signed(n: number): string {
  return `${n > 0 ? "+" : n < 0 ? "−" : "±"}${group(Math.abs(n))}`;
}

function pct(a: number, b: number): string {
  if (a === 0) return b === 0 ? "" : "(new)";
  const r = ((b - a) / a) * 100;
  return `(${r > 0 ? "+" : r < 0 ? "−" : "±"}${fixed(Math.abs(r), 1)}%)`;
}

function DeltaCell({ a, b }: { a: number; b: number }) {
  const d = b - a;
  return (
    <td className={`text-right tabular-nums ${d > 0 ? "text-amber-800 dark:text-amber-300" : d < 0 ? "text-sky-800 dark:text-sky-300" : "text-zinc-500"}`}>
      {signed(d)} <span className="text-xs">{pct(a, b)}</span>
    </td>
  );
}

export function TokenDeltas({ base, other }: { base: RunSide; other: RunSide }) {
  const sides: Array<[string, Side, Side]> = [
    ["Agent", base.tokens.agent, other.tokens.agent],
    ["User simulator", base.tokens.user, other.tokens.user],
  ];
  return (
    <Card
      id="tokens"
      title="Tokens"
      description="Totals over each run's scenarios. More tokens is not better or worse by itself, so deltas are not coloured as good or bad."
    >
      <div className="relative overflow-x-auto">
        <table className={tableClass} data-testid="token-deltas">
          <caption className="sr-only">Token usage per side of the baseline and the other run</caption>
          <thead>
            <tr>
              <th scope="col">Side</th>
              <th scope="col">Measure</th>
              <th scope="col" className="text-right">
                Baseline
              </th>
              <th scope="col" className="text-right">
                Other
              </th>
              <th scope="col" className="text-right">
                Δ
              </th>
            </tr>
          </thead>
          <tbody>
            {sides.flatMap(([label, a, b]) =>
              (
                [
                  ["Total tokens", a.total, b.total],
                  ["Prompt", a.prompt, b.prompt],
                  ["Completion", a.completion, b.completion],
                  ["Calls", a.n_calls, b.n_calls],
                ] as Array<[string, number, number]>
              ).map(([m, x, y], i) => (
                <tr key={`${label}-${m}`} className={i === 0 ? "font-medium" : "text-zinc-700 dark:text-zinc-300"}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={4} className="align-top">
                      {label}
                    </th>
                  )}
                  <td>{m}</td>
                  <td className="text-right tabular-nums">{group(x)}</td>
                  <td className="text-right tabular-nums">{group(y)}</td>
                  <DeltaCell a={x} b={y} />
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
