/**
 * The MCP server's short text renderings. Every text that comes from the results folder (names,
 * judge reasons, transcripts, file contents) is shown as a quoted JSON string: one line, its quotes,
 * backslashes and control characters escaped, and the characters that reorder or hide text on screen
 * (bidi overrides, line and paragraph separators) spelled out. So it reads as a value, never as
 * something the agent is told; structured content carries the same values as JSON.
 */
import "server-only";
import type { Rate } from "@/lib/core/aggregates";
import { deltaText, percent } from "@/lib/core/format";

/** Characters that could make a quoted value look like something else on screen. */
const INVISIBLE = /[\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f\ufeff]/g;

/** A text from the results as a quoted value, cut to `max` characters ("…" says it was cut). */
export function q(text: unknown, max = 300): string {
  const s = typeof text === "string" ? text : text === null || text === undefined ? "" : String(text);
  const cut = s.length > max ? `${s.slice(0, max - 1)}…` : s;
  return JSON.stringify(cut).replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A finite number, else `null` (NaN and ±Infinity cannot cross as JSON numbers). */
export function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** A count: a finite number, else 0. */
export function count(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) ? v : 0;
}

/** `k/n (p%)`, or `unknown` when nothing was measured (never 0). */
export function rateText(r: { value: number | null; k: number | null; n: number } | null | undefined): string {
  if (!r || r.n === 0 || r.value === null || r.k === null) return "unknown";
  return `${r.k}/${r.n} (${percent(r.value)})`;
}

/** A rate as the output schemas carry it: the API's numerator and denominator as `k` and `n` (a judge error's sum is `null`, unknown). */
export function rateOut(r: Rate | undefined): { value: number | null; k: number | null; n: number } {
  return { value: num(r?.value), k: r ? num(r.numerator) : 0, n: count(r?.denominator) };
}

/** The first `max` items and a note of how many more there are. */
export function capped<T>(items: readonly T[], max: number): { items: T[]; more: number } {
  return { items: items.slice(0, max), more: Math.max(0, items.length - max) };
}

/** Names as a quoted list, with "… and N more" past `max`. */
export function nameList(names: readonly string[], max = 20): string {
  if (names.length === 0) return "none";
  const shown = names
    .slice(0, max)
    .map((n) => q(n, 200))
    .join(", ");
  return names.length > max ? `${shown}, … and ${names.length - max} more` : shown;
}

/** A signed fraction as percentage points, or `unknown`. */
export function pointsText(delta: number | null): string {
  return delta === null ? "unknown" : deltaText(delta);
}
