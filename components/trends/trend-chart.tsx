/**
 * One series over a suite's runs as a small SVG (server-rendered): line, 95% band, pinned baseline,
 * marked drops and anomaly nights, dates on the time axis; the points are read by hovering or
 * focusing (`ChartHover`, in the browser).
 */
import { dayLabel } from "@/components/changes/dates";
import { ChartHover, type HoverPoint } from "./chart-hover";
import { FORMATS, type FormatKind } from "./formats";

export type ChartPoint = HoverPoint;

/** How many dates the time axis names at most (evenly spaced, the first and the newest always). */
const MAX_DATE_TICKS = 5;

/** Indexes of the runs whose dates the axis names. */
export function dateTicks(n: number, max = MAX_DATE_TICKS): number[] {
  if (n <= 0) return [];
  if (n <= max) return [...Array(n).keys()];
  const out = new Set<number>();
  for (let t = 0; t < max; t++) out.add(Math.round((t * (n - 1)) / (max - 1)));
  return [...out];
}

// Integer coordinates on a 640-wide box: a decimal per number would add a fifth to every path.
const W = 640;
const H = 236;
const PAD = { l: 84, r: 24, t: 16, b: 44 };

function r1(x: number): string {
  return String(Math.round(x));
}

export function TrendChart({
  title,
  points,
  baselineAt,
  marks,
  setup,
  kind,
  fixedRange,
  dates,
  anomalies,
  second,
}: {
  title: string;
  points: ChartPoint[];
  /** Index of the pinned baseline run, or -1. */
  baselineAt: number;
  /** Per point: "drop" / "rise" when the paired test against the previous run is significant. */
  marks?: Array<"drop" | "rise" | null>;
  /** Per point: what changed in the setup since the previous run, drawn as a tick on the time axis. */
  setup?: Array<string | null>;
  kind: FormatKind;
  /** [0, 1] for rates; otherwise the data's range. */
  fixedRange?: [number, number];
  /** Each run's start (ISO, the run's local time): the time axis's labels. */
  dates: ReadonlyArray<string | null>;
  /** Per point: outside the band of the suite's trailing runs (drawn as a ring). */
  anomalies?: ReadonlyArray<"drop" | "rise" | null>;
  /** A second series drawn dashed beside the first (the success rate without retries), with its label. */
  second?: { label: string; values: Array<number | null> };
}) {
  const format = FORMATS[kind];
  const vals = points.flatMap((p) => [p.v, p.lo ?? null, p.hi ?? null]).filter((v): v is number => v !== null && Number.isFinite(v));
  let [min, max] = fixedRange ?? [Math.min(...vals, 0), Math.max(...vals, 1e-9)];
  if (!fixedRange && vals.length) min = Math.min(...vals);
  if (max === min) max = min + 1;
  const n = points.length;
  const x = (i: number) => PAD.l + (n <= 1 ? (W - PAD.l - PAD.r) / 2 : (i * (W - PAD.l - PAD.r)) / (n - 1));
  const y = (v: number) => PAD.t + (1 - (v - min) / (max - min)) * (H - PAD.t - PAD.b);
  const line: string[] = [];
  let pen = false;
  points.forEach((p, i) => {
    if (p.v === null) return void (pen = false);
    line.push(`${pen ? "L" : "M"}${r1(x(i))} ${r1(y(p.v))}`);
    pen = true;
  });
  const withBand = points
    .map((p, i) => ({ i, lo: p.lo, hi: p.hi }))
    .filter((p): p is { i: number; lo: number; hi: number } => typeof p.lo === "number" && typeof p.hi === "number");
  const band = withBand.length
    ? `M${withBand.map((p) => `${r1(x(p.i))} ${r1(y(p.hi))}`).join("L")}L${withBand
        .reverse()
        .map((p) => `${r1(x(p.i))} ${r1(y(p.lo))}`)
        .join("L")}Z`
    : null;
  const secondLine = second ? linePath(second.values, x, y) : "";
  const base = baselineAt >= 0 ? (points[baselineAt]?.v ?? null) : null;
  const years = new Set(dates.map((d) => d?.slice(0, 4)).filter(Boolean));
  const year = years.size === 1 ? Number([...years][0]) : undefined;
  const last = [...points].reverse().find((p) => p.v !== null)?.v ?? null;
  return (
    <figure className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800" data-chart={title}>
      <figcaption className="mb-1 flex items-baseline justify-between gap-2 text-xs">
        <span className="font-medium">{title}</span>
        <span className="tabular-nums text-zinc-600 dark:text-zinc-400">
          newest {last === null ? "–" : format(last)}
          {second && <SecondNewest label={second.label} values={second.values} format={format} />}
        </span>
      </figcaption>
      <div className="relative">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          className="h-auto w-full"
          role="img"
          aria-label={`${title} over ${n} runs${dates[0] ? `, ${dayLabel(dates[0])} to ${dayLabel(dates[n - 1] ?? null)}` : ""}`}
        >
          <text x={PAD.l - 6} y={PAD.t + 8} textAnchor="end" className="fill-zinc-500 text-[16px]">
            {format(max)}
          </text>
          <text x={PAD.l - 6} y={H - PAD.b} textAnchor="end" className="fill-zinc-500 text-[16px]">
            {format(min)}
          </text>
          <line x1={PAD.l} x2={W - PAD.r} y1={H - PAD.b} y2={H - PAD.b} className="stroke-zinc-300 dark:stroke-zinc-700" strokeWidth={1} />
          {band && <path d={band} className="fill-sky-500/15" />}
          {base !== null && <line x1={PAD.l} x2={W - PAD.r} y1={y(base)} y2={y(base)} className="stroke-amber-500" strokeDasharray="6 4" strokeWidth={1.6} />}
          {line.length > 0 && <path d={line.join("")} fill="none" className="stroke-sky-600 dark:stroke-sky-400" strokeWidth={2.4} />}
          {secondLine && (
            <path d={secondLine} fill="none" className="stroke-violet-600 dark:stroke-violet-400" strokeWidth={2} strokeDasharray="5 4" data-series="second">
              <title>{second?.label}</title>
            </path>
          )}
          {/* Only marked points get a dot: 100 runs × 20 charts of dots would weigh more than the rest of the page. */}
          {points.map((p, i) =>
            p.v === null || !marks?.[i] ? null : (
              <circle key={i} cx={r1(x(i))} cy={r1(y(p.v))} r={5} className={marks[i] === "drop" ? "fill-red-600" : "fill-emerald-600"} />
            ),
          )}
          {setup?.map((s, i) =>
            s === null ? null : (
              <g key={`setup-${i}`} data-setup-change={i}>
                <title>{s}</title>
                <path d={`M${r1(x(i))} ${H - PAD.b + 2}l-6 10h12z`} className="fill-amber-500" />
              </g>
            ),
          )}
          {n === 1 && points[0]?.v != null && <circle cx={r1(x(0))} cy={r1(y(points[0].v))} r={3} className="fill-sky-600" />}
          {anomalies?.map((a, i) => {
            const v = points[i]?.v;
            return a && v !== null && v !== undefined ? (
              <circle
                key={`anomaly-${i}`}
                cx={r1(x(i))}
                cy={r1(y(v))}
                r={10}
                fill="none"
                strokeWidth={2.5}
                className={a === "drop" ? "stroke-red-600" : "stroke-emerald-600"}
                data-anomaly={a}
              >
                <title>{`Anomaly (${a}): outside the band of the suite's trailing runs`}</title>
              </circle>
            ) : null;
          })}
          {dateTicks(n).map((i) => (
            <text
              key={`date-${i}`}
              x={r1(x(i))}
              y={H - 8}
              textAnchor={n > 1 && i === 0 ? "start" : n > 1 && i === n - 1 ? "end" : "middle"}
              className="fill-zinc-500 text-[16px]"
              data-axis="x"
            >
              {dayLabel(dates[i] ?? null, year)}
            </text>
          ))}
        </svg>
        <ChartHover title={title} points={points} kind={kind} geometry={{ width: W, padLeft: PAD.l, padRight: PAD.r }} />
      </div>
    </figure>
  );
}

/** The dashed series' path, broken where a value is missing. */
function linePath(values: ReadonlyArray<number | null>, x: (i: number) => number, y: (v: number) => number): string {
  const out: string[] = [];
  let pen = false;
  values.forEach((v, i) => {
    if (v === null) return void (pen = false);
    out.push(`${pen ? "L" : "M"}${r1(x(i))} ${r1(y(v))}`);
    pen = true;
  });
  return out.join("");
}

function SecondNewest({ label, values, format }: { label: string; values: ReadonlyArray<number | null>; format: (v: number) => string }) {
  const last = [...values].reverse().find((v) => v !== null) ?? null;
  return (
    <span className="ml-2 text-violet-700 dark:text-violet-300" data-second-newest>
      ┄ {label} {last === null ? "–" : format(last)}
    </span>
  );
}
