/** Display helpers for the timing figures. */
import type { Figure } from "@/lib/shared/timing";

export function sec(v: number | null | undefined, digits = 2): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "–" : `${v.toFixed(digits)} s`;
}

export function num(v: number | null | undefined, digits = 2): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "–" : v.toFixed(digits);
}

export function pctText(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "–" : `${(v * 100).toFixed(1)}%`;
}

/** A figure with the count it rests on, or N/A with its reason. */
export function figureText(f: Figure, kind: "s" | "pct" | "n" = "n"): string {
  if (f.value === null) return `N/A (${f.na ?? "not computable"})`;
  const v = kind === "s" ? sec(f.value) : kind === "pct" ? pctText(f.value) : num(f.value, 3);
  return `${v} · n=${f.n}`;
}
