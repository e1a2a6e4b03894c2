/**
 * What changed since the previous night (issue 44) on a generated 6-night suite of 12 scenarios: the
 * runs list's change column, the run's changes against its predecessor with each failing row's mark,
 * `quick=new`, the header line's links, and the scenario's strip across the suite.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangesLine } from "@/components/changes/changes-line";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { queryScenarios } from "@/lib/server/views/run-views";
import { runChanges, scenarioAcrossRuns, withNewFailures } from "@/lib/server/views/run-changes";
import { runsList } from "@/lib/server/views/runs-list";
import { compareHref } from "@/lib/shared/routes";
import { FIXED, nightName, REGRESSED, scenarioAt, STILL_FAILING, writeNightlySuite, FLAKY } from "../../helpers/nightly-suite";
import { tempDir } from "../../helpers/run-builder";

let root: string;
let flakyRoot: string;
let store: Store;
let flakyStore: Store;

beforeAll(async () => {
  root = await tempDir("ved-changes-");
  flakyRoot = await tempDir("ved-changes-flaky-");
  await writeNightlySuite(root, "regression");
  await writeNightlySuite(flakyRoot, "flaky");
  store = createStore(root, { watch: false });
  flakyStore = createStore(flakyRoot, { watch: false });
  await Promise.all([store.scanned, flakyStore.scanned]);
}, 120_000);

afterAll(async () => {
  await closeStore(store);
  await closeStore(flakyStore);
});

const run = (s: Store, night: number) => s.index.runs.get(nightName(night))!;

describe("a run and the previous run of its suite", () => {
  it("lists night 6 with its drop and its one new failure, night 1 with no previous run", () => {
    const list = runsList(store.index).runs;
    const six = list.find((r) => r.id === nightName(6))!;
    expect(six.vsPrevious?.previous).toBe(nightName(5));
    // Night 5: 11/12 (#9 fails); night 6: 10/12 (#4 and #9 fail).
    expect(six.vsPrevious?.delta).toBeCloseTo(-1 / 12, 9);
    expect(six.vsPrevious?.newFailures).toBe(1);
    const five = list.find((r) => r.id === nightName(5))!;
    expect(five.vsPrevious?.delta).toBeCloseTo(1 / 12, 9);
    expect(five.vsPrevious?.newFailures).toBe(0);
    expect(list.find((r) => r.id === nightName(1))!.vsPrevious).toBeUndefined();
  });

  it("names night 6's new failure, what was fixed and what still fails since when", async () => {
    const c = await runChanges(store.index, run(store, 6));
    const name = (k: number) => scenarioAt(root, 6, k);
    expect(c.previous?.id).toBe(nightName(5));
    expect(c.newFailures).toEqual([name(REGRESSED)]);
    expect(c.fixed).toEqual([]);
    expect(c.stillFailing).toEqual([name(STILL_FAILING)]);
    expect(c.flaky).toEqual([]);
    expect(c.marks[name(REGRESSED)]).toEqual({ kind: "new" });
    expect(c.marks[name(STILL_FAILING)]).toMatchObject({ kind: "still_failing", sinceRun: nightName(4), runs: 3 });
    expect((c.marks[name(STILL_FAILING)] as { since: string }).since.slice(0, 10)).toBe("2026-11-24");
    expect(c.success.delta).toBeCloseTo(-1 / 12, 9);
    expect(c.success.paired).toBe(12);
    // Night 5 fixed #2 (failed on night 4).
    expect((await runChanges(store.index, run(store, 5))).fixed).toEqual([name(FIXED)]);
  });

  it("filters the table to the new failures with quick=new", () => {
    const r = run(store, 6);
    const page = queryScenarios(r, withNewFailures(store.index, r, { quick: ["new"], sort: "order", dir: "asc", offset: 0, limit: 100 }));
    expect(page.rows.map((x) => x.name)).toEqual([scenarioAt(root, 6, REGRESSED)]);
  });

  it("writes the header line with a link to the compare with night 5", async () => {
    const html = renderToStaticMarkup(ChangesLine({ changes: await runChanges(store.index, run(store, 6)) }));
    expect(html).toContain(`href="${compareHref(nightName(5), [nightName(6)]).replace(/&/g, "&amp;")}"`);
    expect(html).toMatch(/1 new failure<\/a>, 0 fixed, 1 still failing/);
  });

  it("gives the first run of a suite no previous run", async () => {
    const c = await runChanges(store.index, run(store, 1));
    expect(c.previous).toBeNull();
    expect(renderToStaticMarkup(ChangesLine({ changes: c }))).toContain("first run of its suite");
  });

  it("calls a scenario that flipped twice before flaky, not new", async () => {
    const c = await runChanges(flakyStore.index, run(flakyStore, 6));
    const name = scenarioAt(flakyRoot, 6, FLAKY);
    expect(c.newFailures).toEqual([]);
    expect(c.flaky).toEqual([name]);
    expect(c.marks[name]).toEqual({ kind: "flaky", flips: 2, passes: 4, of: 5 });
  });

  it("gives a scenario's strip across the suite's runs, oldest first", () => {
    const strip = scenarioAcrossRuns(store.index, run(store, 3), scenarioAt(root, 6, STILL_FAILING));
    expect(strip.runs.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6].map(nightName));
    expect(strip.runs.map((r) => r.cell).join("")).toBe("PPPFFF");
  });
});
