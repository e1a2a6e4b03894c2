"use client";

/** Pooled latency histogram with p50/p95 marked, switchable to one domain, and its statistics. */
import { useId, useState } from "react";
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { group, ms } from "@/components/format";
import { LatencyBinsTable, LatencyScope, POOLED } from "@/components/latency-parts";
import type { HistogramBin, LatencySummary } from "@/lib/shared/dto";
import { ChartFigure, dataTable } from "./chart-figure";

export interface LatencyPanelProps {
  pooled: { bins: HistogramBin[]; stats: LatencySummary | null };
  byDomain: Record<string, { bins: HistogramBin[]; stats: LatencySummary | null }>;
}

/** The overflow bin (beyond the run's display bound, lib/core/latency-bound.ts) reads "≥ edge ms"; regular bins their lower edge. */
function binLabel(b: HistogramBin): string {
  return b.overflow ? `≥ ${group(b.from)} ms` : group(b.from);
}

/** The label of the bin holding `v`, so a reference line can sit on a category axis. */
function binLabelOf(bins: HistogramBin[], labels: Array<{ label: string }>, v: number): string | null {
  if (bins.length === 0 || !(v >= 0)) return null;
  const i = bins.findIndex((b, k) => v >= b.from && (v < b.to || k === bins.length - 1));
  return labels[i < 0 ? bins.length - 1 : i]?.label ?? null;
}

/** Says in words what the overflow bar holds (shown under the chart and read with it). */
function overflowText(bin: HistogramBin | undefined): string | null {
  if (!bin?.overflow || bin.count === 0) return null;
  const turns = `${group(bin.count)} ${bin.count === 1 ? "turn" : "turns"}`;
  return `The last bar holds the ${turns} at or above ${group(bin.from)} ms (slower than the rest of the run: beyond its p99, or beyond Q3 + 3 IQR when that is lower), up to ${group(bin.to)} ms.`;
}

export function LatencyPanel({ pooled, byDomain }: LatencyPanelProps) {
  const [scope, setScope] = useState(POOLED);
  const selectId = useId();
  const domains = Object.keys(byDomain);
  const current = scope === POOLED ? pooled : (byDomain[scope] ?? pooled);
  const { bins, stats } = current;
  const data = bins.map((b) => ({ label: binLabel(b), count: b.count, from: b.from, to: b.to, overflow: b.overflow === true }));
  const overflow = overflowText(bins[bins.length - 1]);
  // The "≥ edge ms" label under the last bar is wider than the others.
  const rightMargin = bins[bins.length - 1]?.overflow ? 28 : 12;
  const p50 = stats && stats.count > 0 ? binLabelOf(bins, data, stats.p50_ms) : null;
  const p95 = stats && stats.count > 0 ? binLabelOf(bins, data, stats.p95_ms) : null;
  const scopeText = scope === POOLED ? "all domains" : scope;

  return (
    <div className="space-y-3">
      {domains.length > 1 && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <LatencyScope id={selectId} domains={domains} value={scope} onChange={setScope} />
        </div>
      )}
      {!stats || stats.count === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No latency measurements.</p>
      ) : (
        <>
          <ChartFigure
            id="latency"
            caption={`Turn latency histogram, ${scopeText} (${group(stats.count)} measurements)`}
            note={overflow}
            data={
              <LatencyBinsTable bins={bins} className={dataTable} caption={<caption className="sr-only">Latency histogram bins for {scopeText}</caption>} />
            }
          >
            <div
              role="img"
              aria-label={`Histogram of turn latencies for ${scopeText}: p50 ${ms(stats.p50_ms, 1)}, p95 ${ms(stats.p95_ms, 1)}.${overflow ? ` ${overflow}` : ""}`}
            >
              <BarChart
                data={data}
                responsive
                style={{ width: "100%", height: 220 }}
                margin={{ top: 18, right: rightMargin, bottom: 4, left: 0 }}
                barCategoryGap={1}
                accessibilityLayer={false}
              >
                <CartesianGrid vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 10 }} interval="preserveStartEnd" minTickGap={16} unit="" />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
                <Tooltip
                  isAnimationActive={false}
                  cursor={{ fill: "var(--chart-grid)", opacity: 0.4 }}
                  labelFormatter={(_, payload) => {
                    const p = payload?.[0]?.payload as { from: number; to: number; overflow: boolean } | undefined;
                    if (!p) return "";
                    return p.overflow ? `≥ ${group(p.from)} ms (slowest ${group(p.to)} ms)` : `${group(p.from)}–${group(p.to)} ms`;
                  }}
                  formatter={(v) => [String(v), "turns"]}
                />
                <Bar dataKey="count" fill="var(--chart-bar)" isAnimationActive={false}>
                  {data.map((d) => (
                    // The overflow bar is wider in time than the others: a different colour says so.
                    <Cell key={d.label} fill={d.overflow ? "var(--chart-excluded)" : "var(--chart-bar)"} />
                  ))}
                </Bar>
                {p50 !== null && (
                  <ReferenceLine x={p50} stroke="var(--chart-ref)" strokeDasharray="4 3" label={{ value: "p50", position: "top", fontSize: 11 }} />
                )}
                {p95 !== null && (
                  <ReferenceLine x={p95} stroke="var(--chart-fail)" strokeDasharray="4 3" label={{ value: "p95", position: "top", fontSize: 11 }} />
                )}
              </BarChart>
            </div>
          </ChartFigure>
          <LatencyStats stats={stats} />
        </>
      )}
    </div>
  );
}

function LatencyStats({ stats }: { stats: LatencySummary }) {
  const items: Array<[string, string]> = [
    ["Measurements", group(stats.count)],
    ["Mean", ms(stats.mean_ms, 1)],
    ["P50", ms(stats.p50_ms, 1)],
    ["P95", ms(stats.p95_ms, 1)],
    ["Min", ms(stats.min_ms, 1)],
    ["Max", ms(stats.max_ms, 1)],
  ];
  return (
    <dl className="grid grid-cols-[repeat(auto-fit,minmax(6.5rem,1fr))] gap-x-4 gap-y-1 text-sm" aria-label="Latency statistics">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{k}</dt>
          <dd className="font-medium tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
