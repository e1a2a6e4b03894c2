"use client";

/**
 * Turn latencies of two runs overlaid as cumulative distributions. Each run's histogram has its
 * own bin edges, so each curve is drawn from its own bins (the share of turns at or below each
 * upper edge), on one numeric axis. p50/p95 deltas follow, pooled and per domain.
 */
import { useId, useState, type ReactNode } from "react";
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { group, ms } from "@/components/format";
import { LatencyBinsTable, LatencyScope, POOLED } from "@/components/latency-parts";
import { num, pair, Table } from "@/components/ui/table-kit";
import { fixed } from "./labels";
import { RunId, tableClass } from "./ui";
import type { HistogramBin, LatencySummary, RunSide } from "@/lib/shared/compare";
import { Card } from "@/components/ui/card";

interface Point {
  x: number;
  y: number;
}

/** Cumulative share of turns at each bin's upper edge, starting at 0 on the first lower edge. */
export function cdfOf(bins: readonly HistogramBin[]): Point[] {
  const total = bins.reduce((s, b) => s + b.count, 0);
  if (!total || bins.length === 0) return [];
  const out: Point[] = [{ x: bins[0]!.from, y: 0 }];
  let cum = 0;
  for (const b of bins) {
    cum += b.count;
    out.push({ x: b.to, y: cum / total });
  }
  return out;
}

/** A slow tail (an overflow bin reaching past 4× the regular range): a linear axis would crowd the bulk. */
function wideRange(sides: ReadonlyArray<readonly HistogramBin[]>): boolean {
  return sides.some((bins) => {
    const last = bins[bins.length - 1];
    return !!last?.overflow && last.to > 4 * Math.max(last.from, 1);
  });
}

/** A log axis cannot show 0 ms: a curve starting at 0 starts at its first bin's upper edge instead. */
function onScale(points: Point[], log: boolean): Point[] {
  return log ? points.filter((p) => p.x > 0) : points;
}

function usable(s: LatencySummary | null | undefined): s is LatencySummary {
  return !!s && s.count > 0 && s.p50_ms >= 0;
}

export function LatencyCompare({ base, other }: { base: RunSide; other: RunSide }) {
  const [scope, setScope] = useState(POOLED);
  const selectId = useId();
  const domains = [...new Set([...Object.keys(base.latencyByDomain), ...Object.keys(other.latencyByDomain)])].sort();
  const binsA = scope === POOLED ? base.histogram.pooled : (base.histogram.byDomain[scope] ?? []);
  const binsB = scope === POOLED ? other.histogram.pooled : (other.histogram.byDomain[scope] ?? []);
  const statA = scope === POOLED ? base.latency : base.latencyByDomain[scope];
  const statB = scope === POOLED ? other.latency : other.latencyByDomain[scope];
  const wide = wideRange([binsA, binsB]);
  const [logChoice, setLog] = useState<boolean | null>(null);
  // Log scale by default when a slow tail would squeeze the curves to the left; either way a toggle.
  const log = logChoice ?? wide;
  const a = onScale(cdfOf(binsA), log);
  const b = onScale(cdfOf(binsB), log);
  const scopeText = scope === POOLED ? "all domains" : scope;
  const rows: Array<[string, LatencySummary | null | undefined, LatencySummary | null | undefined]> = [
    ["All domains (pooled)", base.latency, other.latency],
    ...domains.map((d): [string, LatencySummary | undefined, LatencySummary | undefined] => [d, base.latencyByDomain[d], other.latencyByDomain[d]]),
  ];
  const summary = (s: LatencySummary | null | undefined) => (usable(s) ? `p50 ${ms(s.p50_ms)}, p95 ${ms(s.p95_ms)}` : "no measurements");

  return (
    <Card id="latency" title="Latency" description="Turn response latencies (metrics.json latencies). Lower is better: a curve further left is faster.">
      <div className="grid gap-4 2xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <figure aria-labelledby={`${selectId}-caption`} className="min-w-0">
          <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
            <figcaption id={`${selectId}-caption`} className="text-sm font-medium">
              Cumulative share of turns by latency, {scopeText}
            </figcaption>
            <label className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} className="size-4" data-testid="cdf-log" />
              <span>Log scale</span>
            </label>
            {domains.length > 1 && <LatencyScope id={selectId} domains={domains} value={scope} onChange={setScope} />}
          </div>
          {a.length === 0 && b.length === 0 ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No latency measurements in {scopeText}.</p>
          ) : (
            <div
              role="img"
              aria-label={`Cumulative latency distributions for ${scopeText}. Baseline ${base.id}: ${summary(statA)}. Other ${other.id}: ${summary(statB)}.`}
              data-testid="latency-cdf"
            >
              <LineChart responsive style={{ width: "100%", height: 260 }} margin={{ top: 8, right: 16, bottom: 16, left: 0 }} accessibilityLayer={false}>
                <CartesianGrid />
                <XAxis
                  type="number"
                  dataKey="x"
                  scale={log ? "log" : "auto"}
                  domain={["dataMin", "dataMax"]}
                  tick={{ fontSize: 11 }}
                  tickFormatter={(v: number) => group(Math.round(v))}
                  label={{ value: log ? "latency (ms, log scale)" : "latency (ms)", position: "insideBottom", offset: -8, fontSize: 11 }}
                  allowDuplicatedCategory={false}
                />
                <YAxis
                  type="number"
                  dataKey="y"
                  domain={[0, 1]}
                  ticks={[0, 0.25, 0.5, 0.75, 0.95, 1]}
                  tickFormatter={(v: number) => `${Math.round(v * 100)}%`}
                  tick={{ fontSize: 11 }}
                  width={44}
                />
                <ReferenceLine y={0.5} stroke="var(--chart-axis)" strokeDasharray="2 3" label={{ value: "p50", position: "insideTopLeft", fontSize: 10 }} />
                <ReferenceLine y={0.95} stroke="var(--chart-axis)" strokeDasharray="2 3" label={{ value: "p95", position: "insideTopLeft", fontSize: 10 }} />
                <Tooltip
                  isAnimationActive={false}
                  labelFormatter={(v) => `≤ ${group(Math.round(Number(v)))} ms`}
                  formatter={(v, name) => [`${fixed(Number(v) * 100, 1)}% of turns`, String(name)]}
                />
                <Legend verticalAlign="top" height={24} wrapperStyle={{ fontSize: 12 }} />
                {a.length > 0 && (
                  <Line
                    data={a}
                    dataKey="y"
                    name="Baseline"
                    type="linear"
                    stroke="var(--chart-bar)"
                    strokeWidth={2}
                    strokeDasharray="6 3"
                    dot={false}
                    isAnimationActive={false}
                  />
                )}
                {b.length > 0 && (
                  <Line data={b} dataKey="y" name="Other" type="linear" stroke="var(--chart-bar-2)" strokeWidth={2} dot={false} isAnimationActive={false} />
                )}
              </LineChart>
            </div>
          )}
          <details className="mt-1 text-xs">
            <summary className="cursor-pointer text-zinc-600 select-none hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">
              Show the numbers
            </summary>
            <div className="mt-1 grid gap-3 sm:grid-cols-2">
              {(
                [
                  ["Baseline", base.id, binsA],
                  ["Other", other.id, binsB],
                ] as const
              ).map(([label, id, bins]) => (
                <LatencyBinsTable
                  key={label}
                  bins={bins}
                  className={tableClass}
                  caption={
                    <caption className="text-left font-medium">
                      {label} <span className="font-mono">{id}</span>, {scopeText}
                    </caption>
                  }
                />
              ))}
            </div>
          </details>
        </figure>
        <LatencyDeltas
          rows={rows}
          caption={
            <caption className="mb-1 text-left text-sm font-medium">
              p50 and p95 (Δ = other − baseline)
              <span className="sr-only">
                {" "}
                for <RunId id={base.id} /> and <RunId id={other.id} />
              </span>
            </caption>
          }
        />
      </div>
    </Card>
  );
}

type DeltaRow = [string, LatencySummary | null | undefined, LatencySummary | null | undefined];

/** p50 and p95 of both runs, pooled and per domain, with the change (lower is better). */
function LatencyDeltas({ rows, caption }: { rows: DeltaRow[]; caption: ReactNode }) {
  const at = (s: LatencySummary | null | undefined, k: "p50_ms" | "p95_ms" | "count") => (usable(s) ? s[k] : null);
  const change = ([, x, y]: DeltaRow, k: "p50_ms" | "p95_ms") => num.delta(usable(x) && usable(y) ? y[k] - x[k] : null, "ms", { better: "lower" });
  const both =
    (k: "p50_ms" | "p95_ms") =>
    ([, x, y]: DeltaRow) =>
      pair(num.ms(at(x, k)), num.ms(at(y, k)));
  const pooled = (r: DeltaRow) => r[0].startsWith("All");
  return (
    <Table
      look={{ box: "relative min-w-0 overflow-x-auto", table: tableClass }}
      testId="latency-deltas"
      caption={caption}
      rows={rows}
      rowKey={(r) => r[0]}
      row={(r) => ({ className: pooled(r) ? "font-medium" : "" })}
      columns={[
        { head: "Scope", rowHeader: true, cell: (r) => r[0], cellClass: (r) => (pooled(r) ? "" : "font-mono font-normal") },
        { head: "p50 base → other", align: "right", cell: both("p50_ms") },
        { head: "Δ p50", align: "right", cell: (r) => change(r, "p50_ms") },
        { head: "p95 base → other", align: "right", cell: both("p95_ms") },
        { head: "Δ p95", align: "right", cell: (r) => change(r, "p95_ms") },
        {
          head: "n",
          hint: "Measurements (turns) in each run",
          align: "right",
          className: "text-zinc-600 dark:text-zinc-400",
          cell: ([, x, y]) => pair(num.count(at(x, "count") ?? 0), num.count(at(y, "count") ?? 0)),
        },
      ]}
    />
  );
}
