/** What the live index keeps of a metrics.json must score exactly like the whole file. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { foldRecords, latencyValues, readMetrics, recordFromTexts, scenarioRow, slimMetrics, type ScenarioRecord } from "@/lib/core";

const RUN = join(__dirname, "../../fixtures/harness/stalls/run/eval_20260804_144300");
const names = readdirSync(RUN, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

function records(slim: boolean): ScenarioRecord[] {
  return names.map((name) => {
    const metrics = readMetrics(readFileSync(join(RUN, name, "metrics.json"), "utf8")).value as Record<string, unknown>;
    let judgeText: string | null = null;
    try {
      judgeText = readFileSync(join(RUN, name, "judge_result.json"), "utf8");
    } catch {
      // no judge for this scenario
    }
    const { record } = recordFromTexts(name, slim ? slimMetrics(metrics) : metrics, { judgeText, agentContextText: null });
    return record;
  });
}

describe("slimMetrics", () => {
  it("drops the transcripts and keeps what scoring reads, equal", () => {
    const full = readMetrics(readFileSync(join(RUN, names[0] as string, "metrics.json"), "utf8")).value as Record<string, unknown>;
    const slim = slimMetrics(full);
    expect(slim).not.toHaveProperty("scenario_directory");
    expect(slim).not.toHaveProperty("trace_metrics");
    if (typeof full.total_turns === "number") expect(slim).not.toHaveProperty("turns");
    expect(slim.success_breakdown).toEqual(full.success_breakdown);
    expect(slim.stop_reason).toEqual(full.stop_reason);
    expect(latencyValues(slim)).toEqual(latencyValues(full));
  });

  it("gives the same rows and the same fold as the whole files", () => {
    expect(names.length).toBeGreaterThan(5);
    const whole = records(false);
    const slim = records(true);
    expect(slim.map((r) => scenarioRow(r, 3))).toEqual(whole.map((r) => scenarioRow(r, 3)));
    expect(foldRecords(slim, 3)).toEqual(foldRecords(whole, 3));
  });
});
