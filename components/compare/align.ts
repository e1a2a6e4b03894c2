/**
 * One scenario in two runs, as exchanges aligned by position: exchange k is the k-th agent reply,
 * with the user's words and the agent's tool calls that led up to it. The first exchange where
 * the agent's words or its tool calls (name or arguments) differ is the divergence.
 */

export interface SpokenLine {
  text: string;
  start: number | null;
  end: number | null;
  interrupted: boolean;
  responseLatencyMs: number | null;
}

export interface ToolCall {
  name: string;
  /** Arguments as written (a JSON string, usually). */
  arguments: string;
  /** Arguments in a canonical form (keys sorted) for comparison. */
  canonical: string;
}

export interface Exchange {
  user: SpokenLine[];
  tools: ToolCall[];
  /** `null` for trailing user words after the last agent reply. */
  agent: SpokenLine | null;
}

export interface Transcript {
  exchanges: Exchange[];
  /** Where the words came from. */
  source: "conversation_log" | "metrics" | "llm_context" | "none";
  /** Set when tool calls could only be placed approximately. */
  note: string | null;
}

export interface Divergence {
  index: number;
  reason: string;
}

interface TurnLike {
  role: "user" | "agent";
  text: string;
  start?: number | null;
  end?: number | null;
  interrupted?: boolean;
  responseLatencyMs?: number | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p) => (typeof p === "string" ? p : isRecord(p) && typeof p.text === "string" ? p.text : ""))
      .filter(Boolean)
      .join(" ");
  }
  return "";
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (isRecord(v)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]));
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

function toolCallsOf(message: Record<string, unknown>): ToolCall[] {
  const calls = message.tool_calls;
  if (!Array.isArray(calls)) return [];
  const out: ToolCall[] = [];
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
 * The agent's LLM context as steps: each spoken reply with the tool calls made since the previous
 * reply (calls on the reply's own message count for it), plus calls after the last reply.
 */
function contextSteps(context: readonly unknown[]): { replies: Array<{ text: string; tools: ToolCall[] }>; trailing: ToolCall[]; turns: TurnLike[] } {
  const replies: Array<{ text: string; tools: ToolCall[] }> = [];
  const turns: TurnLike[] = [];
  let pending: ToolCall[] = [];
  for (const m of context) {
    if (!isRecord(m)) continue;
    if (m.role === "assistant") {
      pending.push(...toolCallsOf(m));
      const text = contentText(m.content).trim();
      if (text) {
        replies.push({ text, tools: pending });
        turns.push({ role: "agent", text });
        pending = [];
      }
    } else if (m.role === "user") {
      const text = contentText(m.content).trim();
      if (text) turns.push({ role: "user", text });
    }
  }
  return { replies, trailing: pending, turns };
}

function line(t: TurnLike): SpokenLine {
  return { text: t.text, start: t.start ?? null, end: t.end ?? null, interrupted: t.interrupted ?? false, responseLatencyMs: t.responseLatencyMs ?? null };
}

function metricsTurns(metrics: unknown): TurnLike[] | null {
  if (!isRecord(metrics) || !Array.isArray(metrics.turns)) return null;
  const out: TurnLike[] = [];
  for (const t of metrics.turns) {
    if (!isRecord(t) || typeof t.text !== "string") continue;
    if (t.role === "agent" || t.role === "user") out.push({ role: t.role, text: t.text });
  }
  return out.length ? out : null;
}

/** Builds a scenario's exchanges from what it has: conversation log, else metrics turns, else the LLM context. */
export function buildTranscript(conversation: { turns?: readonly TurnLike[] } | null, agentContext: readonly unknown[] | null, metrics: unknown): Transcript {
  const steps = agentContext ? contextSteps(agentContext) : null;
  let turns: TurnLike[] | null = null;
  let source: Transcript["source"] = "none";
  if (conversation?.turns && conversation.turns.length) {
    turns = [...conversation.turns];
    source = "conversation_log";
  } else if (metricsTurns(metrics)) {
    turns = metricsTurns(metrics);
    source = "metrics";
  } else if (steps && steps.turns.length) {
    turns = steps.turns;
    source = "llm_context";
  }
  const exchanges: Exchange[] = [];
  let users: SpokenLine[] = [];
  let k = 0;
  for (const t of turns ?? []) {
    if (t.role === "user") {
      users.push(line(t));
      continue;
    }
    exchanges.push({ user: users, tools: steps?.replies[k]?.tools ?? [], agent: line(t) });
    users = [];
    k++;
  }
  const trailing = [...(steps?.replies.slice(k).flatMap((r) => r.tools) ?? []), ...(steps?.trailing ?? [])];
  if (users.length || trailing.length) exchanges.push({ user: users, tools: trailing, agent: null });
  let note: string | null = null;
  if (steps && source !== "llm_context" && steps.replies.length !== k) {
    note = `tool calls are placed by the order of the agent's replies in its LLM context (${steps.replies.length} replies there, ${k} agent turns in the ${source === "metrics" ? "metrics" : "conversation log"})`;
  }
  return { exchanges, source, note };
}

/** Agent words compared case- and punctuation-insensitively (ASR and TTS add their own punctuation). */
export function normalizeWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function describeTools(a: readonly ToolCall[], b: readonly ToolCall[]): string | null {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (!x) return `the other run makes an extra tool call (${y!.name})`;
    if (!y) return `the baseline makes an extra tool call (${x.name})`;
    if (x.name !== y.name) return `different tool call: ${x.name} vs ${y.name}`;
    if (x.canonical !== y.canonical) return `different arguments to ${x.name}`;
  }
  return null;
}

/** The first exchange where the two runs differ in agent words or tool calls; `null` when they never do. */
export function firstDivergence(base: readonly Exchange[], other: readonly Exchange[]): Divergence | null {
  const n = Math.max(base.length, other.length);
  for (let i = 0; i < n; i++) {
    const a = base[i];
    const b = other[i];
    if (!a || !b) return { index: i, reason: a ? "the other run's conversation ends before this turn" : "the baseline's conversation ends before this turn" };
    const tools = describeTools(a.tools, b.tools);
    if (tools) return { index: i, reason: tools };
    const wa = a.agent ? normalizeWords(a.agent.text) : null;
    const wb = b.agent ? normalizeWords(b.agent.text) : null;
    if (wa !== wb) return { index: i, reason: wa === null || wb === null ? "only one run has an agent reply here" : "different agent words" };
  }
  return null;
}

/** Which tool calls of an exchange differ from the other side's at the same position. */
export function toolDiffers(mine: readonly ToolCall[], theirs: readonly ToolCall[], i: number): boolean {
  const x = mine[i];
  const y = theirs[i];
  return !x || !y || x.name !== y.name || x.canonical !== y.canonical;
}
