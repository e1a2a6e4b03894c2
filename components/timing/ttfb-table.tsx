/** Time to first byte by side and stage, and per-turn response latency, as tables of the same statistics. */
import type { Stats, TimingFigures } from "@/lib/shared/timing";
import { num } from "./fmt";

const th = "px-2 py-1 text-left font-medium";
const td = "px-2 py-1 tabular-nums";

function StatCells({ s }: { s: Stats | null }) {
  if (!s)
    return (
      <td className={`${td} text-zinc-500`} colSpan={6}>
        no events
      </td>
    );
  return (
    <>
      <td className={td}>{s.n}</td>
      <td className={td}>{num(s.mean, 3)}</td>
      <td className={td}>{num(s.p50, 3)}</td>
      <td className={td}>{num(s.p90, 3)}</td>
      <td className={td}>{num(s.p95, 3)}</td>
      <td className={td}>{num(s.max, 3)}</td>
    </>
  );
}

const HEAD = ["n", "mean s", "p50 s", "p90 s", "p95 s", "max s"];

export function TtfbTable({ ttfb }: { ttfb: TimingFigures["ttfb"] }) {
  if (!ttfb.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No TTFB lines in the bridge log.</p>;
  return (
    <table className="w-full text-xs max-sm:relative max-sm:block max-sm:overflow-x-auto" data-testid="ttfb-table">
      <thead className="border-b border-zinc-200 dark:border-zinc-700">
        <tr>
          <th className={th}>Side</th>
          <th className={th}>Stage</th>
          {HEAD.map((h) => (
            <th key={h} className={th}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ttfb.map((g) => (
          <tr key={`${g.side}/${g.processor}`} data-side={g.side} data-processor={g.processor} className="border-b border-zinc-100 dark:border-zinc-800">
            <td className={td}>{g.side}</td>
            <td className={`${td} font-mono`}>{g.processor}</td>
            <StatCells s={g} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TurnLatencyTable({ turns }: { turns: TimingFigures["turns"] }) {
  return (
    <table className="w-full text-xs max-sm:relative max-sm:block max-sm:overflow-x-auto" data-testid="turn-latency-table">
      <thead className="border-b border-zinc-200 dark:border-zinc-700">
        <tr>
          <th className={th}>Response latency</th>
          {HEAD.map((h) => (
            <th key={h} className={th}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {(["agent", "user"] as const).map((side) => (
          <tr key={side} data-side={side} className="border-b border-zinc-100 dark:border-zinc-800">
            <td className={td}>{side}</td>
            <StatCells s={turns[side]} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
