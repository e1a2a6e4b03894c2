/** Time to first byte by side and stage, and per-turn response latency, as tables of the same statistics. */
import { num, Table, type Column } from "@/components/ui/table-kit";
import type { Stats, TimingFigures } from "@/lib/shared/timing";

/** The statistics' columns, in seconds; a group with no events says so across them. */
function statColumns<R>(of: (row: R) => Stats | null): Array<Column<R>> {
  const stat = (head: string, k: "mean" | "p50" | "p90" | "p95" | "max"): Column<R> => ({
    head,
    span: (r) => (of(r) ? {} : 0),
    cell: (r) => num.decimal(of(r)?.[k], 3),
  });
  return [
    {
      head: "n",
      span: (r) => (of(r) ? {} : { cols: 6 }),
      cellClass: (r) => (of(r) ? "" : "text-zinc-500"),
      cell: (r) => {
        const s = of(r);
        return s ? num.count(s.n) : "no events";
      },
    },
    stat("mean s", "mean"),
    stat("p50 s", "p50"),
    stat("p90 s", "p90"),
    stat("p95 s", "p95"),
    stat("max s", "max"),
  ];
}

type Group = TimingFigures["ttfb"][number];

export function TtfbTable({ ttfb }: { ttfb: TimingFigures["ttfb"] }) {
  if (!ttfb.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No TTFB lines in the bridge log.</p>;
  return (
    <Table
      testId="ttfb-table"
      rows={ttfb}
      rowKey={(g) => `${g.side}/${g.processor}`}
      row={(g) => ({ "data-side": g.side, "data-processor": g.processor })}
      columns={[{ head: "Side", cell: (g) => g.side }, { head: "Stage", cellClass: "font-mono", cell: (g) => g.processor }, ...statColumns<Group>((g) => g)]}
    />
  );
}

type Side = "agent" | "user";

export function TurnLatencyTable({ turns }: { turns: TimingFigures["turns"] }) {
  return (
    <Table
      testId="turn-latency-table"
      rows={["agent", "user"] as Side[]}
      rowKey={(side) => side}
      row={(side) => ({ "data-side": side })}
      columns={[{ head: "Response latency", cell: (side) => side }, ...statColumns<Side>((side) => turns[side])]}
    />
  );
}
