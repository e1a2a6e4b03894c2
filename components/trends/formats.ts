/** How a trend series' values read, by name: the server's axis labels and the browser's tooltip share them (functions do not cross). */
export type FormatKind = "pct" | "score" | "ms" | "num" | "int";

export const FORMATS: Record<FormatKind, (v: number) => string> = {
  pct: (v) => `${(v * 100).toFixed(0)}%`,
  score: (v) => v.toFixed(2),
  // Short enough for the axis labels: "12.3 s" rather than "12345 ms".
  ms: (v) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`),
  num: (v) => (v >= 1000 ? `${(v / 1000).toFixed(1)}k` : v.toFixed(v < 10 ? 2 : 0)),
  int: (v) => String(Math.round(v)),
};

/** The tooltip's finer reading of a value: one decimal for rates. */
export const FINE: Record<FormatKind, (v: number) => string> = { ...FORMATS, pct: (v) => `${(v * 100).toFixed(1)}%` };
