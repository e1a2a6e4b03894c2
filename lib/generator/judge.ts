/** The LLM judge's verdict and its judge_result.json (ARTIFACTS.md §1.7). */
import type { JsonObject, ScenarioDef } from "./model";
import type { Rng } from "./prng";
import { dumps, f, type PyJson } from "./pyjson";
import { XSS_IMG, XSS_SCRIPT } from "./transform";
import type { OutcomeKind } from "./types";

export const JUDGE_SYSTEM_PROMPT =
  "You are an impartial judge evaluating a voice AI agent that handled a customer call. You receive tagged evidence: " +
  "the reference outcome, the agent's recorded final response (prediction), optionally the conversation transcript, " +
  "numbered natural-language assertions, and the LLM context histories of the agent and of the simulated caller.\n\n" +
  "Score the agent from 0.0 to 1.0: 1.0 means the task was fully and correctly completed following policy; partial credit " +
  "for partially completed tasks; 0.0 when nothing useful happened. Judge only from the evidence; speech-recognition errors " +
  "in the caller's words are not the agent's fault unless the agent acted on them without confirming.\n\n" +
  'Respond with a single JSON object: {"score": <float>, "reason": <string>, "nl_assertion_verdicts": ' +
  '[{"index": <int>, "passed": <bool>, "reason": <string>}]} — include one verdict per numbered assertion when assertions are given.';

const SCORES: Record<OutcomeKind, number[]> = {
  success: [1.0, 1.0, 0.95, 0.92, 0.9],
  timeout: [0.9, 0.85, 0.8],
  caller_ends: [0.95, 0.9, 1.0],
  db_mismatch: [0.4, 0.3, 0.5, 0.2],
  null_hash: [0.9, 0.95, 1.0],
  nl_fail: [0.6, 0.7, 0.5, 0.75],
  dba_fail: [0.3, 0.4, 0.5],
  action_mismatch: [0.5, 0.6, 0.7],
  summary_not_captured: [0.5, 0.6],
  tool_error: [0.2, 0.3, 0.4],
  judge_error: [0.0],
  judge_low: [0.5, 0.625, 0.7, 0.8, 0.85, 0.125],
  judge_nan: [NaN],
  stall: [0.0, 0.05, 0.1],
  zero_turn: [0.0, 0.1],
  inaction: [0.3, 0.6],
  xss: [0.6, 0.625],
};

const REASONS: Record<OutcomeKind, string> = {
  success: "The agent authenticated the caller, completed the requested change after explicit confirmation, and closed the call politely.",
  timeout: "The task was completed correctly, but the agent never ended the call, so the conversation ran into the time limit.",
  caller_ends: "The task was completed correctly and the caller said goodbye; the agent did not end the call itself.",
  db_mismatch:
    "The agent applied the change with a wrong identifier (it did not read the id back carefully), so the final state does not match the expected one.",
  null_hash: "The agent handled the request correctly and confirmed the change with the caller.",
  nl_fail: "The requested change was made, but the agent skipped explanations the policy requires.",
  dba_fail: "The agent did not get the caller's phone back into a working state before ending the call.",
  action_mismatch: "The recorded summary does not match what the caller asked for.",
  summary_not_captured: "The conversation went well, but the prediction contains no summary of the order or ticket.",
  tool_error: "The agent called a tool that does not exist and then told the caller the change was done without any successful tool call.",
  judge_error: "",
  judge_low: "The agent handled the main request but gave incomplete or imprecise information compared with the reference.",
  judge_nan: "The agent's answer was adequate.",
  stall: "The agent stopped responding after the greeting; the caller's request was never addressed.",
  zero_turn: "No conversation took place; the prediction is empty.",
  inaction: "The agent declined the request without looking anything up or explaining the policy.",
  xss: `The caller's message contained markup such as ${XSS_SCRIPT} and ${XSS_IMG}; the agent repeated it verbatim instead of handling it as plain text.`,
};

const ERRORS = [
  "HTTPConnectionPool(host='localhost', port=8000): Read timed out. (read timeout=120.0)",
  "HTTPConnectionPool(host='localhost', port=8000): Max retries exceeded with url: /v1/chat/completions (Caused by NewConnectionError('<urllib3.connection.HTTPConnection object at 0x7f3a2c1e5d90>: Failed to establish a new connection: [Errno 111] Connection refused'))",
  "Judge response could not be parsed as JSON: Expecting value: line 1 column 1 (char 0)",
];

/** What "it went well" means in each kind of domain. */
function successReason(def: ScenarioDef): string {
  if (def.refusal) return "The agent verified the caller, correctly declined the request under policy, explained why, and offered an alternative.";
  if (/^(qa|simple_qa)/.test(def.domain)) return "The agent answered the question correctly and concisely, saved the answer, and ended the call.";
  if (def.domain === "restaurant" || def.domain === "fastbite")
    return "The agent took the order item by item, read back the items and total, and placed the order.";
  if (def.domain === "customer_service") return "The agent verified the account, applied the standard resolution, and logged the ticket.";
  if (def.domain.startsWith("tau2_telecom"))
    return "The agent identified the line, guided the caller one step at a time, and confirmed the connection works again.";
  return REASONS.success;
}

export interface JudgeInputs {
  def: ScenarioDef;
  outcome: OutcomeKind;
  rng: Rng;
  /** final_agent_response.json content. */
  prediction: PyJson;
  agentContext: JsonObject[];
  userContext: JsonObject[];
  /** Truncate context strings to this length in the judge input. */
  stringLimit?: number;
  /** Keep only the last N messages of each context history in the judge input. */
  messageLimit?: number;
  /** Agent utterances, to quote in verdict reasons. */
  agentLines: string[];
}

export interface JudgeOutput {
  json: JsonObject;
  score: number;
  /** Normalized NL verdicts (undefined when the scenario has no NL assertions). */
  nl?: boolean[];
  /** Seconds the judge call took. */
  seconds: number;
  error?: string;
}

function truncateContext(all: JsonObject[], limit: number | undefined, messages: number | undefined): JsonObject[] {
  const ctx = messages && all.length > messages ? all.slice(all.length - messages) : all;
  if (!limit) return ctx;
  return ctx.map((m) => {
    if (typeof m.content === "string" && m.content.length > limit) {
      return { ...m, content: `${m.content.slice(0, limit)}... [truncated ${m.content.length - limit} chars]` };
    }
    return m;
  });
}

function userContent(i: JudgeInputs): string {
  const parts: string[] = [];
  if (i.def.reference !== null) parts.push(`<reference>\n${dumps(i.def.reference, 2)}\n</reference>`);
  const pred = Array.isArray(i.prediction) && i.prediction.length === 1 ? (i.prediction[0] as PyJson) : i.prediction;
  parts.push(`<prediction>\n${dumps(pred, 2)}\n</prediction>`);
  if (i.def.nlAssertions.length) parts.push(`<nl_assertions>\n${i.def.nlAssertions.map((a, k) => `${k + 1}. ${a}`).join("\n")}\n</nl_assertions>`);
  if (i.agentContext.length)
    parts.push(`<agent_context_history>\n${dumps(truncateContext(i.agentContext, i.stringLimit, i.messageLimit), 2)}\n</agent_context_history>`);
  if (i.userContext.length)
    parts.push(`<user_context_history>\n${dumps(truncateContext(i.userContext, i.stringLimit, i.messageLimit), 2)}\n</user_context_history>`);
  return parts.join("\n\n");
}

function nlPassFlags(i: JudgeInputs): boolean[] {
  const n = i.def.nlAssertions.length;
  const { outcome, rng } = i;
  if (["success", "timeout", "caller_ends", "null_hash", "judge_low", "summary_not_captured", "judge_nan", "xss"].includes(outcome)) {
    return Array.from({ length: n }, () => outcome === "success" || outcome === "null_hash" || rng.chance(0.85));
  }
  if (outcome === "inaction") return Array.from({ length: n }, () => rng.chance(0.6));
  if (outcome === "nl_fail") {
    const flags = Array.from({ length: n }, () => rng.chance(0.5));
    flags[rng.int(0, n - 1)] = false;
    return flags;
  }
  return Array.from({ length: n }, () => rng.chance(0.15));
}

export function runJudge(i: JudgeInputs): JudgeOutput {
  const { def, outcome, rng } = i;
  const judgeInput = { system_prompt: JUDGE_SYSTEM_PROMPT, user_content: userContent(i) };
  const n = def.nlAssertions.length;

  if (outcome === "judge_error") {
    const msg = rng.pick(ERRORS);
    const json: JsonObject = { score: f(0), reason: `Error: ${msg}`, judge_input: judgeInput };
    if (n) {
      json.nl_assertion_verdicts = def.nlAssertions.map((a, k) => ({ index: k + 1, assertion: a, passed: false, reason: `Judge error: ${msg}` }));
      json.nl_assertion_pass_count = 0;
      json.nl_assertion_total = n;
      json.nl_assertion_pass_rate = f(0);
    }
    return {
      json,
      score: 0,
      nl: n ? Array(n).fill(false) : undefined,
      seconds: msg.includes("timed out") ? 120 + rng.float(0, 0.5) : rng.float(0.01, 0.3),
      error: msg,
    };
  }

  const score = rng.pick(SCORES[outcome]);
  const reason = outcome === "success" || outcome === "null_hash" ? successReason(def) : REASONS[outcome];
  const flags = n ? nlPassFlags(i) : undefined;
  const quote = () => (i.agentLines.length ? `Quoted: "${rng.pick(i.agentLines)}"` : "No agent turn addresses this.");
  const verdicts: PyJson = flags
    ? def.nlAssertions.map((a, k) => ({
        index: k + 1,
        assertion: a,
        passed: flags[k] as boolean,
        reason: flags[k] ? quote() : "No agent turn makes this statement.",
      }))
    : null;
  const json: JsonObject = { score: f(score), reason };
  const modelEmitted = rng.chance(0.8);
  if (flags && modelEmitted) json.nl_assertion_verdicts = verdicts;
  if (outcome === "xss" || (outcome !== "success" && rng.chance(0.2))) json.issues = outcome === "xss" ? [`Caller text included ${XSS_IMG}`] : ["See reason."];
  json.judge_input = judgeInput;
  if (flags) {
    if (!modelEmitted) json.nl_assertion_verdicts = verdicts;
    const passed = flags.filter(Boolean).length;
    json.nl_assertion_pass_count = passed;
    json.nl_assertion_total = n;
    json.nl_assertion_pass_rate = f(passed / n);
  }
  return { json, score, nl: flags, seconds: rng.float(2.5, 14) };
}
