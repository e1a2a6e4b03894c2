import { describe, expect, it } from "vitest";
import { parseConversationLog } from "@/lib/core/evidence/conversation-log";
import { scenarioTiming } from "@/lib/core/timing";

const HEAD = "RTVI Evaluation Bridge - Conversation Log\n" + "=".repeat(80) + "\nStart Time: 2026-06-18T07:23:25.000000\n" + "=".repeat(80) + "\n\n";
const END = "\n\n" + "=".repeat(80) + "\nEnd time: 2026-06-18T07:24:00.000000\nStop reason: [EXIT]\n" + "=".repeat(80) + "\n";
const conv = (lines: string[]) => parseConversationLog(HEAD + lines.join("\n") + END).value;
const L = (time: string, msg: string) => `2026-06-18 ${time} | DEBUG    | m:f:1 - ${msg}`;

// Routing starts at 07:23:30.000 (transcript 0 s).
const turns = [
  "[  2.000s -   4.000s] (2.000s) AGENT: Hi, how can I help?",
  "[  5.000s -   7.000s] (2.000s) USER: Cancel my order please.",
  "[ 10.000s -  12.000s] (2.000s) AGENT: Done, it is cancelled.",
  "  → Response latency: 3000.0ms",
  "[ 12.500s -  14.000s] (1.500s) USER: Thanks.",
];
const bridge = [
  L("07:23:30.000", "[RUN SCENARIO] Running scenario for 600 seconds..."),
  L("07:23:31.500", "[AGENT METRICS] ttfb processor=OpenAILLMService#0 value=0.800s"),
  L("07:23:31.600", "[AGENT METRICS] tokens prompt=1000 completion=20"),
  L("07:23:31.900", "[AGENT METRICS] ttfb processor=CartesiaTTSService#0 value=0.100s"),
  L("07:23:32.000", "[AGENT STARTED SPEAKING]"),
  L("07:23:34.500", "[USER METRICS] ttfb processor=OpenAILLMService#1 value=0.400s"),
  L("07:23:34.600", "[USER METRICS] tokens prompt=200 completion=None"),
  L("07:23:35.000", "[TIMING] User started speaking"),
  // Two agent LLM calls (a tool call, then the answer) and a TTS call before turn 2 at 10 s.
  L("07:23:37.500", "[AGENT METRICS] ttfb processor=OpenAILLMService#0 value=1.500s"),
  L("07:23:37.600", "[AGENT METRICS] tokens prompt=16000 completion=1600"),
  L("07:23:39.500", "[AGENT METRICS] ttfb processor=OpenAILLMService#0 value=0.500s"),
  L("07:23:39.600", "[AGENT METRICS] tokens prompt=1100 completion=30"),
  L("07:23:39.950", "[AGENT METRICS] ttfb processor=CartesiaTTSService#0 value=0.200s"),
  L("07:23:40.000", "[AGENT STARTED SPEAKING]"),
  L("07:23:42.400", "[TIMING] User started speaking"),
].join("\n");

describe("one scenario's timing", () => {
  const { timing, raw } = scenarioTiming({ conversation: conv(turns), segments: null, bridgeLog: bridge, agentContext: null });

  it("aligns on the speaking lines and attributes each metric to the next non-interrupted turn of its side", () => {
    expect(timing.alignment).toBe("speaking-lines");
    expect(timing.metrics_source).toBe("tagged");
    expect(timing.waterfall.map((w) => [w.turn, w.llm_calls])).toEqual([
      [0, 1],
      [2, 2],
    ]);
  });

  it("waterfall parts add up to the gap: 3 s = 1.5 + 0.5 (LLM) + 0.2 (TTS) + 0.8 remainder", () => {
    const w = timing.waterfall[1]!;
    expect(w.gap_s).toBe(3);
    expect(w.parts.map((p) => [p.kind, p.seconds])).toEqual([
      ["llm", 1.5],
      ["llm", 0.5],
      ["tts", 0.2],
      ["remainder", expect.closeTo(0.8, 9)],
    ]);
    expect(w.parts.reduce((s, p) => s + p.seconds, 0)).toBeCloseTo(w.gap_s, 9);
    expect(w.overrun).toBe(false);
  });

  it("LLM calls per turn: 3 agent LLM events over 2 answered agent turns", () => {
    const c = timing.calls_per_turn.agent;
    expect([c.llm_calls, c.turns, c.ratio]).toEqual([3, 2, 1.5]);
    expect(c.per_turn_mean_s).toBe(2.5); // (2 + 3) / 2
    expect(c.per_call_mean_s).toBeCloseTo((0.8 + 1.5 + 0.5) / 3, 9);
    expect(c.gap_s).toBeCloseTo(2.5 - 2.8 / 3, 9);
    expect(timing.calls_per_turn.user.ratio).toBe(0.5); // 1 LLM event over 2 user turns
  });

  it("stage TTFB grouped by side and processor", () => {
    expect(timing.ttfb.map((g) => [g.side, g.processor, g.n, g.max])).toEqual([
      ["agent", "CartesiaTTSService#0", 2, 0.2],
      ["agent", "OpenAILLMService#0", 3, 1.5],
      ["user", "OpenAILLMService#1", 1, 0.4],
    ]);
  });

  it("tokens per call: None skipped, bloat and long completions flagged", () => {
    const a = timing.tokens.agent;
    expect(a.calls).toBe(3);
    expect(a.prompt).toEqual({ sum: 18100, mean: 18100 / 3, p90: 16000, max: 16000 });
    expect(a.largest).toEqual({ prompt: 16000, completion: 1600 });
    expect(a.context_bloat).toBe(true);
    expect(a.long_completions).toBe(1);
    expect(timing.tokens.user).toMatchObject({ calls: 1, completion: null, total: 200, context_bloat: false });
    expect(raw.tokens.user).toEqual([{ prompt: 200, completion: null }]);
  });

  it("slowest turns carry their text and LLM-call count", () => {
    expect(timing.slowest.agent.map((s) => [s.turn, s.latency_s, s.llm_calls, s.text])).toEqual([
      [2, 3, 2, "Done, it is cancelled."],
      [0, 2, 1, "Hi, how can I help?"],
    ]);
    expect(timing.over_60s).toEqual([]);
  });

  it("turn-taking from the transcript when there are no segments, marked low-n", () => {
    const i = timing.interaction;
    expect(timing.interaction_source).toBe("transcript");
    expect(i.response_rate).toEqual({ value: 0.5, n: 2, low_n: true, na: null }); // the last user turn is unanswered
    expect(i.dead_air.gaps).toBe(3); // 4-5, 7-10, 12-12.5
    expect(i.dead_air.total_s.value).toBeCloseTo(4.5, 9);
    expect(i.dead_air.longest_s.value).toBe(3);
    expect(i.dead_air.over_3s).toBe(0);
    expect(i.yield_latency.na).toMatch(/never cut in/);
  });

  it("old logs without side tags: metrics take the side of the turn they precede (aligned on the routing line)", () => {
    const old = [
      L("07:23:30.000", "[RUN SCENARIO] Running scenario for 600 seconds..."),
      L("07:23:31.500", "{'ttfb': [{'processor': 'OpenAILLMService#0', 'value': 0.8}]}"),
      L("07:23:34.500", "{'ttfb': [{'processor': 'OpenAILLMService#1', 'value': 0.4}]}"),
      L("07:23:39.000", "{'tokens': [{'processor': 'OpenAILLMService#0', 'prompt_tokens': 50, 'completion_tokens': 5}]}"),
    ].join("\n");
    const r = scenarioTiming({ conversation: conv(turns), segments: null, bridgeLog: old, agentContext: null }).timing;
    expect(r.alignment).toBe("run-start-line");
    expect(r.metrics_source).toBe("legacy");
    expect(r.ttfb.map((g) => `${g.side}:${g.processor}`)).toEqual(["agent:OpenAILLMService#0", "user:OpenAILLMService#1"]);
    expect(r.tokens.agent.calls).toBe(1);
  });

  it("an empty scenario: no stats, N/A turn-taking with a reason", () => {
    const r = scenarioTiming({ conversation: null, segments: null, bridgeLog: null, agentContext: null }).timing;
    expect(r.turns).toEqual({ agent: null, user: null });
    expect(r.interaction.response_rate).toEqual({ value: null, n: 0, low_n: false, na: "no speech segments" });
    expect(r.alignment).toBe("none");
    expect(r.calls_per_turn.agent.ratio).toBeNull();
    expect(r.flow.skipped.map((s) => s.kind).sort()).toEqual(["echo", "fabrication", "loop", "skipped-confirmation"]);
  });
});
