/** The one reader of `run_args.json`: the CLI invocation history (ARTIFACTS.md §1.16). */
import { parseJson } from "../json";
import { droppedKeysProblem, problem, type Problem } from "../problems";
import { InvocationSchema, type Invocation } from "../schemas";
import { checkedValue, notJsonProblem } from "./json-artifact";

export interface RunArgsRead {
  invocations: Invocation[];
  problems: Problem[];
}

const FILE = "run_args.json";

/** Python's `isoformat()` (ARTIFACTS.md: local time, microseconds omitted when 0), an offset allowed. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** Whether `started_at` is a timestamp: anything else (a note, an injected instruction) is not shown, nor used to sort. */
export function isTimestamp(value: string): boolean {
  return TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value.replace(" ", "T")));
}

export function readRunArgs(text: string): RunArgsRead {
  const parsed = parseJson(text);
  if (!parsed.ok) return { invocations: [], problems: [notJsonProblem(FILE, text, parsed.error)] };
  const value = parsed.value;
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return { invocations: [], problems: [problem(FILE, "schema", "expected a JSON object")] };
  }
  const raw = value as Record<string, unknown>;
  // A legacy object without `invocations` is the first (only) invocation.
  const list = Array.isArray(raw.invocations) ? raw.invocations : [raw];
  const invocations: Invocation[] = [];
  const problems: Problem[] = droppedKeysProblem(FILE, parsed.dropped);
  list.forEach((entry, i) => {
    // A malformed field of an invocation is named and read as absent (json-artifact.ts); an entry that is no object is left out.
    const r = checkedValue(FILE, entry, InvocationSchema, `invocation ${i}: `);
    problems.push(...r.problems);
    if (!r.value) return;
    const at = r.value.started_at;
    if (at !== undefined && !isTimestamp(at)) {
      problems.push(problem(FILE, "schema", `invocation ${i}: started_at is not a timestamp (${at.length} characters), so it is not shown`));
      delete r.value.started_at;
    }
    invocations.push(r.value);
  });
  return { invocations, problems };
}

/** The stall floor of an invocation: `min_agent_turns`, or 0 when the run predates the stall rule. */
export function minAgentTurnsOf(invocation: Invocation | undefined): number {
  if (!invocation) return 0;
  const args = invocation.parsed_args ?? (invocation as Record<string, unknown>);
  const m = args.min_agent_turns;
  return typeof m === "number" && Number.isFinite(m) ? m : 0;
}

export function judgeThresholdOf(invocation: Invocation | undefined): number | null {
  const t = invocation?.parsed_args?.judge_threshold;
  return typeof t === "number" ? t : null;
}
