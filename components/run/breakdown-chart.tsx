"use client";

/**
 * success_breakdown as stacked bars, one per signal. Each segment is a button: it puts
 * `bucket=<signal>:<state>` into the URL, which filters the scenario table below.
 */
import { Bar, type BarShapeProps } from "recharts";
import type { SignalBreakdownCounts } from "@/lib/shared/dto";
import { useTableUrl } from "@/components/scenarios/query-url";
import { ChartFigure, dataTable } from "./chart-figure";
import { HorizontalBars } from "./horizontal-bars";
import { BUCKET_LABELS, SIGNAL_LABELS } from "./rate-meta";

const STATES = ["passed", "failed", "not_applicable", "excluded"] as const;
type State = (typeof STATES)[number];

const FILL: Record<State, string> = {
  passed: "var(--chart-pass)",
  failed: "var(--chart-fail)",
  not_applicable: "var(--chart-na)",
  excluded: "var(--chart-excluded)",
};

interface Datum extends SignalBreakdownCounts {
  signal: string;
  label: string;
}

export function BreakdownChart({ breakdown }: { breakdown: Record<string, SignalBreakdownCounts> }) {
  const { view, update } = useTableUrl();
  const active = view.get("bucket");
  const data: Datum[] = Object.entries(breakdown)
    .filter(([, c]) => c.passed + c.failed + c.not_applicable + c.excluded > 0)
    .map(([signal, c]) => ({ signal, label: SIGNAL_LABELS[signal] ?? signal, ...c }));

  const select = (signal: string, state: State) => {
    const bucket = `${signal}:${state}`;
    update({ bucket: active === bucket ? null : bucket });
    document.getElementById("scenarios")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  if (data.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No scenario recorded a success_breakdown.</p>;

  const shape = (state: State) =>
    function Segment(props: BarShapeProps) {
      const { x, y, width, height, payload } = props as BarShapeProps & { payload: Datum };
      const count = payload[state];
      if (!count || !(width > 0)) return <g />;
      const bucket = `${payload.signal}:${state}`;
      const isActive = active === bucket;
      return (
        <rect
          x={x}
          y={y}
          width={width}
          height={height}
          fill={FILL[state]}
          stroke={isActive ? "var(--chart-ref)" : "none"}
          strokeWidth={isActive ? 2 : 0}
          role="button"
          tabIndex={0}
          aria-pressed={isActive}
          aria-label={`${payload.label} ${BUCKET_LABELS[state]}: ${count} scenario${count === 1 ? "" : "s"}. Filter the table`}
          data-bucket={bucket}
          className="cursor-pointer outline-none hover:opacity-80 focus-visible:opacity-80"
          onClick={() => select(payload.signal, state)}
          onKeyDown={(e) => {
            if (e.key === "Enter" || e.key === " ") {
              e.preventDefault();
              select(payload.signal, state);
            }
          }}
        />
      );
    };

  return (
    <ChartFigure
      id="breakdown"
      caption="Signals per scenario (success_breakdown)"
      note="Click a segment to list its scenarios below."
      data={
        <table className={dataTable}>
          <caption className="sr-only">Scenarios per signal and state; each count filters the table</caption>
          <thead>
            <tr>
              <th scope="col">Signal</th>
              {STATES.map((s) => (
                <th key={s} scope="col" className="text-right">
                  {BUCKET_LABELS[s]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.signal}>
                <th scope="row" className="font-mono font-normal">
                  {d.signal}
                </th>
                {STATES.map((s) => (
                  <td key={s} className="text-right tabular-nums">
                    {d[s] > 0 ? (
                      <button type="button" className="text-sky-700 underline dark:text-sky-400" onClick={() => select(d.signal, s)}>
                        {d[s]}
                      </button>
                    ) : (
                      0
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <HorizontalBars data={data} extraHeight={56}>
        {STATES.map((s) => (
          <Bar key={s} dataKey={s} name={BUCKET_LABELS[s]} stackId="a" fill={FILL[s]} isAnimationActive={false} shape={shape(s)} />
        ))}
      </HorizontalBars>
      <Legend />
    </ChartFigure>
  );
}

function Legend() {
  return (
    <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400" aria-hidden="true">
      {STATES.map((s) => (
        <li key={s} className="inline-flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-sm" style={{ background: FILL[s] }} />
          {BUCKET_LABELS[s]}
        </li>
      ))}
    </ul>
  );
}
