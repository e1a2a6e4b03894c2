/**
 * The one reader of the bots' `llm_context.json` (ARTIFACTS.md §1.14): the scan's stall fallback, the
 * scenario page (messages, tool calls, heard vs meant) and the timing pass read it through
 * `readLlmContext`. A malformed message (not an object, or without a text `role`) is left out and
 * named, every other message still used (the rule of `json-artifact.ts`).
 */
import { parseJson } from "../json";
import { droppedKeysProblem, problem } from "../problems";
import { describeValue } from "../schema-message";
import type { ChatMessage } from "../schemas";
import { assistantMessageCount } from "../stall";
import { notJsonProblem, type Read } from "./json-artifact";

/** Like every schema message (schema-message.ts): three, then a count. */
const MAX_SHOWN = 3;

const isMessage = (m: unknown) => !!m && typeof m === "object" && !Array.isArray(m) && typeof (m as Record<string, unknown>).role === "string";

function whatIsWrong(m: unknown): string {
  if (!m || typeof m !== "object" || Array.isArray(m)) return `is ${describeValue(m)}; expected an object`;
  const role = (m as Record<string, unknown>).role;
  return role === undefined ? "has no role" : `has a role that is ${describeValue(role)}; expected a text`;
}

/**
 * `file`: which side's context (`bot_logs_agent/…` or `bot_logs_user/…`). Agent contexts run to
 * megabytes, so messages are checked by hand (each an object with a text `role`) rather than through
 * the zod schema, several times slower.
 */
export function readLlmContext(file: string, text: string): Read<ChatMessage[]> & { raw: unknown } {
  const parsed = parseJson(text);
  if (!parsed.ok) return { value: null, raw: undefined, problems: [notJsonProblem(file, text, parsed.error)] };
  const raw = parsed.value;
  const problems = droppedKeysProblem(file, parsed.dropped);
  if (!Array.isArray(raw)) return { value: null, raw, problems: [...problems, problem(file, "schema", "expected a JSON array of chat messages")] };
  if (raw.every(isMessage)) return { value: raw as ChatMessage[], raw, problems };
  const bad = raw.flatMap((m, i) => (isMessage(m) ? [] : [i]));
  const said = bad.slice(0, MAX_SHOWN).map((i) => `message ${i} ${whatIsWrong(raw[i])}`);
  const more = bad.length > MAX_SHOWN ? `; and ${bad.length - MAX_SHOWN} more` : "";
  problems.push(problem(file, "schema", `${said.join("; ")}${more}; left out`));
  return { value: raw.filter(isMessage) as ChatMessage[], raw, problems };
}

/**
 * The stall rule's fallback count (§4.6): the assistant messages of the agent's context; `null` when
 * the file is not JSON, 0 when it is not a list.
 */
export function contextAssistantCount(text: string): number | null {
  const read = readLlmContext("bot_logs_agent/llm_context.json", text);
  return read.raw === undefined ? null : assistantMessageCount(read.value ?? []);
}
