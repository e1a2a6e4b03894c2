import { describe, expect, it } from "vitest";
import { durationSourcesLine, harnessDuration, harnessLatency, latencySourcesLine, llmCallsLine } from "@/lib/core/insights/figure-sources";
import { cutInBy } from "@/lib/core/transcript";

// tau2_retail__43 of the bundled example's newest nightly run.
const metrics = { latency_stats: { count: 6, mean_ms: 14527.6, p50_ms: 4149.55, p95_ms: 67777.4 }, scenario_duration: 161.194175 };

describe("one figure, several sources: the harness's in the header, the others explained once", () => {
  it("latency: the log's and the recording's p50 named by their source, with why they differ", () => {
    const line = latencySourcesLine({ harness: harnessLatency(metrics), log: { n: 7, p50: 3.117 }, recordingGapsMs: [3600, 3670, 3700, 2000, 9000] });
    expect(line).toContain("Latency p50 4,150 ms is the harness's (metrics.json, 6 hand-offs)");
    expect(line).toContain("the conversation log's turn gaps say 3,117 ms (7 agent turns");
    expect(line).toContain("the recording's response gap 3,670 ms (5 hand-offs");
  });
  it("says nothing where the sources agree within their precision, or the harness has no figure", () => {
    expect(latencySourcesLine({ harness: harnessLatency(metrics), log: { n: 6, p50: 4.1501 }, recordingGapsMs: [4145] })).toBeNull();
    expect(
      latencySourcesLine({ harness: harnessLatency({ latency_stats: { count: 0, p50_ms: 0 } }), log: { n: 7, p50: 3.1 }, recordingGapsMs: null }),
    ).toBeNull();
    expect(harnessLatency({ latency_stats: { count: 2, p50_ms: "fast" } })).toBeNull();
  });
  it("duration: scenario_duration is the harness's; the log's and the recording's spans are the speech alone", () => {
    const line = durationSourcesLine({ scenarioDurationS: harnessDuration(metrics), logEndS: 158.295, recordingS: 158.3 });
    expect(line).toContain("Duration 161.2 s is the harness's (metrics.json scenario_duration");
    expect(line).toContain("the log's last turn ends at 158.3 s");
    expect(line).toContain("the recording lasts 158.3 s");
    expect(durationSourcesLine({ scenarioDurationS: 61.2, logEndS: 61.0, recordingS: null })).toBeNull();
    expect(harnessDuration({ scenario_duration: -3 }), "never a negative span").toBeNull();
  });
  it("LLM calls: the log's count against metrics.json's, said once", () => {
    expect(llmCallsLine("user", 6, 3)).toContain("user: the bridge log has 3 of the 6 LLM calls metrics.json counts");
    expect(llmCallsLine("agent", 12, 12)).toBeNull();
    expect(llmCallsLine("agent", null, 12)).toBeNull();
  });
});

describe("cutInBy: one rule for an interruption", () => {
  it("is the other side starting while a turn is spoken; the [INTERRUPTED] text alone is not one", () => {
    const turns = [
      { role: "user" as const, start: 22.5, end: 26.8 },
      { role: "agent" as const, start: 34.1, end: 36.2 }, // [INTERRUPTED] in the log, nobody spoke over it
      { role: "user" as const, start: 38.2, end: 41.0 },
      { role: "agent" as const, start: 42.0, end: 50.0 },
      { role: "user" as const, start: 45.0, end: 47.0 }, // the caller cuts in
      { role: "agent" as const, start: null, end: null },
    ];
    expect(cutInBy(turns)).toEqual([null, null, null, "user", null, null]);
  });
});
