/**
 * Conversation-flow audit (ARTIFACTS.md §7.10): fabricated claims, loops, echo (a user turn that
 * reads like the agent) and skipped confirmations. Each finding cites a transcript turn index
 * (`turns`) or an agent-context message index (`message`). Display heuristics, not scores.
 */
import { isMutatingTool } from "../insights/tool-calls";
import { similarity, words } from "./similarity";

export type FlowKind = "fabrication" | "loop" | "echo" | "skipped-confirmation";

export interface FlowFinding {
  kind: FlowKind;
  /** Transcript turn indices (loop, echo). */
  turns: number[];
  /** Agent-context message index (fabrication, skipped confirmation). */
  message: number | null;
  /** The words the finding rests on. */
  quote: string;
  detail: string;
}

export interface FlowAudit {
  findings: FlowFinding[];
  /** Checks that could not run, with the reason (e.g. no agent context). */
  skipped: Array<{ kind: FlowKind; reason: string }>;
}

export const LOOP_SIMILARITY = 0.8;

interface Claim {
  re: RegExp;
  what: string;
  /** A tool name (lower-case, no separators) containing one of these backs the claim. */
  tools: RegExp;
}

const CLAIMS: Claim[] = [
  { re: /\b(?:i(?:'|’)ve|i have|has been|have been|is now|are now)\s+(?:successfully\s+)?(?:cancel+ed)\b/i, what: "a cancellation", tools: /cancel/ },
  {
    re: /\b(?:refund of \$|\$\s?\d[\d,.]*\s+(?:has been|was|will be)\s+refunded|(?:i(?:'|’)ve|i have)\s+(?:issued|processed)\s+(?:a |your |the )?refund|has been refunded)/i,
    what: "a refund",
    tools: /refund|return|cancel|compensat|credit/,
  },
  {
    re: /\b(?:i(?:'|’)ve|i have)\s+verified your identity|\byour identity (?:has been|is) verified/i,
    what: "an identity check",
    tools: /find|verif|auth|lookup|getuser|userdetail|customer|identity/,
  },
  {
    re: /\b(?:i(?:'|’)ve|i have)\s+(?:successfully\s+)?(?:updated|modified|changed)\b|\bhas been (?:updated|modified|changed)\b/i,
    what: "a change",
    tools: /update|modify|change|set|exchange|rebook/,
  },
  {
    re: /\b(?:i(?:'|’)ve|i have)\s+(?:successfully\s+)?(?:booked|rebooked|reserved)\b|\bhas been (?:booked|rebooked)\b/i,
    what: "a booking",
    tools: /book|reserv/,
  },
  { re: /\b(?:i(?:'|’)ve|i have)\s+(?:successfully\s+)?exchanged\b|\bhas been exchanged\b/i, what: "an exchange", tools: /exchange/ },
];

const AGENT_PHRASES =
  /\b(?:i(?:'|’)d be happy to help|how (?:can|may) i (?:help|assist) you|i (?:cannot|can't|can not) look up|is there anything else i can (?:help|assist)|thank you for calling|i can help you with that)\b/i;
const CONFIRM_WORDS = new Set([
  "yes",
  "yeah",
  "yep",
  "yup",
  "no",
  "nope",
  "confirm",
  "confirmed",
  "confirming",
  "agree",
  "agreed",
  "proceed",
  "correct",
  "sure",
  "ok",
  "okay",
  "right",
]);

type Message = Record<string, unknown>;

function text(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content.map((p) => (p && typeof p === "object" && typeof (p as Message).text === "string" ? (p as Message).text : "")).join(" ");
  return "";
}

function toolNames(m: Message): string[] {
  const calls = Array.isArray(m.tool_calls) ? m.tool_calls : [];
  return calls.flatMap((c) => {
    const f = c && typeof c === "object" ? (c as Message).function : null;
    const name = f && typeof f === "object" ? (f as Message).name : null;
    return typeof name === "string" ? [name] : [];
  });
}

function fabrications(context: readonly unknown[]): FlowFinding[] {
  const out: FlowFinding[] = [];
  const called: string[] = [];
  context.forEach((raw, i) => {
    const m = (raw && typeof raw === "object" ? raw : {}) as Message;
    if (m.role !== "assistant") return;
    const said = text(m.content);
    for (const claim of CLAIMS) {
      const hit = claim.re.exec(said);
      if (hit && !called.some((n) => claim.tools.test(n))) {
        out.push({
          kind: "fabrication",
          turns: [],
          message: i,
          quote: said.trim(),
          detail: `Claims ${claim.what} ("${hit[0]}") with no matching tool call in the messages before it.`,
        });
        break;
      }
    }
    for (const n of toolNames(m)) called.push(n.toLowerCase().replace(/[^a-z0-9]/g, ""));
  });
  return out;
}

function skippedConfirmations(context: readonly unknown[]): FlowFinding[] {
  const out: FlowFinding[] = [];
  const msgs = context.map((m) => (m && typeof m === "object" ? m : {}) as Message);
  msgs.forEach((m, i) => {
    const asked = m.role === "assistant" ? text(m.content).trim() : "";
    if (!asked.endsWith("?")) return;
    const reply = msgs.findIndex((x, j) => j > i && x.role === "user");
    if (reply < 0) return;
    const answer = text((msgs[reply] as Message).content);
    if (
      words(answer)
        .slice(0, 6)
        .some((w) => CONFIRM_WORDS.has(w))
    )
      return;
    // The write the question was about: the next tool calls before the agent speaks again.
    for (let j = reply + 1; j < msgs.length; j++) {
      const x = msgs[j] as Message;
      if (x.role === "assistant" && text(x.content).trim() && toolNames(x).length === 0) break;
      const write = toolNames(x).find(isMutatingTool);
      if (write) {
        out.push({
          kind: "skipped-confirmation",
          turns: [],
          message: i,
          quote: asked,
          detail: `The question was answered "${answer.trim().slice(0, 80)}" (no yes/no/confirm), and the agent went on to call ${write} (message ${j}).`,
        });
        return;
      }
    }
  });
  return out;
}

interface TurnText {
  role: "agent" | "user";
  text: string;
  interrupted: boolean;
}

function loops(turns: readonly TurnText[]): FlowFinding[] {
  const agent = turns.map((t, i) => ({ t, i })).filter((x) => x.t.role === "agent" && !x.t.interrupted && x.t.text.trim());
  const out: FlowFinding[] = [];
  for (let k = 0; k + 2 < agent.length; k++) {
    const a = agent[k] as (typeof agent)[number];
    const b = agent[k + 1] as (typeof agent)[number];
    const c = agent[k + 2] as (typeof agent)[number];
    if (
      similarity(a.t.text, b.t.text) > LOOP_SIMILARITY &&
      similarity(b.t.text, c.t.text) > LOOP_SIMILARITY &&
      similarity(a.t.text, c.t.text) > LOOP_SIMILARITY
    ) {
      const last = out[out.length - 1];
      // Overlapping windows make one longer loop.
      if (last && last.turns.includes(a.i)) {
        if (!last.turns.includes(c.i)) last.turns.push(c.i);
        last.detail = `${last.turns.length} agent turns in a row say nearly the same thing.`;
      } else
        out.push({ kind: "loop", turns: [a.i, b.i, c.i], message: null, quote: c.t.text.trim(), detail: "3 agent turns in a row say nearly the same thing." });
    }
  }
  return out;
}

function echoes(turns: readonly TurnText[]): FlowFinding[] {
  const out: FlowFinding[] = [];
  let lastAgent: string | null = null;
  turns.forEach((t, i) => {
    if (t.role === "agent") {
      if (!t.interrupted) lastAgent = t.text;
      return;
    }
    if (t.interrupted) return;
    const phrase = AGENT_PHRASES.exec(t.text);
    const copy = lastAgent !== null && words(t.text).length >= 4 && similarity(t.text, lastAgent) > LOOP_SIMILARITY;
    if (phrase || copy) {
      out.push({
        kind: "echo",
        turns: [i],
        message: null,
        quote: t.text.trim(),
        detail: phrase
          ? `A user turn reads like the agent ("${phrase[0]}"): usually acoustic echo.`
          : "A user turn repeats the agent's previous turn: usually acoustic echo.",
      });
    }
  });
  return out;
}

export function flowAudit(turns: readonly TurnText[] | null, agentContext: readonly unknown[] | null): FlowAudit {
  const findings: FlowFinding[] = [];
  const skipped: FlowAudit["skipped"] = [];
  if (turns && turns.length) findings.push(...loops(turns), ...echoes(turns));
  else for (const kind of ["loop", "echo"] as FlowKind[]) skipped.push({ kind, reason: "no transcript turns" });
  if (agentContext && agentContext.length) findings.push(...fabrications(agentContext), ...skippedConfirmations(agentContext));
  else
    for (const kind of ["fabrication", "skipped-confirmation"] as FlowKind[])
      skipped.push({ kind, reason: agentContext ? "the agent context is empty ([]): tool calls unknown" : "no agent context" });
  return { findings, skipped };
}
