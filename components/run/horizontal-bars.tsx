"use client";

/** One horizontal bar per row of `data`, labelled by its `label`: the frame the run page's bar charts share. */
import type { ReactNode } from "react";
import { BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";

export function HorizontalBars({ data, extraHeight = 40, children }: { data: ReadonlyArray<{ label: string }>; extraHeight?: number; children: ReactNode }) {
  return (
    <BarChart
      layout="vertical"
      data={data as Array<{ label: string }>}
      responsive
      style={{ width: "100%", height: 36 * data.length + extraHeight }}
      margin={{ top: 4, right: 12, bottom: 4, left: 4 }}
      accessibilityLayer={false}
    >
      <CartesianGrid horizontal={false} />
      <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
      <YAxis type="category" dataKey="label" width={104} tick={{ fontSize: 12 }} />
      <Tooltip cursor={false} isAnimationActive={false} />
      {children}
    </BarChart>
  );
}
