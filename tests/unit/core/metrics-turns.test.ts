import { describe, expect, it } from "vitest";
import { metricsTurns, shownTurns, absentSourcesLine } from "@/lib/core/transcript";

const stamp = (s: number) => `2026-11-30T02:01:${String(50 + s).padStart(2, "0")}.250000`;

describe("metricsTurns", () => {
  it("reads role, text and the time since the first timestamp, and places each latency on its agent turn by words", () => {
    const metrics = {
      turns: [
        { timestamp: "2026-11-30T02:01:50", role: "agent", text: "Hi, how can I help?" },
        { timestamp: stamp(5), role: "user", text: "The order number is W 1 5 3 5 6 4 1." },
        { timestamp: stamp(9), role: "agent", text: "I see order #E1535641." },
        { timestamp: stamp(12), role: "user", text: "Yes." },
        { timestamp: stamp(15), role: "agent", text: "Done." },
      ],
      latencies: [
        { user_transcript: "The order number is  W 1 5 3 5 6 4 1.", agent_transcript: "I see order #E1535641.", latency_ms: 6848.2 },
        { user_transcript: "Yes.", agent_transcript: "", latency_ms: 2060.9 },
        { user_transcript: "never said", agent_transcript: "x", latency_ms: 1 },
      ],
    };
    const r = metricsTurns(metrics);
    expect(r.turns.map((t) => [t.role, t.at])).toEqual([
      ["agent", 0],
      ["user", 5.25],
      ["agent", 9.25],
      ["user", 12.25],
      ["agent", 15.25],
    ]);
    expect(r.turns.map((t) => t.statedLatencyMs)).toEqual([null, null, 6848.2, null, 2060.9]);
    expect(r.unplacedLatencies).toBe(1);
    expect(r.problems).toEqual([]);
  });

  it("shows what it can of bad entries and names each fault, never throwing", () => {
    const metrics = { turns: [42, null, { text: "no role" }, { role: "user", text: 7 }, { role: "agent", text: "fine", timestamp: "yesterday" }, "x"] };
    const r = metricsTurns(metrics);
    expect(r.turns.map((t) => [t.role, t.text])).toEqual([
      ["user", ""],
      ["agent", "fine"],
    ]);
    const messages = r.problems.map((p) => p.message);
    expect(messages).toEqual([
      "turns[0], turns[1], turns[5] are not an object: left out of the transcript",
      'turns[2] has no role "user" or "agent": left out of the transcript',
      "turns[3] has a text that is not a string: shown without words",
      "turns[4] has a timestamp that is not an ISO time: shown without a time",
    ]);
    expect(r.problems.every((p) => p.file === "metrics.json" && p.kind === "schema")).toBe(true);
    expect(metricsTurns({ turns: "nope" }).problems[0]?.message).toMatch(/turns is a string, not an array/);
    expect(metricsTurns(null)).toEqual({ turns: [], problems: [], unplacedLatencies: 0 });
  });

  it("reads 10,000 turns with as many unmatched latencies in linear time", () => {
    const turns = Array.from({ length: 10_000 }, (_, i) => ({ role: i % 2 ? "user" : "agent", text: `turn ${i}`, timestamp: stamp(0) }));
    const latencies = Array.from({ length: 10_000 }, (_, i) => ({ user_transcript: `unsaid ${i}`, agent_transcript: "", latency_ms: 1 }));
    const r = metricsTurns({ turns, latencies });
    expect(r.turns).toHaveLength(10_000);
    expect(r.unplacedLatencies).toBe(10_000);
  });
});

describe("shownTurns without a conversation log", () => {
  it("falls back to metrics.json's turns, untimed, with the stated latencies", () => {
    const t = shownTurns({
      conversation: null,
      segments: null,
      metrics: {
        turns: [
          { role: "user", text: "hi" },
          { role: "agent", text: "hello" },
        ],
        latencies: [{ user_transcript: "hi", agent_transcript: "hello", latency_ms: 900 }],
      },
    });
    expect(t.source).toBe("metrics.json");
    expect(t.timed).toBe(false);
    expect(t.turns.map((x) => [x.start, x.latencyMs])).toEqual([
      [null, null],
      [null, 900],
    ]);
  });
  it("prefers the log's timed turns when it has any", () => {
    const t = shownTurns({
      conversation: { turns: [{ role: "user", start: 0, end: 1, duration: 1, text: "hi", interrupted: false, responseLatencyMs: null }] },
      metrics: { turns: [{ role: "agent", text: "x" }] },
    });
    expect([t.source, t.timed]).toEqual(["conversation_log.txt", true]);
  });
});

describe("absentSourcesLine", () => {
  it("names each richer source that is absent, with what it would add", () => {
    const present = (p: string) => p === "metrics.json" || p === "bot_logs_agent/llm_context.json";
    expect(absentSourcesLine(present, "metrics.json")).toBe(
      "Turns from metrics.json; absent: conversation_log.txt / .seglst.json (per-segment times), bridge_log.txt (stage timing), user LLM context (heard vs meant), conversation_log.wav (the recording).",
    );
    expect(absentSourcesLine(() => true, "metrics.json")).toBeNull();
  });
});
