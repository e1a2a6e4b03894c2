/**
 * `judge_result.json` as the scenario and compare pages read it (ARTIFACTS.md §1.7). A file that
 * fails the schema is still shown as stored (its problem says why), so its fields are read one by
 * one here, once, rather than in each component.
 */
import { JudgeResultSchema, type JudgeResult } from "./schemas";

/** Any value JSON can hold (parseJson also yields NaN and ±Infinity as numbers). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The schema's type when the file validated, else the JSON as stored. */
export type StoredJudge = JudgeResult | JsonValue;

export interface JudgeVerdictFields {
  index: number | null;
  assertion: string | null;
  /** `null` when the stored value is not a boolean. */
  passed: boolean | null;
  reason: string | null;
}

export interface JudgeFields {
  /** Any number, judge errors (NaN, ±Infinity) included; `null` for a non-number. */
  score: number | null;
  reason: string | null;
  /** By position; `null` for an entry that is not an object. */
  verdicts: Array<JudgeVerdictFields | null>;
  /** `judge_input` (what the judge was sent) when it is an object. */
  input: { system_prompt: string | null; user_content: string | null } | null;
  /** Keys the schema does not name, as stored. */
  extras: Array<[string, unknown]>;
}

const KNOWN = new Set(Object.keys(JudgeResultSchema.shape));

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const str = (v: unknown) => (typeof v === "string" ? v : null);

function verdictFields(v: unknown): JudgeVerdictFields | null {
  if (!isObject(v)) return null;
  const o = v;
  return {
    index: typeof o.index === "number" ? o.index : null,
    assertion: str(o.assertion),
    passed: typeof o.passed === "boolean" ? o.passed : null,
    reason: str(o.reason),
  };
}

/** The fields of a judge object; `null` when the judge is absent or not an object. */
export function judgeFields(judge: StoredJudge | undefined): JudgeFields | null {
  if (!isObject(judge)) return null;
  const input = judge.judge_input && typeof judge.judge_input === "object" ? (judge.judge_input as Record<string, unknown>) : null;
  return {
    score: typeof judge.score === "number" ? judge.score : null,
    reason: str(judge.reason),
    verdicts: Array.isArray(judge.nl_assertion_verdicts) ? judge.nl_assertion_verdicts.map(verdictFields) : [],
    input: input ? { system_prompt: str(input.system_prompt), user_content: str(input.user_content) } : null,
    extras: Object.entries(judge).filter(([k]) => !KNOWN.has(k)),
  };
}
