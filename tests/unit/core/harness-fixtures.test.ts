/** Every reference case: the recomputed all_summary.txt is byte-identical to the harness's. */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSummaryJson, scenarioRow } from "@/lib/core";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";

const ROOTS = [join(__dirname, "../../fixtures/harness"), join(__dirname, "../../fixtures/spec")];

const cases = ROOTS.flatMap((root) =>
  readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => {
      const dir = join(root, e.name);
      const runName = readdirSync(join(dir, "run"))[0] as string;
      return { name: e.name, run: join(dir, "run", runName), expected: join(dir, "expected") };
    }),
);

describe("reference cases", () => {
  it("finds the published cases", () => {
    expect(cases.map((c) => c.name)).toEqual(expect.arrayContaining(["small-2-domains", "stalls", "judge-only", "spec-example-a", "spec-example-b"]));
  });

  it.each(cases)("$name: all_summary.txt byte for byte", async ({ run, expected }) => {
    const { analysis } = await analyzeFolder(run);
    expect(analysis.summaryText).toBe(readFileSync(join(expected, "all_summary.txt"), "utf8"));
  });

  it.each(cases.filter((c) => existsSync(join(c.expected, "all_metrics.json"))))("$name: JSON agrees with all_metrics.json", async ({ run, expected }) => {
    const { analysis } = await analyzeFolder(run);
    const allMetrics = JSON.parse(readFileSync(join(expected, "all_metrics.json"), "utf8")) as Array<Record<string, unknown>>;
    const json = runSummaryJson(analysis);
    expect(json.order).toEqual(allMetrics.map((m) => m.scenario_name));
    expect(json.scenario_count).toBe(allMetrics.length);
    const rows = analysis.records.map((r) => scenarioRow(r, analysis.plan.minAgentTurns));
    rows.forEach((row, i) => {
      const m = allMetrics[i] as Record<string, unknown>;
      expect(row.name).toBe(m.scenario_name);
      if (typeof m.is_successful === "boolean" && !row.stalled) expect(row.verdict).toBe(m.is_successful);
      if (m.insufficient_agent_turns) expect(row.stalled).toBe(true);
      expect(row.turns).toBe(m.total_turns);
      expect(row.success_breakdown.failed).toEqual((m.success_breakdown as { failed: string[] }).failed);
    });
    // The counted success rate is over every record with a boolean verdict plus the stalled ones.
    const counted = allMetrics.filter((m) => typeof m.is_successful === "boolean");
    expect(json.rates.success_rate.denominator).toBe(counted.length);
    expect(json.rates.success_rate.numerator).toBe(rows.filter((r) => r.verdict === true).length);
    const sumCalls = allMetrics.reduce((s, m) => s + ((m.token_usage as { agent: { n_calls: number } } | undefined)?.agent.n_calls ?? 0), 0);
    expect(json.tokens.agent.n_calls).toBe(sumCalls);
  });
});
