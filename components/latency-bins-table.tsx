/**
 * A latency histogram's bins as a table, the numbers behind a chart (the run page's histogram, the
 * compare page's curves). The overflow bin holds every turn at or above its lower edge, up to the
 * slowest turn, which is its upper edge.
 */
import type { ReactNode } from "react";
import { group } from "@/components/format";
import type { HistogramBin } from "@/lib/shared/dto";

export function LatencyBinsTable({ bins, caption, className }: { bins: readonly HistogramBin[]; caption: ReactNode; className: string }) {
  return (
    <table className={className}>
      {caption}
      <thead>
        <tr>
          <th scope="col">From (ms)</th>
          <th scope="col">To (ms)</th>
          <th scope="col" className="text-right">
            Turns
          </th>
        </tr>
      </thead>
      <tbody>
        {bins.map((b) => (
          <tr key={b.overflow ? "overflow" : b.from} data-overflow={b.overflow ? "true" : undefined}>
            <td className="tabular-nums">{b.overflow ? `≥ ${group(b.from)}` : group(b.from)}</td>
            <td className="tabular-nums">{b.overflow ? `${group(b.to)} (slowest)` : group(b.to)}</td>
            <td className="text-right tabular-nums">{b.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
