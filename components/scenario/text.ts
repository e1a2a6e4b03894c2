/** Small formatting helpers of the scenario page (server and client safe); numbers through lib/core/format.ts. */
import { count } from "@/lib/core/format";

/** `2.14 s` */
export { seconds as secs } from "@/lib/core/format";

/** `1:04.9` — minutes and seconds of a position in the conversation. */
export function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return "–";
  const sign = seconds < 0 ? "−" : "";
  const s = Math.abs(seconds);
  const m = Math.floor(s / 60);
  const rest = s - m * 60;
  return `${sign}${m}:${rest.toFixed(1).padStart(4, "0")}`;
}

/** `1,532 ms`, with a real minus sign. */
export function millis(ms: number): string {
  const r = Math.round(ms);
  return `${r < 0 ? "−" : ""}${count(Math.abs(r))} ms`;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${count(n)} ${n === 1 ? word : many}`;
}

/** The first `max` characters and whether anything was cut. */
export function clip(text: string, max: number): { text: string; cut: number } {
  return text.length <= max ? { text, cut: 0 } : { text: text.slice(0, max), cut: text.length - max };
}

const FULL = Symbol("full");

/**
 * Pretty JSON (2-space indent) that stops after about `limit` characters instead of serializing a
 * multi-megabyte value first. Non-finite numbers print as the harness wrote them (NaN, Infinity).
 */
export function boundedJson(value: unknown, limit: number): { text: string; truncated: boolean } {
  const parts: string[] = [];
  let length = 0;
  const push = (s: string) => {
    parts.push(s);
    length += s.length;
    if (length > limit) throw FULL;
  };
  const walk = (v: unknown, indent: string): void => {
    if (typeof v === "string") return push(JSON.stringify(v.length > limit ? v.slice(0, limit) : v));
    if (typeof v === "number") return push(Number.isFinite(v) ? JSON.stringify(v) : String(v));
    if (typeof v === "boolean") return push(String(v));
    if (v === null || v === undefined || typeof v !== "object") return push("null");
    const inner = `${indent}  `;
    if (Array.isArray(v)) {
      if (v.length === 0) return push("[]");
      push("[\n");
      v.forEach((x, i) => {
        push(inner);
        walk(x, inner);
        push(i < v.length - 1 ? ",\n" : "\n");
      });
      return push(`${indent}]`);
    }
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return push("{}");
    push("{\n");
    entries.forEach(([k, x], i) => {
      push(`${inner}${JSON.stringify(k)}: `);
      walk(x, inner);
      push(i < entries.length - 1 ? ",\n" : "\n");
    });
    return push(`${indent}}`);
  };
  try {
    walk(value, "");
    return { text: parts.join(""), truncated: false };
  } catch (e) {
    if (e !== FULL) throw e;
    return { text: parts.join("").slice(0, limit), truncated: true };
  }
}

/** One-line JSON for small values (arguments, expected/actual cells); strings stay unquoted when `bare`. */
export function inlineJson(value: unknown, bare = false): string {
  if (bare && typeof value === "string") return value;
  if (value === undefined) return "(absent)";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export { isJudgeErrorReason } from "@/lib/core/judge-score";
