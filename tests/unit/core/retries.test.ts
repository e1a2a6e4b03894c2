/** Automatic-retry provenance (issue 45): the fields, the attempt folders, the run's count and its rate without retries. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attemptFoldersOf, parseAttemptFolder, retryFields, runRetries, scenarioRetries, type ScenarioRecord } from "@/lib/core";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { plantRetries, REASON_FEW, REASON_ZERO } from "../../helpers/plant-retries";
import { tempDir } from "../../helpers/run-builder";
import { rm } from "node:fs/promises";

const CASE = join(__dirname, "../../fixtures/harness/small-2-domains");
const RUN = join(CASE, "run/eval_20260810_031700");

const rec = (name: string, metrics: Record<string, unknown>): ScenarioRecord => ({ name, metrics, nlPassed: null, agentContextAssistantCount: null });

describe("retryFields", () => {
  it("reads a count and its reasons", () => {
    expect(retryFields({ auto_retry_count: 2, auto_retry_reasons: ["a", "b"] })).toEqual({ count: 2, reasons: ["a", "b"], present: true, problems: [] });
    expect(retryFields({ auto_retry_count: 0 })).toEqual({ count: 0, reasons: [], present: true, problems: [] });
  });
  it("says a file that predates the field is unknown, without a problem", () => {
    expect(retryFields({ is_successful: true })).toEqual({ count: null, reasons: [], present: false, problems: [] });
  });
  it.each([[-1], [1.5], ["2"], [null], [true]])("names a bad count (%j) and leaves it unknown", (bad) => {
    const f = retryFields({ auto_retry_count: bad });
    expect(f.count).toBeNull();
    expect(f.problems.map((p) => p.kind)).toEqual(["schema"]);
    expect(f.problems[0]?.message).toContain("auto_retry_count");
  });
  it("names a count that disagrees with its reasons", () => {
    const f = retryFields({ auto_retry_count: 2, auto_retry_reasons: ["only one"] });
    expect(f.count).toBe(2);
    expect(f.problems[0]?.message).toBe("auto_retry_count is 2 but auto_retry_reasons lists 1 reason");
  });
});

describe("attempt folders", () => {
  it("tells an automatic retry's folder from a --resume folder", () => {
    expect(parseAttemptFolder("qa__1.killed.autoretry2.20260810_032100")).toEqual({
      folder: "qa__1.killed.autoretry2.20260810_032100",
      scenario: "qa__1",
      attempt: 2,
      at: "2026-08-10T03:21:00",
    });
    expect(parseAttemptFolder("qa__1.killed.20260810_032100")).toBeNull();
  });
  it("matches a scenario's folders exactly (qa__1 is not qa__10)", () => {
    const folders = [
      "qa__10.killed.autoretry1.20260810_032000",
      "qa__1.killed.autoretry2.20260810_032100",
      "qa__1.killed.autoretry1.20260810_032000",
      "qa__1.killed.20260810_031500",
    ];
    expect(attemptFoldersOf("qa__1", folders).map((f) => f.attempt)).toEqual([1, 2]);
  });
  it("pairs each reason with its folder and names a count the folders disagree with", () => {
    const s = scenarioRetries(
      { auto_retry_count: 2, auto_retry_reasons: ["r1", "r2"] },
      attemptFoldersOf("qa__1", ["qa__1.killed.autoretry1.20260810_032000"]),
    );
    expect(s.attempts).toEqual([
      { attempt: 1, reason: "r1", folder: "qa__1.killed.autoretry1.20260810_032000", at: "2026-08-10T03:20:00" },
      { attempt: 2, reason: "r2", folder: null, at: null },
    ]);
    expect(s.problems.map((p) => p.message)).toEqual(["auto_retry_count is 2 but 1 attempt folder was kept (qa__1.killed.autoretry1.20260810_032000)"]);
  });
  it("names attempt folders beside a metrics.json without the field", () => {
    const s = scenarioRetries({}, attemptFoldersOf("qa__1", ["qa__1.killed.autoretry1.20260810_032000"]));
    expect(s.count).toBeNull();
    expect(s.problems).toHaveLength(1);
  });
});

describe("runRetries", () => {
  const records = [
    rec("a", { is_successful: true, auto_retry_count: 0 }),
    rec("b", { is_successful: true, auto_retry_count: 2, auto_retry_reasons: [REASON_ZERO, REASON_ZERO] }),
    rec("c", { is_successful: false, auto_retry_count: 1, auto_retry_reasons: [REASON_FEW] }),
    rec("d", { is_successful: "N/A", auto_retry_count: 0 }),
  ];
  it("counts retried scenarios, attempts and reasons; the rate without retries fails the retried ones", () => {
    const r = runRetries(
      records,
      0,
      ["b.killed.autoretry1.20260810_032000", "gone.killed.autoretry1.20260810_032000", "a.killed.20260810_031500"],
      new Set(["a", "b", "c", "d"]),
    );
    expect(r.provenance).toBe("known");
    expect(r.retried.map((x) => [x.name, x.count])).toEqual([
      ["b", 2],
      ["c", 1],
    ]);
    expect(r.attempts).toBe(3);
    expect(r.reasons).toEqual([
      { reason: REASON_ZERO, count: 2 },
      { reason: REASON_FEW, count: 1 },
    ]);
    // The harness: 2 of 3 (d is N/A). Without retries: only a passed on its first attempt.
    expect(r.withoutRetries).toMatchObject({ value: 1 / 3, numerator: 1, denominator: 3 });
    expect(r.withoutRetries?.interval?.low).toBeGreaterThan(0);
    expect(r.withoutRetries?.interval?.high).toBeLessThan(1);
    expect(r.orphans).toEqual(["gone.killed.autoretry1.20260810_032000"]);
  });
  it("says unknown, not 0, for a run whose metrics.json files predate the field", () => {
    const r = runRetries([rec("a", { is_successful: true })], 0, [], new Set(["a"]));
    expect(r.provenance).toBe("unknown");
    expect(r.withoutRetries).toBeNull();
  });
  it("does not count a bad count as a retry", () => {
    const r = runRetries(
      [rec("a", { is_successful: true, auto_retry_count: "3" }), rec("b", { is_successful: true, auto_retry_count: 0 })],
      0,
      [],
      new Set(["a", "b"]),
    );
    expect(r.retried).toEqual([]);
    expect(r.provenance).toBe("partial");
    expect(r.withoutRetries?.numerator).toBe(2);
  });
});

describe("a run with retries planted", () => {
  let root = "";
  beforeAll(async () => {
    root = await tempDir("ved-retries-");
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("summarises byte for byte as the same run without them (the fixture's all_summary.txt)", async () => {
    const dir = join(root, "eval_20260810_031700");
    const made = await plantRetries(RUN, dir, {
      retries: [
        { scenario: "tau2_airline__34", reasons: [REASON_ZERO, REASON_FEW] },
        { scenario: "restaurant__pizza_pepperoni", reasons: [REASON_ZERO] },
      ],
      resumeFolders: ["tau2_airline__34"],
    });
    expect(made).toHaveLength(3);
    const { analysis, read } = await analyzeFolder(dir);
    expect(analysis.summaryText).toBe(readFileSync(join(CASE, "expected/all_summary.txt"), "utf8"));
    // …and the provenance is there to read.
    const r = runRetries(analysis.records, analysis.plan.minAgentTurns, read.killedFolders, new Set(read.scenarios.map((s) => s.name)));
    expect(r.retried.map((x) => x.name).sort()).toEqual(["restaurant__pizza_pepperoni", "tau2_airline__34"]);
    expect(r.orphans).toEqual([]);
    expect(
      scenarioRetries(analysis.records.find((x) => x.name === "tau2_airline__34")?.metrics ?? {}, attemptFoldersOf("tau2_airline__34", read.killedFolders))
        .problems,
    ).toEqual([]);
  });
});

describe("the report's retries section", () => {
  it("counts, lists reasons and the rate without retries; says unknown for a run that predates the field", async () => {
    const { retriesReportSection } = await import("@/lib/core/retries-report");
    const r = runRetries(
      [rec("a", { is_successful: true, auto_retry_count: 1, auto_retry_reasons: [REASON_ZERO] }), rec("b", { is_successful: true, auto_retry_count: 0 })],
      0,
      [],
      new Set(["a", "b"]),
    );
    const text = retriesReportSection(r);
    expect(text).toContain("## Automatic retries");
    expect(text).toContain("1 scenario(s) needed an automatic retry (1 discarded attempt(s)).");
    expect(text).toContain("Overall Success Rate without retries (a retried scenario counted as the failure its first attempt was): 50.00% (1/2)");
    expect(text).toContain(`| a | 1 | ${REASON_ZERO} |`);
    expect(retriesReportSection(runRetries([rec("a", { is_successful: true })], 0, [], new Set(["a"])))).toContain("Retry provenance unknown");
  });
});
