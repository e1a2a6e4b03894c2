/**
 * What the run page's latency histogram and the compare page's latency curves share: the scope
 * choice (pooled or one domain) and the bins as a table, the numbers behind a chart. The overflow
 * bin holds every turn at or above its lower edge, up to the slowest turn, which is its upper edge.
 */
import type { ReactNode } from "react";
import { ChoiceSelect } from "@/components/ui/choice-select";
import { num, Table, Value, type Look } from "@/components/ui/table-kit";
import type { HistogramBin } from "@/lib/shared/dto";

/** The scope value of all domains pooled. */
export const POOLED = "";

export function LatencyScope({ id, domains, value, onChange }: { id?: string; domains: readonly string[]; value: string; onChange: (scope: string) => void }) {
  return (
    <ChoiceSelect
      id={id}
      label="Scope"
      value={value}
      onChange={onChange}
      choices={[{ value: POOLED, label: "All domains (pooled)" }, ...domains.map((d) => ({ value: d, label: d }))]}
    />
  );
}

export function LatencyBinsTable({ bins, caption, className }: { bins: readonly HistogramBin[]; caption: ReactNode; className: string }) {
  const look: Look = { table: className };
  return (
    <Table
      look={look}
      caption={caption}
      rows={bins}
      rowKey={(b) => (b.overflow ? "overflow" : String(b.from))}
      row={(b) => ({ "data-overflow": b.overflow ? "true" : undefined })}
      columns={[
        { head: "From (ms)", cell: (b) => (b.overflow ? ["≥ ", <Value key="v" c={num.count(b.from)} />] : num.count(b.from)) },
        { head: "To (ms)", cell: (b) => (b.overflow ? [<Value key="v" c={num.count(b.to)} />, " (slowest)"] : num.count(b.to)) },
        { head: "Turns", align: "right", cell: (b) => num.count(b.count) },
      ]}
    />
  );
}
