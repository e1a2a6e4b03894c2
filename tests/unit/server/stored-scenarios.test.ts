/**
 * A run whose scenarios came from the snapshot (lib/server/ingest/stored-scenarios.ts): names,
 * counts and signatures are answered without decoding; the first use of the records decodes them
 * into exactly what reading them would have made, without moving the revision; a live change
 * decodes first; reads that do not decode come back as scenarios the next audit reads again.
 */
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { encodeBucket, type ReadEntry } from "@/lib/server/ingest/bucket-codec";
import type { RunLevel } from "@/lib/server/ingest/read-run-level";
import { storedScenarios } from "@/lib/server/ingest/stored-scenarios";
import { RunModel } from "@/lib/server/model/run-model";

const LEVEL: RunLevel = { isRun: true, invocations: [], sessions: [], logMtimeMs: null, allSummary: null, allMetricsOrder: null, hasAllMetrics: false, problems: [], finished: false, inFlight: null };

function completed(name: string, turns: number): ReadEntry {
  return [name, { kind: "completed", record: { name, metrics: { total_turns: turns }, nlPassed: null, agentContextAssistantCount: null }, problems: [], signature: `metrics.json:${turns}@1`, searchText: null }] as unknown as ReadEntry;
}

const ENTRIES = [completed("d__1", 3), completed("d__2", 4), completed("d__3", 5), [
  "d__4",
  { kind: "unfinished", problems: [{ file: "metrics.json", kind: "invalid-json", message: "Unexpected end" }], signature: "metrics.json:2@1" },
] as unknown as ReadEntry];
const NAMES = ENTRIES.map((e) => e[0]);

/** The same entries split over two buckets, the second in another order (as a hash spreads them). */
const buckets = () => {
  const [a, b] = [encodeBucket(ENTRIES.slice(0, 2)), encodeBucket([ENTRIES[3], ENTRIES[2]] as ReadEntry[])];
  return [
    { ...a, names: NAMES.slice(0, 2), signatures: ENTRIES.slice(0, 2).map((e) => (e[1] as { signature: string }).signature) },
    { ...b, names: ["d__4", "d__3"], signatures: ["metrics.json:2@1", "metrics.json:5@1"] },
  ];
};

/** The run as the scan builds it from reads. */
function readRun(): RunModel {
  const run = new RunModel("r", "/nowhere/r", LEVEL);
  for (const [name, read] of ENTRIES) run.apply({ kind: "scenario", name, read });
  return run;
}

function storedRun(stored = storedScenarios(NAMES, buckets())): RunModel {
  const run = new RunModel("r", "/nowhere/r", LEVEL);
  run.apply({ kind: "stored-scenarios", stored });
  return run;
}

describe("a run whose scenarios are stored, not decoded", () => {
  it("answers names, count and signatures without decoding, then decodes into what reading made", () => {
    const run = storedRun();
    const revision = run.revision;
    expect([...run.scenarioNames()]).toEqual(NAMES);
    expect(run.scenarioCount).toBe(4);
    expect(run.hasScenario("d__3")).toBe(true);
    expect(run.hasScenario("d__9")).toBe(false);
    expect(run.signatureOf("d__4")).toBe("metrics.json:2@1");
    expect(run.stored).toBe(true);
    const states = [...run.scenarios.values()];
    expect(run.stored).toBe(false);
    expect(run.revision, "decoding changes nothing shown").toBe(revision);
    expect(states.map((s) => s.name), "in listing order, whatever the buckets' order").toEqual(NAMES);
    expect(isDeepStrictEqual(states, [...readRun().scenarios.values()])).toBe(true);
  });

  it("decodes before a live change applies, so the change lands on the stored states", () => {
    const run = storedRun();
    expect(run.apply({ kind: "scenario", name: "d__2", read: completed("d__2", 9)[1] })).toBe(true);
    expect(run.stored).toBe(false);
    expect(run.scenarios.get("d__2")?.record?.metrics.total_turns).toBe(9);
    expect(run.scenarios.get("d__1")?.record?.metrics.total_turns).toBe(3);
    expect(run.apply({ kind: "scenario-gone", name: "d__1" })).toBe(true);
    expect([...run.scenarioNames()]).toEqual(["d__2", "d__3", "d__4"]);
  });

  it("keeps reads that do not decode as scenarios without a record, signed so that the next audit reads them again", () => {
    const [good, bad] = buckets() as [ReturnType<typeof buckets>[number], ReturnType<typeof buckets>[number]];
    const run = storedRun(storedScenarios(NAMES, [good, { ...bad, meta: "not json" }]));
    const states = [...run.scenarios.values()];
    expect(states.map((s) => s.name)).toEqual(NAMES);
    expect(states.every((s) => s.record === null && s.signature === "?" && s.problems.length === 1)).toBe(true);
  });
});
