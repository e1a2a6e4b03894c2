/**
 * Human messages for schema problems. A zod issue list (`✖ Invalid input: expected boolean,
 * received string → at db_state_match`) is validator text; the UI shows what the field holds and
 * what was expected instead, e.g. `db_state_match is the text "N/A"; expected true or false`.
 */
import type { z } from "zod";

const MAX_ISSUES = 3;

const EXPECTED: Record<string, string> = {
  boolean: "true or false",
  number: "a number",
  string: "a text",
  array: "a list",
  object: "an object",
  record: "an object",
  null: "null",
};

/** What a JSON value is, in words: `the text "N/A"`, `the number 3`, `a list`, `null`. */
export function describeValue(v: unknown): string {
  if (v === undefined) return "missing";
  if (v === null) return "null";
  if (typeof v === "string") return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  if (typeof v === "number") return `the number ${String(v)}`;
  if (typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return "a list";
  return "an object";
}

function at(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k as string];
  }
  return v;
}

/** `latencies[2].latency_ms`; the whole file for an empty path. */
export function pathText(path: readonly PropertyKey[]): string {
  let out = "";
  for (const k of path) out += typeof k === "number" ? `[${k}]` : out ? `.${String(k)}` : String(k);
  return out || "the file";
}

function expectedOf(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") return EXPECTED[issue.expected] ?? issue.expected;
  if (issue.code === "invalid_value") return `one of ${issue.values.map((x) => JSON.stringify(x)).join(", ")}`;
  if (issue.code === "invalid_union") return "a value of another type";
  return "something else";
}

/** One sentence for one issue, reading the offending value from `raw`. */
export function issueMessage(issue: z.core.$ZodIssue, raw: unknown): string {
  const where = pathText(issue.path);
  const value = at(raw, issue.path);
  if (issue.code === "invalid_type" || issue.code === "invalid_value" || issue.code === "invalid_union") {
    return value === undefined ? `${where} is missing; expected ${expectedOf(issue)}` : `${where} is ${describeValue(value)}; expected ${expectedOf(issue)}`;
  }
  if (issue.code === "too_small" || issue.code === "too_big") return `${where} is ${issue.code === "too_small" ? "too small" : "too large"}`;
  // Our own refinements (schemas.ts) carry a human message such as "expected a number".
  if (issue.code === "custom") return `${where} is ${describeValue(value)}; ${issue.message}`;
  return `${where} is not in the expected form`;
}

/** The problem message for a failed validation of `raw`: up to three issues, then a count. */
export function schemaMessage(error: { issues: readonly z.core.$ZodIssue[] }, raw: unknown, prefix = ""): string {
  const issues = error.issues;
  const shown = issues.slice(0, MAX_ISSUES).map((i) => issueMessage(i, raw));
  const more = issues.length > MAX_ISSUES ? `; and ${issues.length - MAX_ISSUES} more` : "";
  return `${prefix}${shown.join("; ")}${more}`;
}

/** A URL query's validation error as `sort: expected one of "order", "name", …`. */
export function queryMessage(error: { issues: readonly z.core.$ZodIssue[] }, raw: Record<string, unknown>): string {
  return error.issues
    .map((i) => {
      const name = pathText(i.path) === "the file" ? "query" : pathText(i.path);
      const value = at(raw, i.path);
      if (i.code === "custom") return `${name}: ${describeValue(value)} is not allowed (${i.message})`;
      return `${name}: ${value === undefined ? "missing" : describeValue(value)}; expected ${expectedOf(i)}`;
    })
    .join("; ");
}
