/**
 * A run level made from the index cache (lib/server/ingest/read-run-level.ts `livingLevel`): its
 * bulk (invocations, sessions) is taken from the cache when first asked for, kept, and let go by
 * `releaseBulk` (a run whose states leave memory lets go of it too), then taken again, equal.
 */
import { describe, expect, it } from "vitest";
import { livingLevel, releaseBulk, type LevelBulk, type LevelHead } from "@/lib/server/ingest/read-run-level";
import { RunModel } from "@/lib/server/model/run-model";

const head: LevelHead = {
  isRun: true,
  logMtimeMs: 1,
  allSummary: null,
  allMetricsOrder: null,
  hasAllMetrics: false,
  problems: [],
  finished: true,
  inFlight: null,
};
const bulk = (): LevelBulk => ({ invocations: [{ started_at: "2026-12-01T02:00:00", argv: ["run_evaluation.py"], parsed_args: {} }], sessions: [] });

describe("a living run level's bulk", () => {
  it("is taken once while kept, again after it is released, and is the same", () => {
    let taken = 0;
    const level = livingLevel("/nowhere", head, () => {
      taken++;
      return bulk();
    });
    expect(taken, "not before it is asked for").toBe(0);
    const first = level.invocations;
    expect(level.sessions).toEqual([]);
    expect(taken).toBe(1);
    releaseBulk(level);
    expect(taken, "releasing reads nothing").toBe(1);
    expect(level.invocations).toEqual(first);
    expect(taken).toBe(2);
  });
});

describe("a run made from the index cache", () => {
  it("lets go of its level's bulk when its states leave memory", () => {
    let taken = 0;
    const level = livingLevel("/nowhere/eval_x", head, () => {
      taken++;
      return bulk();
    });
    const run = new RunModel("eval_x", "/nowhere/eval_x", level);
    run.apply({ kind: "run-level", runLevel: level, signature: "" });
    run.fromCache(
      ["qa__a"],
      ["metrics.json:1@1"],
      () => new Map([["qa__a", { name: "qa__a", record: null, problems: [], signature: "metrics.json:1@1", searchText: null }]]),
    );
    expect(run.scenarios.size).toBe(1);
    expect(run.runLevel.invocations).toHaveLength(1);
    expect(taken).toBe(1);
    expect(run.unload(), "the cache holds its states").toBe(true);
    expect(run.runLevel.invocations).toHaveLength(1);
    expect(taken, "taken again from the cache").toBe(2);
  });
});
