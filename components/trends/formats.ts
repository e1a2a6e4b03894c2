/**
 * How a trend series' values read, by name: the server's axis labels and the browser's tooltip share
 * them (functions do not cross). Each is a lib/core/format.ts writer, in the short form an axis needs.
 */
import { count, decimal, fixed, ms, percent, seconds } from "@/lib/core/format";

export type FormatKind = "pct" | "score" | "ms" | "num" | "int";

export const FORMATS: Record<FormatKind, (v: number) => string> = {
  pct: (v) => percent(v, 0),
  score: (v) => decimal(v, 2),
  // Short enough for the axis labels: "12.3 s" rather than "12345 ms".
  ms: (v) => (v >= 1000 ? seconds(v / 1000, 1) : ms(v)),
  num: (v) => (v >= 1000 ? `${fixed(v / 1000, 1)}k` : decimal(v, v < 10 ? 2 : 0)),
  int: (v) => count(Math.round(v)),
};

/** The tooltip's finer reading of a value: one decimal for rates. */
export const FINE: Record<FormatKind, (v: number) => string> = { ...FORMATS, pct: (v) => percent(v, 1) };
