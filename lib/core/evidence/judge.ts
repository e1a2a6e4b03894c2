/**
 * The one reader of `judge_result.json` (ARTIFACTS.md §1.7, issue 55). Every surface (the scenario
 * page's Why card and hints, the run's failure themes, compare, the reports, `check`, MCP, the
 * export and the index's fold) reads the file through `readJudge`, or reads a stored judge through
 * `judgeFields`, so all of them apply one rule to a malformed field: the field is read as unknown
 * (`null`), a named problem says what it holds, and every other field of the file is still used.
 * A `score` of the text "0.2" is an unknown score beside a reason the hints and themes still read.
 */
import { parseJson } from "../json";
import { droppedKeysProblem, problem, type Problem } from "../problems";
import { redactStrings } from "../redact";
import { describeValue } from "../schema-message";

/** Any value JSON can hold (parseJson also yields NaN and ±Infinity as numbers). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The judge file as stored (shown as it is by the judge panel); its fields are read by `judgeFields`. */
export type StoredJudge = JsonValue;

export interface JudgeVerdictFields {
  index: number | null;
  assertion: string | null;
  /** `null` when the stored value is not a boolean. */
  passed: boolean | null;
  reason: string | null;
}

export interface JudgeFields {
  /** Any number, judge errors (NaN, ±Infinity) included; `null` for a non-number (unknown, never 0). */
  score: number | null;
  reason: string | null;
  /** By position; `null` for an entry that is not an object. */
  verdicts: Array<JudgeVerdictFields | null>;
  /** `judge_input` (what the judge was sent) when it is an object. */
  input: { system_prompt: string | null; user_content: string | null } | null;
  /** Keys the reader does not name, as stored. */
  extras: Array<[string, unknown]>;
}

/** One read of the file: what it holds as stored, its fields, and the problems named on the scenario. */
export interface JudgeRead {
  /** The JSON as stored; `undefined` when the text is not JSON. */
  stored: JsonValue | undefined;
  /** `null` when the file is not a JSON object. */
  fields: JudgeFields | null;
  problems: Problem[];
}

const FILE = "judge_result.json";
const KNOWN = new Set(["score", "reason", "judge_input", "nl_assertion_verdicts", "nl_assertion_pass_count", "nl_assertion_total", "nl_assertion_pass_rate"]);
/** Like every schema message (schema-message.ts): three, then a count. */
const MAX_SHOWN = 3;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const str = (v: unknown) => (typeof v === "string" ? v : null);
const num = (v: unknown) => (typeof v === "number" ? v : null);

function verdictFields(v: unknown): JudgeVerdictFields | null {
  if (!isObject(v)) return null;
  return { index: num(v.index), assertion: str(v.assertion), passed: typeof v.passed === "boolean" ? v.passed : null, reason: str(v.reason) };
}

/** The fields of a stored judge, each on its own; `null` when the judge is absent or not an object. */
export function judgeFields(judge: unknown): JudgeFields | null {
  if (!isObject(judge)) return null;
  const input = isObject(judge.judge_input) ? judge.judge_input : null;
  return {
    score: num(judge.score),
    reason: str(judge.reason),
    verdicts: Array.isArray(judge.nl_assertion_verdicts) ? judge.nl_assertion_verdicts.map(verdictFields) : [],
    input: input ? { system_prompt: str(input.system_prompt), user_content: str(input.user_content) } : null,
    extras: Object.entries(judge).filter(([k]) => !KNOWN.has(k)),
  };
}

type Expect = "a number" | "a text" | "an object" | "a list";
const HOLDS: Record<Expect, (v: unknown) => boolean> = {
  "a number": (v) => typeof v === "number",
  "a text": (v) => typeof v === "string",
  "an object": isObject,
  "a list": Array.isArray,
};

/** What a field holds that `judgeFields` reads as unknown, in the schema messages' words. */
function malformedFields(judge: Record<string, unknown>): string[] {
  const out: string[] = [];
  const check = (path: string, v: unknown, expected: Expect, optional = true, nullable = false) => {
    if ((v === undefined && optional) || (v === null && nullable)) return;
    if (!HOLDS[expected](v)) out.push(`${path} is ${describeValue(v)}; expected ${expected}`);
  };
  check("score", judge.score, "a number", false);
  check("reason", judge.reason, "a text", true, true);
  check("judge_input", judge.judge_input, "an object");
  if (isObject(judge.judge_input)) {
    check("judge_input.system_prompt", judge.judge_input.system_prompt, "a text");
    check("judge_input.user_content", judge.judge_input.user_content, "a text");
  }
  check("nl_assertion_verdicts", judge.nl_assertion_verdicts, "a list");
  if (Array.isArray(judge.nl_assertion_verdicts)) {
    judge.nl_assertion_verdicts.forEach((v: unknown, i) => {
      check(`nl_assertion_verdicts[${i}]`, v, "an object", false);
      if (!isObject(v)) return;
      check(`nl_assertion_verdicts[${i}].index`, v.index, "a number");
      check(`nl_assertion_verdicts[${i}].assertion`, v.assertion, "a text");
      check(`nl_assertion_verdicts[${i}].reason`, v.reason, "a text", true, true);
    });
  }
  for (const key of ["nl_assertion_pass_count", "nl_assertion_total", "nl_assertion_pass_rate"]) check(key, judge[key], "a number");
  return out;
}

/**
 * `judge_result.json`'s text, read once: never throws, and a malformed field loses only itself. A
 * judge quotes what it saw (a prompt's key, a header), so every text is redacted (lib/core/redact.ts)
 * before any surface sees it; only the fold, which counts verdicts and shows nothing, skips that
 * (`redact: false`) to keep a first scan's reads cheap.
 */
export function readJudge(text: string, options: { redact?: boolean } = {}): JudgeRead {
  const parsed = parseJson(text);
  if (!parsed.ok) return { stored: undefined, fields: null, problems: [problem(FILE, text.trim() ? "invalid-json" : "empty", parsed.error)] };
  const stored = (options.redact === false ? parsed.value : redactStrings(parsed.value)) as JsonValue;
  const problems = droppedKeysProblem(FILE, parsed.dropped);
  if (!isObject(stored)) return { stored, fields: null, problems: [...problems, problem(FILE, "schema", "expected a JSON object")] };
  const malformed = malformedFields(stored);
  if (malformed.length) {
    const more = malformed.length > MAX_SHOWN ? `; and ${malformed.length - MAX_SHOWN} more` : "";
    problems.push(problem(FILE, "schema", `${malformed.slice(0, MAX_SHOWN).join("; ")}${more}`));
  }
  return { stored, fields: judgeFields(stored), problems };
}
