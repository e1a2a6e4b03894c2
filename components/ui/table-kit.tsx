/**
 * The table kit (issue 55): a table declared as columns over rows, whose number cells are typed
 * (a rate by its name, a figure of the registry by its name, ms, seconds, a duration, a count, a
 * delta…). The kit is the one component code that turns a number into text, always through
 * lib/core/format.ts and lib/core/figures.ts: an unknown value reads as they say ("N/A", "–",
 * "unknown"), never 0. A cell that is not a number is any React content except a bare number.
 * Server and client safe (no hooks).
 */
import Link from "next/link";
import type { ReactNode } from "react";
import type { Rate, RateName } from "@/lib/core/aggregates";
import { FIGURES, rateValueText, type FigureName } from "@/lib/core/figures";
import { count, decimal, deltaText, duration, ms, percent, relativeChange, seconds, signed } from "@/lib/core/format";

type Num = number | null | undefined;
/** What a cell shows when it is not a number: text or markup, never a bare number (the kit writes those). */
export type Content = Exclude<ReactNode, number | bigint>;

/** How a delta is written: `pp` a rate's change, `mean` a mean score's, the others a change in that unit. */
export type DeltaUnit = "pp" | "mean" | "ms" | "count" | "decimal" | "percent";

/** A number with the way it is written. */
export type NumberCell =
  | { kind: "rate"; name: RateName; rate: Rate | undefined }
  | { kind: "figure"; name: FigureName; value: Num }
  | { kind: "ms" | "seconds" | "decimal" | "percent"; value: Num; digits?: number }
  | { kind: "duration" | "count"; value: Num }
  /** What a rate counts: `9/24`. */
  | { kind: "fraction"; value: number; of: number }
  /** `better`: which way is good (coloured green, the other red); `neither`: up and down coloured apart, not as good or bad. */
  | { kind: "delta"; unit: DeltaUnit; value: Num; digits?: number; better?: "lower" | "higher" | "neither"; relativeTo?: number };

/** A typed cell: a number, a pair of cells, or a link. */
export type Cell =
  | NumberCell
  /** `a → b`, read "a to b". */
  | { kind: "pair"; from: Cell | Content; to: Cell | Content }
  | { kind: "link"; href: string; text: Content; className?: string };

/** Typed cells, by kind. */
export const num = {
  rate: (name: RateName, rate: Rate | undefined): NumberCell => ({ kind: "rate", name, rate }),
  figure: (name: FigureName, value: Num): NumberCell => ({ kind: "figure", name, value }),
  ms: (value: Num, digits?: number): NumberCell => ({ kind: "ms", value, digits }),
  seconds: (value: Num, digits?: number): NumberCell => ({ kind: "seconds", value, digits }),
  decimal: (value: Num, digits?: number): NumberCell => ({ kind: "decimal", value, digits }),
  percent: (value: Num, digits?: number): NumberCell => ({ kind: "percent", value, digits }),
  duration: (value: Num): NumberCell => ({ kind: "duration", value }),
  count: (value: Num): NumberCell => ({ kind: "count", value }),
  fraction: (value: number, of: number): NumberCell => ({ kind: "fraction", value, of }),
  delta: (value: Num, unit: DeltaUnit, opts: { digits?: number; better?: "lower" | "higher" | "neither"; relativeTo?: number } = {}): NumberCell => ({
    kind: "delta",
    unit,
    value,
    ...opts,
  }),
};
export const pair = (from: Cell | Content, to: Cell | Content): Cell => ({ kind: "pair", from, to });
export const link = (href: string, text: Content, className?: string): Cell => ({ kind: "link", href, text, className });

function isCell(v: unknown): v is Cell {
  return typeof v === "object" && v !== null && !("$$typeof" in v) && typeof (v as { kind?: unknown }).kind === "string";
}

/** The writers that take digits, by kind. */
const WITH_DIGITS = { ms, seconds, decimal, percent };

/** A number cell's text: the one place a component turns a number into text. */
export function cellText(c: NumberCell): string {
  switch (c.kind) {
    case "rate":
      return rateValueText(c.name, c.rate);
    case "figure":
      return FIGURES[c.name].format(c.value);
    case "duration":
      return duration(c.value);
    case "count":
      return count(c.value);
    case "fraction":
      return `${count(c.value)}/${count(c.of)}`;
    case "delta":
      if (c.unit === "pp" || c.unit === "mean") return deltaText(c.value, c.unit === "mean", c.digits);
      return signed(c.value, (abs) => (c.unit === "count" ? count(abs) : WITH_DIGITS[c.unit as keyof typeof WITH_DIGITS](abs, c.digits)));
    default:
      return WITH_DIGITS[c.kind](c.value, c.digits);
  }
}

const TONE = {
  good: "text-emerald-700 dark:text-emerald-400",
  bad: "text-red-700 dark:text-red-400",
  up: "text-amber-800 dark:text-amber-300",
  down: "text-sky-800 dark:text-sky-300",
  none: "text-zinc-600 dark:text-zinc-400",
};

function deltaTone(c: Extract<NumberCell, { kind: "delta" }>): string {
  const d = c.value;
  if (!c.better) return "";
  if (d === null || d === undefined || !Number.isFinite(d) || d === 0) return TONE.none;
  if (c.better === "neither") return d > 0 ? TONE.up : TONE.down;
  return d < 0 === (c.better === "lower") ? TONE.good : TONE.bad;
}

const ARROW = (
  <>
    <span aria-hidden="true" className="mx-0.5 text-zinc-400">
      →
    </span>
    <span className="sr-only"> to </span>
  </>
);

/** A typed cell, or content, as markup. */
export function Value({ c }: { c: Cell | Content }) {
  if (!isCell(c)) return <>{c}</>;
  switch (c.kind) {
    case "pair":
      return (
        <span className="whitespace-nowrap">
          <Value c={c.from} />
          {ARROW}
          <Value c={c.to} />
        </span>
      );
    case "link":
      return (
        <Link href={c.href} prefetch={false} className={c.className ?? "text-sky-700 hover:underline dark:text-sky-400"}>
          {c.text}
        </Link>
      );
    case "delta":
      return (
        <span className={`whitespace-nowrap tabular-nums ${deltaTone(c)}`}>
          {cellText(c)}
          {c.relativeTo !== undefined && c.value !== null && c.value !== undefined && (
            <span className="text-xs"> {relativeChange(c.relativeTo, c.relativeTo + c.value)}</span>
          )}
        </span>
      );
    default:
      return <span className="tabular-nums">{cellText(c)}</span>;
  }
}

/** The first column stays in view while the table scrolls sideways in its box (on a Card's background). */
export const PINNED_FIRST =
  "[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1] [&_tr>:first-child]:bg-white dark:[&_tr>:first-child]:bg-zinc-900";

type DataAttrs = Record<`data-${string}`, string | undefined>;

export interface Column<R> {
  head: ReactNode;
  /** A hover hint on the header. */
  hint?: string;
  align?: "right" | "center";
  cell: (row: R, index: number) => Cell | Content;
  /** The row's header (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Classes on the header and each cell of the column; `headClass` and `cellClass` on one of them. */
  className?: string;
  headClass?: string;
  cellClass?: string | ((row: R) => string);
  /** `data-*` attributes of each cell (test ids, a rate's name). */
  data?: (row: R) => DataAttrs;
  /** Rows and columns the cell spans; 0 where a cell above or before spans this one. */
  span?: (row: R, index: number) => 0 | { rows?: number; cols?: number };
}

/** A table's classes: its box, the table, and the base of each part. */
export interface Look {
  box?: string;
  table?: string;
  thead?: string;
  headRow?: string;
  th?: string;
  tbody?: string;
  tr?: string;
  td?: string;
}

/** `DataTable`'s look (components/ui/data-table.tsx), for a table of typed cells. */
export const PLAIN: Look = {
  box: "relative overflow-x-auto",
  table: `${PINNED_FIRST} w-full border-collapse text-sm`,
  headRow: "border-b border-zinc-200 dark:border-zinc-800",
  th: "px-2 py-1 text-xs font-semibold text-zinc-600 dark:text-zinc-400",
  tbody: "divide-y divide-zinc-100 align-top dark:divide-zinc-800",
  td: "px-2 py-1",
};

/** Small tables of figures inside a card (timing, trends): text-xs, scrolling sideways on a phone. */
export const COMPACT: Look = {
  table: "w-full text-xs max-sm:relative max-sm:block max-sm:overflow-x-auto",
  thead: "border-b border-zinc-200 dark:border-zinc-700",
  th: "px-2 py-1 font-medium",
  tr: "border-b border-zinc-100 dark:border-zinc-800",
  td: "px-2 py-1",
};

const ALIGN = { left: "text-left", right: "text-right", center: "text-center" };
const join = (...c: Array<string | undefined | false>) => c.filter(Boolean).join(" ");

/** `columns` may hold `false` for a column left out; `empty` is one row across the table when there are no rows. */
export function Table<R>({
  columns,
  rows,
  rowKey,
  row,
  look = COMPACT,
  caption,
  testId,
  label,
  empty,
}: {
  columns: ReadonlyArray<Column<R> | false>;
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** The row's own classes and `data-*` attributes. */
  row?: (row: R, index: number) => { className?: string } & DataAttrs;
  look?: Look;
  /** A string is a caption for screen readers; markup is shown as given. */
  caption?: ReactNode;
  testId?: string;
  label?: string;
  empty?: ReactNode;
}) {
  const cols = columns.filter((c): c is Column<R> => c !== false);
  const table = (
    <table className={look.table} data-testid={testId} aria-label={label}>
      {typeof caption === "string" ? <caption className="sr-only">{caption}</caption> : caption}
      <thead className={look.thead}>
        <tr className={look.headRow}>
          {cols.map((c, i) => (
            <th key={i} scope="col" title={c.hint} className={join(look.th, ALIGN[c.align ?? "left"], c.className, c.headClass)}>
              {c.head}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={look.tbody}>
        {rows.map((r, i) => {
          const { className, ...data } = row?.(r, i) ?? {};
          return (
            <tr key={rowKey(r)} className={join(look.tr, className) || undefined} {...data}>
              {cols.map((c, k) => {
                const span = c.span?.(r, i) ?? {};
                if (span === 0) return null;
                const Tag = c.rowHeader ? "th" : "td";
                const cls = join(look.td, c.align && ALIGN[c.align], c.className, typeof c.cellClass === "function" ? c.cellClass(r) : c.cellClass);
                return (
                  <Tag
                    key={k}
                    scope={c.rowHeader ? (span.rows ? "rowgroup" : "row") : undefined}
                    rowSpan={span.rows}
                    colSpan={span.cols}
                    className={cls || undefined}
                    {...c.data?.(r)}
                  >
                    <Value c={c.cell(r, i)} />
                  </Tag>
                );
              })}
            </tr>
          );
        })}
        {rows.length === 0 && empty && (
          <tr>
            <td colSpan={cols.length} className="px-3 py-6 text-center text-zinc-600 dark:text-zinc-400">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
  return look.box === undefined ? table : <div className={look.box}>{table}</div>;
}
