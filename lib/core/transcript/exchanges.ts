/**
 * One scenario in two runs, as exchanges aligned by position: exchange k is the k-th agent reply,
 * with the user's words and the agent's tool calls that led up to it. The first exchange where
 * the agent's words or its tool calls (name or arguments) differ is the divergence.
 */
import type { ConversationTurn } from "../evidence/conversation-log";
import { contentText, isRecord } from "./messages";
import { buildTurns, type Turn, type TurnSource } from "./turns";

export interface SpokenLine {
  /** Its position in the scenario's transcript: the scenario page's turn number (`#turn-N`). */
  turn: number;
  text: string;
  start: number | null;
  end: number | null;
  interrupted: boolean;
  responseLatencyMs: number | null;
}

export interface ExchangeToolCall {
  name: string;
  /** Arguments as written (a JSON string, usually). */
  arguments: string;
  /** Arguments in a canonical form (keys sorted) for comparison. */
  canonical: string;
}

export interface Exchange {
  user: SpokenLine[];
  tools: ExchangeToolCall[];
  /** `null` for trailing user words after the last agent reply. */
  agent: SpokenLine | null;
}

export interface AlignedTranscript {
  exchanges: Exchange[];
  /** Where the words came from; `null` when nowhere. */
  source: TurnSource | null;
  /** Set when tool calls could only be placed approximately. */
  note: string | null;
  /** Whether the tool calls are known (the agent's LLM context was read): without it an exchange's empty `tools` says nothing. */
  toolsKnown: boolean;
}

export interface Divergence {
  index: number;
  reason: string;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (isRecord(v))
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys(v[k])]),
    );
  return v;
}

export function canonicalArguments(raw: unknown): string {
  if (typeof raw !== "string") return JSON.stringify(sortKeys(raw ?? null));
  try {
    return JSON.stringify(sortKeys(JSON.parse(raw)));
  } catch {
    return raw.trim();
  }
}

function toolCallsOf(message: Record<string, unknown>): ExchangeToolCall[] {
  const calls = message.tool_calls;
  if (!Array.isArray(calls)) return [];
  const out: ExchangeToolCall[] = [];
  for (const c of calls) {
    if (!isRecord(c)) continue;
    const fn = isRecord(c.function) ? c.function : c;
    const name = typeof fn.name === "string" ? fn.name : "(unnamed)";
    const args = fn.arguments;
    out.push({ name, arguments: typeof args === "string" ? args : JSON.stringify(args ?? null), canonical: canonicalArguments(args) });
  }
  return out;
}

/**
 * The agent's LLM context as replies: each spoken reply with the tool calls made since the previous
 * reply (calls on the reply's own message count for it), plus calls after the last reply.
 */
function contextReplies(context: readonly unknown[]): { replies: Array<{ tools: ExchangeToolCall[] }>; trailing: ExchangeToolCall[] } {
  const replies: Array<{ tools: ExchangeToolCall[] }> = [];
  let pending: ExchangeToolCall[] = [];
  for (const m of context) {
    if (!isRecord(m) || m.role !== "assistant") continue;
    pending.push(...toolCallsOf(m));
    if (contentText(m.content).trim()) {
      replies.push({ tools: pending });
      pending = [];
    }
  }
  return { replies, trailing: pending };
}

function line(t: Turn, turn: number): SpokenLine {
  return { turn, text: t.text, start: t.start, end: t.end, interrupted: t.interrupted, responseLatencyMs: t.statedLatencyMs };
}

/** Builds a scenario's exchanges from what it has: conversation log, else metrics turns, else the LLM context. */
export function alignedTranscript(
  conversation: { turns: readonly ConversationTurn[] } | null,
  agentContext: readonly unknown[] | null,
  metrics: unknown,
): AlignedTranscript {
  const steps = agentContext ? contextReplies(agentContext) : null;
  const { turns, source } = buildTurns({ conversation, metrics, agentContext });
  const exchanges: Exchange[] = [];
  let users: SpokenLine[] = [];
  let k = 0;
  for (const [i, t] of turns.entries()) {
    if (t.role === "user") {
      users.push(line(t, i));
      continue;
    }
    exchanges.push({ user: users, tools: steps?.replies[k]?.tools ?? [], agent: line(t, i) });
    users = [];
    k++;
  }
  const trailing = [...(steps?.replies.slice(k).flatMap((r) => r.tools) ?? []), ...(steps?.trailing ?? [])];
  if (users.length || trailing.length) exchanges.push({ user: users, tools: trailing, agent: null });
  let note: string | null = null;
  if (steps && source !== "bot_logs_agent/llm_context.json" && steps.replies.length !== k) {
    note = `tool calls are placed by the order of the agent's replies in its LLM context (${steps.replies.length} replies there, ${k} agent turns in the ${source === "metrics.json" ? "metrics" : "conversation log"})`;
  }
  return { exchanges, source, note, toolsKnown: steps !== null };
}

/** Agent words compared case- and punctuation-insensitively (ASR and TTS add their own punctuation). */
export function comparableWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** What the two sides are called in a divergence's reason. */
export interface SideNames {
  base: string;
  other: string;
}
const COMPARE_SIDES: SideNames = { base: "the baseline", other: "the other run" };

function describeTools(a: readonly ExchangeToolCall[], b: readonly ExchangeToolCall[], names: SideNames): string | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (!x) return `${names.other} makes an extra tool call (${y!.name})`;
    if (!y) return `${names.base} makes an extra tool call (${x.name})`;
    if (x.name !== y.name) return `different tool call: ${x.name} vs ${y.name}`;
    if (x.canonical !== y.canonical) return `different arguments to ${x.name}`;
  }
  return null;
}

/**
 * The first exchange where the two runs differ in agent words or tool calls; `null` when they never
 * do. `names`: what the reason calls each side; `tools: false` when one side's tool calls are not
 * known (`AlignedTranscript.toolsKnown`): its empty lists would read as calls the other run added.
 */
export function firstDivergence(base: readonly Exchange[], other: readonly Exchange[], names: SideNames = COMPARE_SIDES, tools = true): Divergence | null {
  const n = Math.max(base.length, other.length);
  for (let i = 0; i < n; i++) {
    const a = base[i];
    const b = other[i];
    if (!a || !b) return { index: i, reason: `${a ? names.other : names.base}'s conversation ends before this turn` };
    const toolReason = tools ? describeTools(a.tools, b.tools, names) : null;
    if (toolReason) return { index: i, reason: toolReason };
    const wa = a.agent ? comparableWords(a.agent.text) : null;
    const wb = b.agent ? comparableWords(b.agent.text) : null;
    if (wa !== wb) return { index: i, reason: wa === null || wb === null ? "only one run has an agent reply here" : "different agent words" };
  }
  return null;
}

/**
 * `firstDivergence`, passing over a difference the next exchange undoes: a reply reworded (a new
 * greeting) and then the same again is not where the two calls parted.
 */
export function firstLastingDivergence(
  base: readonly Exchange[],
  other: readonly Exchange[],
  names: SideNames = COMPARE_SIDES,
  tools = true,
): Divergence | null {
  for (let from = 0; ;) {
    const d = firstDivergence(base.slice(from), other.slice(from), names, tools);
    if (!d) return null;
    const at = from + d.index;
    const rejoined =
      base.length > at + 1 && other.length > at + 1 && firstDivergence(base.slice(at + 1, at + 2), other.slice(at + 1, at + 2), names, tools) === null;
    if (!rejoined) return { index: at, reason: d.reason };
    from = at + 1;
  }
}

/** Where two calls of a scenario part (issue 43): the scenario page's likely cause and the compare page's second mark. */
export interface CallsPart {
  at: Divergence;
  /** `at` is where the agent's tool calls first differ (else where its words part for good). */
  byActions: boolean;
  /** Where its words parted for good, when before `at`. */
  wordsFrom: number | null;
}

/**
 * Where two calls part: the first exchange where what the agent did differs (its tool calls, or where
 * one call ends) when both sides' calls are known (`tools`), else where its words part for good
 * (`firstLastingDivergence`). Not the first reworded reply: a greeting changed by a prompt change
 * differs at the first reply of every call, and what a task's outcome turns on is what the agent did.
 * `null` when the two never differ.
 */
export function whereCallsPart(base: readonly Exchange[], other: readonly Exchange[], names: SideNames = COMPARE_SIDES, tools = true): CallsPart | null {
  const words = firstLastingDivergence(base, other, names, tools);
  if (!words) return null;
  const acts = tools ? firstDivergence(wordless(base), wordless(other), names) : null;
  return { at: acts ?? words, byActions: acts !== null, wordsFrom: acts !== null && words.index < acts.index ? words.index : null };
}

function wordless(exchanges: readonly Exchange[]): Exchange[] {
  return exchanges.map((e) => (e.agent ? { ...e, agent: { ...e.agent, text: "" } } : e));
}

/** Which tool calls of an exchange differ from the other side's at the same position. */
export function toolDiffers(mine: readonly ExchangeToolCall[], theirs: readonly ExchangeToolCall[], i: number): boolean {
  const x = mine[i];
  const y = theirs[i];
  return !x || !y || x.name !== y.name || x.canonical !== y.canonical;
}

/**
 * A reply's turn numbers in words, for a mark that names the reply (the side-by-side page's rows are
 * replies; every other surface names a turn by its transcript number, `#turn-N`): " (turn #4)", or each
 * side's when they differ. "" when neither side has that agent reply.
 */
export function replyTurnsText(base: readonly Exchange[], other: readonly Exchange[], index: number): string {
  const b = base[index]?.agent?.turn;
  const o = other[index]?.agent?.turn;
  if (b === undefined && o === undefined) return "";
  if (b === undefined || o === undefined || b === o) return ` (turn #${b ?? o})`;
  return ` (turn #${b} in the baseline, #${o} in the other run)`;
}
