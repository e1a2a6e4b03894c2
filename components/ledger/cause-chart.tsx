"use client";

/** The reviewed failures of a run by root cause, as horizontal bars. */
import { Bar } from "recharts";
import { ChartFigure, dataTable } from "@/components/run/chart-figure";
import { HorizontalBars } from "@/components/run/horizontal-bars";
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
        <HorizontalBars data={data}>
          <Bar dataKey="count" name="Scenarios" fill="var(--chart-fail)" isAnimationActive={false} />
        </HorizontalBars>
      )}
    </ChartFigure>
  );
}
