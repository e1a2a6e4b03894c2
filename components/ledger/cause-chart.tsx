"use client";

/** The reviewed failures of a run by root cause, as horizontal bars. */
import { Bar } from "recharts";
import { ChartFigure, dataTable } from "@/components/run/chart-figure";
import { HorizontalBars } from "@/components/run/horizontal-bars";
import { num, Table } from "@/components/ui/table-kit";
import { CAUSES, CAUSE_LABEL, type Cause } from "@/lib/shared/ledger";

export function CauseChart({ byCause, reviewed }: { byCause: Record<Cause, number>; reviewed: number }) {
  const data = CAUSES.map((c) => ({ cause: c, label: CAUSE_LABEL[c], count: byCause[c] }));
  return (
    <ChartFigure
      id="root-causes"
      caption="Root causes of the reviewed failures"
      data={
        <Table
          look={{ table: dataTable }}
          testId="cause-table"
          rows={data}
          rowKey={(d) => d.cause}
          row={(d) => ({ "data-cause": d.cause })}
          columns={[
            { head: "Cause", cell: (d) => d.label },
            { head: "Scenarios", cell: (d) => num.count(d.count) },
          ]}
        />
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
