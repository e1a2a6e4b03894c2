/**
 * Plays a script out on a timeline: speech segments, completed turns, response latencies, LLM
 * calls (for token metrics) and both bots' LLM contexts.
 */
import { END_TOOL } from "./domains/common";
import type { JsonObject, ScenarioDef, Script, ToolCall } from "./model";
import type { Rng } from "./prng";
import { dumps, type PyJson } from "./pyjson";
import { SECOND, type Micros } from "./time";
import { asrNoise } from "./transform";

export interface Segment {
  role: "user" | "agent";
  /** TTS text, or `[INTERRUPTED]`. */
  text: string;
  /** Seconds since the bridge started routing audio (end already shifted by −0.3 s). */
  start: number;
  end: number;
  /** Finished before the scenario ended (in-progress segments are logged but are not turns). */
  complete: boolean;
  /** For user segments: what the agent's recognizer delivered. */
  heard?: string;
  /** For an `[INTERRUPTED]` agent segment: the words it began to say (spoken in a speech WAV, never logged). */
  said?: string;
}

export interface LlmCall {
  side: "agent" | "user";
  /** Seconds since routing start at which the call's metrics arrived. */
  at: number;
  ttfb: number;
  prompt: number;
  completion: number;
}

export interface ToolEvent {
  at: number;
  call: ToolCall;
}

export interface Turn {
  at: Micros;
  role: "user" | "agent";
  text: string;
}

export interface LatencyEntry {
  user: string;
  agent: string;
  ms: number;
}

export interface Conversation {
  routingStart: Micros;
  endTime: Micros;
  segments: Segment[];
  turns: Turn[];
  latencies: LatencyEntry[];
  stop: StopReason;
  /** Who spoke last (the last finished turn), as a newer harness writes `last_speaker`. */
  lastSpeaker: "user" | "agent" | null;
  calls: LlmCall[];
  tools: ToolEvent[];
  agentContext: JsonObject[];
  userContext: JsonObject[];
  /** Seconds since routing start when the agent's exit message arrived. */
  exitAt?: number;
  /** The system prompt actually used (with padding). */
  agentPrompt: string;
}

export type StopReason = "[EXIT]" | "[TIMEOUT]" | "[SIMULATOR_EXIT]" | "[INACTIVITY_TIMEOUT]";

/**
 * A newer harness's conversation-end settings (1979de49, issue 57): the call also ends after
 * `inactivitySeconds` of silence, and under `valid-terminal-state` when the simulator reports its end.
 */
export interface ConversationEnd {
  policy: "tool-only" | "valid-terminal-state";
  inactivitySeconds: number;
}

export interface PlayOptions {
  /** Absent: an older harness (the call ends by the agent's end tool or the time cap only). */
  end?: ConversationEnd;
  zeroTurn: boolean;
  /** Extra bytes of read-only tool output / prompt text to grow the agent context. */
  padding?: { call: ToolCall } | { prompt: string };
  /** Seconds added to every agent response. */
  responseDelay?: number;
}

const INTERRUPTED = "[INTERRUPTED]";

function toolCallId(rng: Rng): string {
  return "call_" + rng.hex(24);
}

function contentOf(r: PyJson): string {
  return typeof r === "string" ? r : dumps(r);
}

interface LlmSide {
  chars: number;
  overhead: number;
  ttfb: [number, number];
  charsPerToken: number;
  least: number;
  extra: [number, number];
}

export function play(def: ScenarioDef, script: Script, start: Micros, rng: Rng, opts: PlayOptions): Conversation {
  const routingStart = start + Math.round(rng.float(2.2, 4.6) * SECOND);
  const cap = def.maxDuration;
  const rate = rng.float(14, 17.5);
  const speak = (text: string) => 0.35 + text.length / rate + rng.float(-0.15, 0.25);

  let agentPrompt = def.agentPrompt;
  const padding = opts.padding;
  if (padding && "prompt" in padding) agentPrompt += padding.prompt;

  const segs: Segment[] = [];
  const calls: LlmCall[] = [];
  const tools: ToolEvent[] = [];
  const agentCtx: Array<[number, JsonObject]> = [[0, { role: "system", content: agentPrompt }]];
  const userCtx: Array<[number, JsonObject]> = [[0, { role: "system", content: def.userPrompt }]];
  // Each side's LLM: the context it has read so far (in characters) and how its calls are sized and timed.
  const llm: Record<"agent" | "user", LlmSide> = {
    agent: {
      chars: agentPrompt.length,
      overhead: 300 * def.agentTools.length + rng.int(200, 600),
      ttfb: [0.25, 2.4],
      charsPerToken: 3.6,
      least: 3,
      extra: [4, 90],
    },
    user: {
      chars: def.userPrompt.length,
      overhead: 180 * def.userTools.length + rng.int(100, 300),
      ttfb: [0.2, 1.2],
      charsPerToken: 3.8,
      least: 2,
      extra: [1, 40],
    },
  };
  const llmCall = (side: "agent" | "user", at: number, out: string) => {
    const s = llm[side];
    calls.push({
      side,
      at,
      ttfb: rng.float(s.ttfb[0], s.ttfb[1]),
      prompt: Math.round(s.chars / s.charsPerToken) + s.overhead,
      completion: Math.max(s.least, Math.round(out.length / 4)) + rng.int(s.extra[0], s.extra[1]),
    });
    s.chars += out.length;
  };
  const agentCall = (at: number, out: string) => llmCall("agent", at, out);
  const userCall = (at: number, out: string) => llmCall("user", at, out);
  const pushAgent = (m: JsonObject, at: number) => {
    agentCtx.push([at, m]);
    if (typeof m.content === "string") llm.agent.chars += m.content.length;
  };
  const pushUser = (m: JsonObject, at: number) => {
    userCtx.push([at, m]);
    if (typeof m.content === "string") llm.user.chars += m.content.length;
  };
  const runTool = (c: ToolCall, at: number, ctx: "agent" | "user") => {
    const id = toolCallId(rng);
    const argText = dumps(c.args);
    const callMsg: JsonObject = { role: "assistant", tool_calls: [{ id, function: { name: c.name, arguments: argText }, type: "function" }] };
    const resultMsg: JsonObject = { role: "tool", content: contentOf(c.result), tool_call_id: id };
    if (ctx === "agent") {
      agentCall(at - 0.1, argText);
      pushAgent(callMsg, at);
      pushAgent(resultMsg, at);
    } else {
      userCall(at - 0.1, argText);
      pushUser(callMsg, at);
      pushUser(resultMsg, at);
    }
    tools.push({ at, call: c });
  };

  let stop: StopReason = "[TIMEOUT]";
  let exitAt: number | undefined;
  /** Where a newer harness ends a call the agent did not end (seconds since routing start). */
  let endAt: number | undefined;
  let t = 1.0;

  if (!opts.zeroTurn) {
    pushAgent({ role: "user", content: "Hello" }, t);
    const gStart = t + rng.float(0.35, 1.4);
    agentCall(gStart - 0.2, script.greeting);
    pushAgent({ role: "assistant", content: script.greeting }, gStart);
    const stallGreeting = script.exchanges.length > 0 && script.exchanges[0]?.agent === "" && rng.chance(0.3);
    segs.push({
      role: "agent",
      text: stallGreeting ? script.greeting.split(" ").slice(0, 4).join(" ") : script.greeting,
      start: gStart,
      end: gStart + speak(script.greeting),
      complete: true,
    });
    pushUser({ role: "user", content: script.greeting }, gStart);
    t = (segs[segs.length - 1] as Segment).end;

    const exchanges = [...script.exchanges];
    if (padding && "call" in padding) {
      const i = Math.max(
        0,
        exchanges.findIndex((e) => (e.tools?.length ?? 0) > 0 && !e.tools?.some((c) => c.mutating || c.push)),
      );
      const e = exchanges[i];
      if (e && e.agent !== "") exchanges[i] = { ...e, tools: [...(e.tools ?? []), padding.call] };
    }

    for (const ex of exchanges) {
      // The caller: optional phone-control tool calls, then speech.
      let uStart = t + rng.float(0.9, 2.8);
      const planted = ex.timing;
      if (planted?.pauseBefore !== undefined) uStart = t + planted.pauseBefore;
      const lastSeg = segs[segs.length - 1];
      if (planted?.userBargeIn && lastSeg?.role === "agent") uStart = Math.max(lastSeg.start + 0.5, lastSeg.end - 1.2);
      for (const c of ex.userTools ?? []) {
        runTool(c, uStart, "user");
        uStart += rng.float(0.4, 1.1);
      }
      userCall(uStart - 0.3, ex.user);
      pushUser({ role: "assistant", content: ex.user }, uStart);
      const heard = ex.heard ?? asrNoise(ex.user, rng) ?? ex.user;
      const uEnd = uStart + speak(ex.user);
      segs.push({ role: "user", text: ex.user, start: uStart, end: uEnd, complete: true, heard });
      pushAgent({ role: "user", content: heard }, uStart);
      t = uEnd;
      if (ex.agent === "") break; // the agent LLM hung

      // The agent: optional filler, tool calls, reply.
      let aStart = uEnd + (rng.chance(0.07) ? rng.float(4, 9) : rng.float(0.45, 2.0)) + (opts.responseDelay ?? 0);
      if (cap >= 600 && rng.chance(0.012)) aStart = uEnd + rng.float(60.5, 72);
      if (rng.chance(0.04)) aStart = Math.max(uStart + 0.4, uEnd - rng.float(0.05, 0.25));
      if (planted?.agentBargeIn) aStart = Math.max(uStart + 0.4, uEnd - 0.9);
      else if (planted) aStart = Math.min(aStart, uEnd + 2.0);
      if (ex.agentPre) {
        agentCall(aStart - 0.2, ex.agentPre);
        pushAgent({ role: "assistant", content: ex.agentPre }, aStart);
        segs.push({ role: "agent", text: ex.agentPre, start: aStart, end: aStart + speak(ex.agentPre), complete: true });
        pushUser({ role: "user", content: ex.agentPre }, aStart);
        aStart = (segs[segs.length - 1] as Segment).end + rng.float(0.2, 0.8);
      }
      for (const c of ex.tools ?? []) {
        runTool(c, aStart, "agent");
        aStart += rng.float(0.7, 2.4);
      }
      agentCall(aStart - 0.2, ex.agent);
      pushAgent({ role: "assistant", content: ex.agent }, aStart);
      pushUser({ role: "user", content: ex.agent }, aStart);
      const interrupted = rng.chance(0.07) && !planted;
      const dur = speak(ex.agent) * (interrupted ? rng.float(0.3, 0.7) : 1);
      segs.push({
        role: "agent",
        text: interrupted ? INTERRUPTED : ex.agent,
        start: aStart,
        end: aStart + dur,
        complete: true,
        ...(interrupted ? { said: ex.agent } : {}),
      });
      t = aStart + dur;
    }

    if (script.endCall && exchanges.every((e) => e.agent !== "")) {
      exitAt = t + rng.float(0.2, 0.9);
      agentCall(exitAt - 0.1, "{}");
      const id = toolCallId(rng);
      pushAgent({ role: "assistant", tool_calls: [{ id, function: { name: END_TOOL, arguments: "{}" }, type: "function" }] }, exitAt);
      pushAgent({ role: "tool", content: '{"success": true, "message": "Exit message sent."}', tool_call_id: id }, exitAt);
      stop = "[EXIT]";
    }
    for (const nudge of script.trailingUser ?? []) {
      const s = t + rng.float(8, 28);
      userCall(s - 0.3, nudge);
      pushUser({ role: "assistant", content: nudge }, s);
      segs.push({ role: "user", text: nudge, start: s, end: s + speak(nudge), complete: true, heard: nudge });
      pushAgent({ role: "user", content: nudge }, s);
      t = s + speak(nudge);
    }
  }

  // A newer harness ends the call the agent did not: the simulator's end (only under
  // valid-terminal-state), else the inactivity timeout after the last speech.
  if (stop !== "[EXIT]" && opts.end && !opts.zeroTurn) {
    if (script.callerEnds && opts.end.policy === "valid-terminal-state") {
      stop = "[SIMULATOR_EXIT]";
      endAt = t + rng.float(0.4, 1.2);
    } else {
      stop = "[INACTIVITY_TIMEOUT]";
      endAt = t + opts.end.inactivitySeconds;
    }
  }

  // The time cap: later segments are never spoken; one spanning the cap is logged but unfinished.
  let endSec: number;
  if (stop === "[EXIT]" && exitAt !== undefined && exitAt <= cap) {
    endSec = exitAt + rng.float(1.2, 3.2);
  } else if ((stop === "[SIMULATOR_EXIT]" || stop === "[INACTIVITY_TIMEOUT]") && endAt !== undefined && endAt <= cap) {
    endSec = endAt + rng.float(0.3, 0.9);
    exitAt = undefined;
  } else {
    stop = "[TIMEOUT]";
    exitAt = undefined;
    endSec = cap + rng.float(0.8, 2.6);
  }
  const kept = segs.filter((s) => s.start < cap).map((s) => (s.end > cap ? { ...s, end: cap, complete: false } : s));
  kept.sort((a, b) => a.start - b.start);
  const keptCalls = calls.filter((c) => c.at < cap);
  const keptTools = tools.filter((x) => x.at < cap);

  const turns: Turn[] = kept
    .filter((s) => s.complete)
    .map((s) => ({ at: routingStart + Math.round((s.end + rng.float(0.02, 0.09)) * SECOND), role: s.role, text: s.text }))
    .sort((a, b) => a.at - b.at);

  const latencies: LatencyEntry[] = [];
  let lastUser: Segment | undefined;
  let handedOff = true;
  for (const s of kept) {
    if (s.role === "user") {
      if (s.complete) {
        lastUser = s;
        handedOff = false;
      }
      continue;
    }
    if (!lastUser || handedOff) continue;
    handedOff = true;
    const conv = (s.start - lastUser.end) * 1000;
    let ms = conv > 150 ? conv - rng.float(30, 110) : rng.float(20, 60);
    if (rng.chance(0.05)) ms = Math.floor(ms) + 0.25;
    latencies.push({ user: lastUser.text, agent: s.complete ? s.text : "", ms });
  }

  const lastDone = [...kept].reverse().find((s) => s.complete);
  return {
    routingStart,
    endTime: routingStart + Math.round(endSec * SECOND),
    segments: kept,
    turns,
    latencies,
    stop,
    lastSpeaker: lastDone ? lastDone.role : null,
    calls: keptCalls,
    tools: keptTools,
    agentContext: opts.zeroTurn ? [] : agentCtx.filter(([at]) => at < cap).map(([, m]) => m),
    userContext: opts.zeroTurn ? [] : userCtx.filter(([at]) => at < cap).map(([, m]) => m),
    exitAt,
    agentPrompt,
  };
}
