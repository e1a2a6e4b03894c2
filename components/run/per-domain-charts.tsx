"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { count } from "@/components/format";
import { Table } from "@/components/ui/table-kit";
import { rateValueText } from "@/lib/core/figures";
import type { RateName } from "@/lib/shared/dto";
import { ChartFigure, dataTable } from "./chart-figure";

export interface DomainSeries {
  rate: RateName;
  label: string;
  mean: boolean;
  points: Array<{ domain: string; value: number | null; numerator: number; denominator: number }>;
}

const SIDE_BY_SIDE = 4;
const LABEL_CHARS = 14;

/** A domain label slanted 35°, cut to 14 characters; the full name is its SVG title (hover) and in the data table. */
function SlantedTick({ x, y, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  const name = payload?.value ?? "";
  const short = name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS - 1)}…` : name;
  return (
    <g transform={`translate(${x ?? 0},${y ?? 0})`}>
      <text
        dy={8}
        textAnchor="end"
        transform="rotate(-35)"
        fontSize={10}
        fill="currentColor"
        className="fill-zinc-600 dark:fill-zinc-400"
        data-domain-tick={name}
      >
        <title>{name}</title>
        {short}
      </text>
    </g>
  );
}

export function PerDomainCharts({ series }: { series: DomainSeries[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
      {series.map((s) => (
        <DomainChart key={s.rate} s={s} />
      ))}
    </div>
  );
}

function DomainChart({ s }: { s: DomainSeries }) {
  const data = s.points.map((p) => ({ ...p, shown: p.value === null ? 0 : s.mean ? p.value : p.value * 100 }));
  // More than four domains do not fit side by side under a third-width chart: slant and shorten the labels.
  const crowded = s.points.length > SIDE_BY_SIDE;
  const text = (p: DomainSeries["points"][number]) =>
    `${rateValueText(s.rate, p)} (${s.mean ? `n=${count(p.denominator)}` : `${count(p.numerator)}/${count(p.denominator)}`})`;
  return (
    <ChartFigure
      id={`domain-${s.rate}`}
      caption={`${s.label} by domain`}
      data={
        <Table
          look={{ table: dataTable }}
          caption={`${s.label} by domain`}
          rows={s.points}
          rowKey={(p) => p.domain}
          columns={[
            { head: "Domain", cellClass: "font-mono", cell: (p) => p.domain },
            { head: s.mean ? "Mean" : "Rate", align: "right", cellClass: "tabular-nums", cell: text },
          ]}
        />
      }
    >
      <div role="img" aria-label={`${s.label} by domain: ${s.points.map((p) => `${p.domain} ${text(p)}`).join("; ")}`}>
        <BarChart
          data={data}
          responsive
          style={{ width: "100%", height: crowded ? 184 : 150 }}
          margin={{ top: 6, right: 8, bottom: 4, left: crowded ? 24 : 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} />
          <XAxis dataKey="domain" tick={crowded ? <SlantedTick /> : { fontSize: 10 }} interval={0} height={crowded ? 64 : 30} />
          <YAxis domain={s.mean ? [0, 1] : [0, 100]} tick={{ fontSize: 10 }} width={36} tickFormatter={(v: number) => (s.mean ? String(v) : `${v}%`)} />
          <Tooltip
            isAnimationActive={false}
            cursor={{ fill: "var(--chart-grid)", opacity: 0.4 }}
            formatter={(_v, _n, item) => [text((item as { payload: DomainSeries["points"][number] }).payload), s.mean ? "mean" : "rate"]}
          />
          <Bar dataKey="shown" fill={s.mean ? "var(--chart-bar-2)" : "var(--chart-bar)"} isAnimationActive={false} maxBarSize={48} />
        </BarChart>
      </div>
    </ChartFigure>
  );
}
