/**
 * The likely causes of a scenario's outcome as its page shows them (issue 43): the evidence hints
 * (hints.ts, flow hints), plus what the page itself sees — a slow turn, an identifier read back
 * wrong, an audio finding, a judge that scored a call that never happened — each with its evidence
 * and where it is, and the turn where the call went wrong when one is known. Pure: the scenario
 * page, the reports and the MCP server call it with what they have.
 */
import type { Hint } from "./hints";
import { readBackMismatches } from "./read-back";

/** What a real line does (docs/architecture.md, "Audio"): found on the recording, owned by the line rather than a turn. */
const LINE_DEFECTS = ["noisy_line", "dropout", "dead_stream", "echo", "loop", "cut_off"] as const;
export type Owner = Hint["owner"];

export interface LikelyCause {
  kind: string;
  owner: Owner;
  secondary?: Owner;
  /** "bad" (red): the agent's doing; "warn" (amber): not the agent's, or not evidence; never green. */
  tone: "bad" | "warn" | "info";
  message: string;
  /** What was seen, in a few words (a figure, a quote); `null` when the message says it. */
  evidence: string | null;
  /** Anchor id on the scenario page. */
  anchor: string;
  /** The transcript turn it points at, when one is known. */
  turn: number | null;
  /** Other evidence of the same event (a slow turn's dead air on the recording, a misheard utterance read back): one cause, not two. */
  also?: string[];
  /** A page that shows the evidence side by side (the two calls of a divergence), when there is one. */
  href?: string;
}

export interface LikelyCauses {
  /** In call order: the causes that point at a turn by their turn, then the others. */
  causes: LikelyCause[];
  /** The first cause's turn: where the call went wrong, when it points at one. */
  wentWrongAt: { turn: number; why: string } | null;
}

export interface CauseTurn {
  role: "user" | "agent";
  text: string;
  /** The agent's response latency (or the user's gap), ms. */
  latencyMs: number | null;
  /** Seconds into the call, when known. */
  at: number | null;
}

export interface LikelyCausesInput {
  /** The scenario's evidence hints (hints() and flowHints()). */
  hints: readonly Hint[];
  /** The transcript as the page shows it. */
  turns: readonly CauseTurn[];
  /** Transcript turns of a hint's evidence anchor: a flow finding's (`flow-0` …), a misheard utterance's (`asr-2` …). */
  anchorTurns?: ReadonlyMap<string, readonly number[]>;
  /** The run's pooled agent response latency p95, ms. */
  runP95Ms: number | null;
  /** metrics.json's turn count. */
  turnCount: number | null;
  /** token_usage.agent.n_calls (or the stall rule's count). */
  agentLlmCalls: number | null;
  /** The judge gave a score (a number, NaN included) for this call. */
  judgeScored: boolean;
  /** What the recording says where it and the logs disagree, when it was measured. */
  audio?: ReadonlyArray<{ kind: string; side: string; start: number; end: number; message: string }> | null;
  /** Where this call first differs from the newest earlier run of its suite in which the scenario passed, when one was compared. */
  divergence?: DivergenceFromPass | null;
}

/**
 * The first difference from the last passing run: by exchange (the agent's k-th reply, from 0), with
 * the reason and the two calls side by side. `byActions`: the tool calls (or where the calls end)
 * differ there, not only the words; `wordsFrom`: an earlier reply where only the words differ.
 */
export interface DivergenceFromPass {
  run: string;
  exchange: number;
  reason: string;
  byActions: boolean;
  wordsFrom: number | null;
  href: string;
}

/** A turn slower than this, or than the run's p95 × SLOW_P95_FACTOR, is a cause. */
export const SLOW_TURN_MS = 60_000;
export const SLOW_P95_FACTOR = 3;
/** At most this many lines of one kind; the rest are counted on the last. */
const PER_KIND = 3;

const TONE: Record<Owner, LikelyCause["tone"]> = { agent: "bad", "user-sim": "info", ASR: "info", framework: "warn", judge: "warn" };

const AUDIO: Record<string, { owner: Owner; secondary?: Owner; title: string }> = {
  talk_over: { owner: "agent", secondary: "user-sim", title: "Talk-over" },
  silent_turn: { owner: "framework", title: "Silent turn" },
  dead_air: { owner: "agent", secondary: "framework", title: "Dead air" },
  unlogged_speech: { owner: "framework", title: "Unlogged speech" },
  clipping: { owner: "framework", title: "Clipping" },
};

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The last turn that started at or before `t` seconds. */
function turnAt(turns: readonly CauseTurn[], t: number): number | null {
  let found: number | null = null;
  for (const [i, turn] of turns.entries()) {
    if (turn.at === null) continue;
    if (turn.at <= t + 1e-9) found = i;
    else break;
  }
  return found;
}

function capped(list: LikelyCause[]): LikelyCause[] {
  if (list.length <= PER_KIND) return list;
  const kept = list.slice(0, PER_KIND);
  const last = kept[PER_KIND - 1] as LikelyCause;
  kept[PER_KIND - 1] = { ...last, message: `${last.message} (and ${list.length - PER_KIND} more like it)` };
  return kept;
}

export function likelyCauses(x: LikelyCausesInput): LikelyCauses {
  const causes: LikelyCause[] = [];
  const noCall = x.turnCount === 0 || x.agentLlmCalls === 0;
  // A judge that scored a call that never happened: its score is not evidence, whatever it says.
  if (x.judgeScored && noCall) {
    const what = [x.turnCount === 0 ? "0 turns" : null, x.agentLlmCalls === 0 ? "0 agent LLM calls" : null].filter(Boolean).join(" and ");
    causes.push({
      kind: "phantom-judge",
      owner: "judge",
      secondary: "framework",
      tone: "warn",
      message: "Judged a call that never happened: the judge scored a conversation with no agent in it; its score is not evidence.",
      evidence: what,
      anchor: "judge",
      turn: null,
    });
  }
  for (const h of x.hints) {
    const turns = x.anchorTurns?.get(h.evidence);
    const turn = turns && turns.length ? Math.min(...turns) : null;
    causes.push({
      kind: h.kind,
      owner: h.owner,
      ...(h.secondary ? { secondary: h.secondary } : {}),
      tone: TONE[h.owner],
      message: h.message,
      evidence: null,
      anchor: turn === null ? h.evidence : `turn-${turn}`,
      turn,
    });
  }
  const readBack: LikelyCause[] = readBackMismatches(x.turns).map((m) => ({
    kind: "read-back",
    owner: "ASR",
    secondary: "agent",
    tone: "bad",
    message: `The agent read back ${m.readBack} where the caller said ${m.said}: a misheard identifier, acted on without confirming it.`,
    evidence: `turn ${m.userTurn} → turn ${m.agentTurn}`,
    // Where it went wrong is where it was misheard; the read-back is the evidence.
    anchor: `turn-${m.userTurn}`,
    turn: m.userTurn,
  }));
  causes.push(...capped(readBack));
  const limit = x.runP95Ms !== null && x.runP95Ms > 0 ? Math.min(SLOW_TURN_MS, x.runP95Ms * SLOW_P95_FACTOR) : SLOW_TURN_MS;
  const slow: LikelyCause[] = [];
  for (const [i, t] of x.turns.entries()) {
    if (t.role !== "agent" || t.latencyMs === null || !(t.latencyMs > limit)) continue;
    const over = t.latencyMs > SLOW_TURN_MS ? "over 60 s" : `over ${SLOW_P95_FACTOR} × the run's p95 (${secs(x.runP95Ms as number)})`;
    slow.push({
      kind: "slow-turn",
      owner: "agent",
      secondary: "framework",
      tone: "warn",
      message: `Slow turn ${i}: the agent took ${secs(t.latencyMs)} to answer, ${over}.`,
      evidence: secs(t.latencyMs),
      anchor: `turn-${i}`,
      turn: i,
    });
  }
  const byKind = new Map<string, LikelyCause[]>();
  for (const f of x.audio ?? []) {
    const a = AUDIO[f.kind] ?? { owner: "framework" as const, title: f.kind };
    // The recording's silence before a slow turn is that turn's wait: evidence of the same cause.
    const waitedFor = slow.find((c) => c.turn !== null && sameWait(x.turns[c.turn] as CauseTurn, f));
    if (waitedFor) {
      waitedFor.also = [...(waitedFor.also ?? []), `${a.title.toLowerCase()} on the recording, ${f.start.toFixed(1)}–${f.end.toFixed(1)} s`];
      continue;
    }
    const turn = turnAt(x.turns, f.start);
    const list = byKind.get(f.kind) ?? [];
    list.push({
      kind: `audio-${f.kind}`,
      owner: a.owner,
      ...(a.secondary ? { secondary: a.secondary } : {}),
      tone: "warn",
      message: `${a.title} in the recording at ${f.start.toFixed(1)} s: ${f.message}`,
      evidence: `${f.side}, ${f.start.toFixed(1)}–${f.end.toFixed(1)} s`,
      anchor: turn === null ? "audio" : `turn-${turn}`,
      turn,
    });
    byKind.set(f.kind, list);
  }
  // After the audio findings: those of a slow turn's wait are its evidence.
  causes.push(...capped(slow));
  for (const list of byKind.values()) causes.push(...capped(list));
  foldMisheard(causes);
  // A line defect (a dropout, noise, an echo…) is the line's, not a decision at a turn: listed after the causes that point at one, and says so.
  const lineDefect = (c: LikelyCause) => LINE_DEFECTS.some((k) => c.kind === `audio-${k}`);
  if (causes.some((c) => c.turn !== null && !lineDefect(c)))
    for (const [i, c] of causes.entries())
      if (lineDefect(c) && c.turn !== null)
        causes[i] = {
          ...c,
          message: `${c.message}${/[.!?]$/.test(c.message) ? "" : "."} Listed after the causes that point at a turn: a defect of the line, not a decision.`,
        };
  // A difference in words alone is where it went wrong only when nothing else points at a turn.
  const pointedBefore = causes.some((c) => c.turn !== null);
  if (x.divergence) {
    const d = divergenceCause(x.divergence, x.turns);
    const demoted = !x.divergence.byActions && pointedBefore;
    causes.push(demoted ? { ...d, message: `${d.message} Listed after the causes that point at a turn: a difference in words alone.` } : d);
  }
  // Call order: a cause that points at a turn by its turn, then the rest (line defects and a demoted divergence among them); stable otherwise.
  const rank = (c: LikelyCause) =>
    c.turn === null || lineDefect(c) || (c.kind === "divergence" && !x.divergence?.byActions && pointedBefore) ? Infinity : c.turn;
  const ordered = causes.map((c, i) => ({ c, i })).sort((p, q) => rank(p.c) - rank(q.c) || p.i - q.i);
  const sorted = ordered.map((o) => o.c);
  const first = sorted[0];
  return { causes: sorted, wentWrongAt: first && rank(first) !== Infinity ? { turn: first.turn as number, why: first.message } : null };
}

/** Whether a stretch of the recording lies mostly in the wait before an agent turn (its latency before its start). */
function sameWait(turn: CauseTurn, f: { start: number; end: number }): boolean {
  if (turn.at === null || turn.latencyMs === null) return false;
  const from = turn.at - turn.latencyMs / 1000;
  const shared = Math.min(turn.at, f.end) - Math.max(from, f.start);
  return shared > 0 && shared >= 0.5 * (f.end - f.start);
}

/** The ASR hint's misheard utterance and the identifier read back from it are one event: the read-back carries both. */
function foldMisheard(causes: LikelyCause[]): void {
  const asr = causes.findIndex((c) => c.kind === "asr" && c.turn !== null);
  const readBack = causes.find((c) => c.kind === "read-back" && asr >= 0 && c.turn === causes[asr]?.turn);
  if (!readBack) return;
  readBack.also = [...(readBack.also ?? []), (causes[asr] as LikelyCause).message];
  causes.splice(asr, 1);
}

/** The divergence's exchange as a turn of the page's transcript: the agent's k-th reply (its last turn when the call ends before it). */
function divergenceCause(d: DivergenceFromPass, turns: readonly CauseTurn[]): LikelyCause {
  const agentTurns = [...turns.entries()].filter(([, t]) => t.role === "agent").map(([i]) => i);
  const turnOf = (exchange: number) => agentTurns[exchange] ?? (turns.length > 0 ? turns.length - 1 : null);
  const turn = turnOf(d.exchange);
  // Named by this transcript's turn, as every other cause is (the side-by-side page shows the same number).
  const at = (exchange: number) => {
    const t = turnOf(exchange);
    return t === null ? `the agent's reply ${exchange + 1}` : `turn ${t}`;
  };
  return {
    kind: "divergence",
    owner: "agent",
    tone: "info",
    message:
      `First difference ${d.byActions ? "in what the agent did " : ""}from ${d.run}, where this scenario passed: ${d.reason} at ${at(d.exchange)}` +
      (d.wordsFrom !== null ? `; its words differ from ${at(d.wordsFrom)}.` : "."),
    evidence: null,
    anchor: turn === null ? "transcript" : `turn-${turn}`,
    turn,
    href: d.href,
  };
}
