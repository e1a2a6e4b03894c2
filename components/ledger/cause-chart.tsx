"use client";

/** The reviewed failures of a run by root cause, as horizontal bars. */
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { ChartFigure, dataTable } from "@/components/run/chart-figure";
import { CAUSES, CAUSE_LABEL, type Cause } from "@/lib/shared/ledger";

export function CauseChart({ byCause, reviewed }: { byCause: Record<Cause, number>; reviewed: number }) {
  const data = CAUSES.map((c) => ({ cause: c, label: CAUSE_LABEL[c], count: byCause[c] }));
  return (
    <ChartFigure
      id="root-causes"
      caption="Root causes of the reviewed failures"
      data={
        <table className={dataTable} data-testid="cause-table">
          <thead>
            <tr>
              <th>Cause</th>
              <th>Scenarios</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.cause} data-cause={d.cause}>
                <td>{d.label}</td>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      {reviewed === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No failure reviewed yet.</p>
      ) : (
        <BarChart
          layout="vertical"
          data={data}
          responsive
          style={{ width: "100%", height: 36 * data.length + 40 }}
          margin={{ top: 4, right: 12, bottom: 4, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
          <YAxis type="category" dataKey="label" width={104} tick={{ fontSize: 12 }} />
          <Tooltip cursor={false} isAnimationActive={false} />
          <Bar dataKey="count" name="Scenarios" fill="var(--chart-fail)" isAnimationActive={false} />
        </BarChart>
      )}
    </ChartFigure>
  );
}
