/** The bundled example shows automatic retries (issue 45): the last nightly run retried two scenarios, the night before none. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { attemptFoldersOf, runRetries, scenarioRetries } from "@/lib/core";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";

const NIGHTLY = join(__dirname, "../../examples/results/nightly");

async function retriesOf(run: string) {
  const dir = join(NIGHTLY, run);
  const { analysis, read } = await analyzeFolder(dir);
  return {
    dir,
    analysis,
    read,
    retries: runRetries(analysis.records, analysis.plan.minAgentTurns, read.killedFolders, new Set(read.scenarios.map((s) => s.name))),
  };
}

describe("the example's automatic retries", () => {
  it("the last night retried two scenarios (one twice), kept each attempt's folder, and its summary is the one it wrote", async () => {
    const { dir, analysis, read, retries } = await retriesOf("eval_20261130_020000");
    expect(retries.provenance).toBe("known");
    expect(retries.retried.map((r) => [r.name, r.count])).toEqual([
      ["tau2_retail__103", 1],
      ["restaurant__deli_italian_sub_lunch", 2],
    ]);
    expect(retries.attempts).toBe(3);
    const deli = analysis.records.find((r) => r.name === "restaurant__deli_italian_sub_lunch");
    const s = scenarioRetries(deli?.metrics ?? {}, attemptFoldersOf("restaurant__deli_italian_sub_lunch", read.killedFolders));
    expect(s.problems).toEqual([]);
    expect(s.attempts.map((a) => a.reason)).toEqual(["0 conversation turns (bots never exchanged audio)", "1 agent turn(s) < --min-agent-turns 3"]);
    // Discarded attempts never count: the summary is byte for byte the one the run wrote.
    expect(analysis.summaryText).toBe(readFileSync(join(dir, "all_summary.txt"), "utf8"));
  });

  it("the night before records no retry, and older nights predate the field", async () => {
    expect((await retriesOf("eval_20261129_020000")).retries).toMatchObject({ provenance: "known", retried: [] });
    expect((await retriesOf("eval_20261128_020000")).retries.provenance).toBe("unknown");
  });
});
