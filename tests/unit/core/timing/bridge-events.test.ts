import { describe, expect, it } from "vitest";
import { parseBridgeEvents } from "@/lib/core/timing";

const line = (time: string, msg: string) => `2026-06-18 ${time} | DEBUG    | nemo_voice_agent.evaluation.bridge:_log_rtvi_event:2150 - ${msg}`;

describe("bridge log timing events", () => {
  it("reads side-tagged TTFB and token lines, skipping None values", () => {
    const text = [
      line("07:23:30.000", "[RUN SCENARIO] Running scenario for 600 seconds..."),
      line("07:23:31.208", "[AGENT METRICS] ttfb processor=OpenAILLMService#0 value=0.512s"),
      line("07:23:31.300", "[AGENT METRICS] tokens prompt=5207 completion=110"),
      line("07:23:31.400", "[USER METRICS] ttfb processor=ElevenLabsTTSService#0 value=None"),
      line("07:23:31.500", "[USER METRICS] tokens prompt=None completion=12"),
      line("07:23:32.000", "[AGENT STARTED SPEAKING]"),
      line("07:23:33.000", "[TIMING] User started speaking"),
    ].join("\n");
    const b = parseBridgeEvents(text);
    expect(b.source).toBe("tagged");
    expect(b.routingStartMs).toBe(Date.UTC(2026, 5, 18, 7, 23, 30));
    expect(b.events.filter((e) => e.kind === "ttfb")).toEqual([
      { kind: "ttfb", t: Date.UTC(2026, 5, 18, 7, 23, 31, 208), side: "agent", processor: "OpenAILLMService#0", value: 0.512 },
    ]);
    expect(b.events.filter((e) => e.kind === "tokens").map((e) => e.kind === "tokens" && [e.side, e.prompt, e.completion])).toEqual([
      ["agent", 5207, 110],
      ["user", null, 12],
    ]);
    expect(b.events.filter((e) => e.kind === "speak").map((e) => e.kind === "speak" && `${e.side}-${e.edge}`)).toEqual(["agent-start", "user-start"]);
  });

  it("falls back to untagged frame dumps (old logs), over continuation lines", () => {
    const text = [
      line("07:23:31.208", "Received frame MetricsFrame"),
      "  {'ttfb': [{'processor': 'OpenAILLMService#0', 'model': 'gpt', 'value': 0.75}], 'tokens': [{'processor': 'OpenAILLMService#0', 'prompt_tokens': 900, 'completion_tokens': None}]}",
      line("07:23:35.000", "{'ttfb': [{'value': 0.2, 'processor': 'CartesiaTTSService#0'}]}"),
    ].join("\n");
    const b = parseBridgeEvents(text);
    expect(b.source).toBe("legacy");
    expect(
      b.events.map((e) => (e.kind === "ttfb" ? `${e.processor}=${e.value}@${e.side}` : e.kind === "tokens" ? `${e.prompt}/${e.completion}` : e.kind)),
    ).toEqual(["OpenAILLMService#0=0.75@null", "900/null", "CartesiaTTSService#0=0.2@null"]);
  });

  it("ignores dumps when tagged lines exist, and an empty log has nothing", () => {
    const text = [
      line("07:23:31.000", "{'ttfb': [{'processor': 'X', 'value': 9}]}"),
      line("07:23:31.208", "[AGENT METRICS] ttfb processor=NvidiaLLMService#0 value=1.000s"),
    ].join("\n");
    expect(parseBridgeEvents(text).events).toHaveLength(1);
    expect(parseBridgeEvents("")).toEqual({ events: [], source: "none", routingStartMs: null });
  });
});
