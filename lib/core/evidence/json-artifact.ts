/**
 * The one rule for a malformed field of a JSON artifact (issue 55), as `judge.ts` applies it to the
 * judge file: a field that does not hold what the artifact's schema says is read as absent (a list's
 * malformed entry is left out of the list), one named problem on the scenario says what each held,
 * and every other field of the file is still used. Only a file that is not JSON, or whose top level
 * is of the wrong kind, reads as no value at all.
 */
import type { z } from "zod";
import { parseJson } from "../json";
import { droppedKeysProblem, problem, type Problem } from "../problems";
import { schemaMessage } from "../schema-message";

export interface Read<T> {
  value: T | null;
  problems: Problem[];
}

type Path = readonly PropertyKey[];
type Issues = readonly z.core.$ZodIssue[];

/** Removals that settle: each round cuts at least one value, so a file's depth bounds it. */
const MAX_ROUNDS = 32;

/** The problem of a text that is not JSON at all (`empty` when it holds nothing but blanks). */
export function notJsonProblem(file: string, text: string, error: string): Problem {
  return problem(file, text.trim() ? "invalid-json" : "empty", error);
}

/** Parses JSON and validates it under the rule above; `raw` is the JSON as stored. */
export function readJsonArtifact<T>(file: string, text: string, schema: z.ZodType<T>): Read<T> & { raw: unknown } {
  const parsed = parseJson(text);
  if (!parsed.ok) return { value: null, raw: undefined, problems: [notJsonProblem(file, text, parsed.error)] };
  const { value, problems } = checkedValue(file, parsed.value, schema);
  return { value, raw: parsed.value, problems: [...droppedKeysProblem(file, parsed.dropped), ...problems] };
}

/** `raw` validated under the rule above: the malformed fields named, the rest kept. */
export function checkedValue<T>(file: string, raw: unknown, schema: z.ZodType<T>, prefix = ""): Read<T> {
  const checked = schema.safeParse(raw);
  if (checked.success) return { value: checked.data, problems: [] };
  return { value: withoutMalformed(raw, schema, checked.error.issues), problems: [problem(file, "schema", schemaMessage(checked.error, raw, prefix))] };
}

/** `raw` without the values its issues point at; `null` when the top level itself is malformed. */
function withoutMalformed<T>(raw: unknown, schema: z.ZodType<T>, first: Issues): T | null {
  // A copy: the stored JSON is shown as it is elsewhere (parseJson yields plain data, NaN included).
  const value = structuredClone(raw);
  let issues = first;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    // One cut per value: two missing fields of one entry remove the entry once.
    const cuts = [...new Map(issues.map((i) => cutOf(value, i.path)).map((c) => [c.map(String).join("\0"), c])).values()];
    if (cuts.some((c) => c.length === 0)) return null;
    // Deepest first, and a list's later entries before its earlier ones, so no cut moves another.
    cuts.sort((a, b) => b.length - a.length || Number(b[b.length - 1]) - Number(a[a.length - 1]) || 0);
    for (const cut of cuts) remove(value, cut);
    const again = schema.safeParse(value);
    if (again.success) return again.data;
    issues = again.error.issues;
  }
  return null;
}

/** What to remove for an issue: the value it names, or the object lacking a required field. */
function cutOf(root: unknown, path: Path): Path {
  return at(root, path) === undefined ? path.slice(0, -1) : path;
}

function at(root: unknown, path: Path): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k as string];
  }
  return v;
}

function remove(root: unknown, path: Path): void {
  const parent = at(root, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (Array.isArray(parent) && typeof key === "number") {
    if (key < parent.length) parent.splice(key, 1);
  } else if (parent !== null && typeof parent === "object") delete (parent as Record<string, unknown>)[key];
}
