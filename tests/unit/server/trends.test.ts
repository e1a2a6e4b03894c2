/** The trends aggregation over a generated suite of 20 runs with a regression planted in run 13. */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupSuites, rangeStart, sortStrip, stripRow } from "@/lib/core/trends";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { trendFacts } from "@/lib/server/views/trend-facts";
import { buildTrends, trendSuite } from "@/lib/server/views/trends";
import { tempDir } from "../../helpers/run-builder";
import { PLANTED, suiteRunName, writeTrendSuite } from "../../helpers/trend-suite";

let root = "";
let store: Store;

beforeAll(async () => {
  root = await tempDir("ved-trends-");
  await writeTrendSuite(root);
  store = createStore(root, { watch: false });
  await store.scanned;
}, 120_000);

afterAll(async () => {
  if (store) await closeStore(store);
  if (root) await rm(root, { recursive: true, force: true });
});

describe("groupSuites", () => {
  it("puts runs with the same queue, or a subset of it, in one suite, and others apart", () => {
    const suites = groupSuites([
      { id: "a", queue: ["x", "y", "z"] },
      { id: "b", queue: ["z", "y", "x"] },
      { id: "c", queue: ["x", "y"] },
      { id: "d", queue: ["p", "q"] },
      { id: "e", queue: [] },
    ]);
    expect(suites.map((s) => [s.id, s.runs])).toEqual([
      ["a", ["a", "b", "c"]],
      ["d", ["d"]],
    ]);
  });
});

describe("strip rows", () => {
  it("counts first failure, flips and the failing streak, with N/A and absent cells skipped", () => {
    const r = stripRow("s", "d", "PPFNPF-F");
    expect(r.firstFailed).toBe(2);
    expect(r.flips).toBe(3);
    expect(r.streak).toBe(2);
    const never = stripRow("n", "d", "PPP");
    expect([never.firstFailed, never.flips, never.streak]).toEqual([null, 0, 0]);
    expect(sortStrip([never, r, stripRow("late", "d", "PPPPPPPF")], "first_failed").map((x) => x.name)).toEqual(["late", "s", "n"]);
  });
});

describe("buildTrends", () => {
  it("finds the suite, orders its runs oldest first and flags the planted run as a significant drop", () => {
    const data = buildTrends(store.index, {});
    expect(data.suites).toHaveLength(2);
    expect(data.suite?.runCount).toBe(20);
    expect(data.runs.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => suiteRunName(i)));
    const drops = data.runs.filter((r) => r.vsPrevious?.drop).map((r) => r.id);
    expect(drops).toEqual([suiteRunName(13)]);
    const at = data.runs[13]!.vsPrevious!;
    expect(at.b).toBeGreaterThanOrEqual(PLANTED.length);
    expect(data.runs[12]!.rates.success_rate.v).toBeGreaterThan(data.runs[13]!.rates.success_rate.v!);
    const band = data.runs[13]!.rates.success_rate;
    expect(band.lo!).toBeLessThan(band.v!);
    expect(band.hi!).toBeGreaterThan(band.v!);
  });

  it("takes a suite by its id, its name as the runs list shows it, or one of its runs, as the page's ?suite= and MCP's get_trends do", () => {
    const { suites } = buildTrends(store.index, {});
    const small = suites[1]!;
    expect(small.name).not.toBe(small.id);
    for (const key of [small.id, small.name, small.newest]) {
      expect(buildTrends(store.index, { suite: key }).suite?.id, key).toBe(small.id);
      expect(trendSuite(store.index, key)?.id, key).toBe(small.id);
    }
    // A name of no suite: the page shows the largest, the lookup says there is none.
    expect(buildTrends(store.index, { suite: "no such suite" }).suite?.id).toBe(suites[0]!.id);
    expect(trendSuite(store.index, "no such suite")).toBeNull();
  });

  it("marks the planted run an anomaly night with its ten scenarios now stalled, and no other night; the newest changes top the strip", () => {
    const data = buildTrends(store.index, {});
    expect(data.runs.filter((r) => r.anomaly).map((r) => r.id)).toEqual([suiteRunName(13)]);
    expect(data.runs[13]!.anomaly).toMatchObject({ direction: "drop", trailing: 10 });
    // The planted scenarios crash before any turn (zero_turn): stalls, so "now stalled", not new failures (lib/core/run-changes.ts).
    expect(data.runs[13]!.nowStalledCount).toBe(PLANTED.length);
    expect(data.runs[13]!.newFailureCount).toBe(0);
    expect(data.runs[13]!.previous).toBe(suiteRunName(12));
    // The flaky scenario flips every run (newest change: the newest run), then the planted ones (run 13).
    expect(data.strip.sort).toBe("changed");
    expect(data.strip.rows[0]!.lastChange).toBe(19);
    expect(data.strip.rows.slice(1, 1 + PLANTED.length).every((r) => r.lastChange === 13)).toBe(true);
  });

  it("sorts the strip by first failure: the planted scenarios first failed in the planted run", () => {
    const data = buildTrends(store.index, { sort: "first_failed" });
    const top = data.strip.rows.slice(0, PLANTED.length);
    for (const r of top) {
      expect(r.firstFailed).toBe(13);
      expect(r.cells.slice(0, 13)).toBe("P".repeat(13));
      expect(r.streak).toBe(7);
    }
    const flips = buildTrends(store.index, { sort: "flips" }).strip.rows[0]!;
    expect(flips.flips).toBe(19);
    expect(flips.cells[0]).toBe("P");
  });

  it("compares every run with a pinned baseline", () => {
    const data = buildTrends(store.index, { baseline: suiteRunName(2) });
    expect(data.baseline).toBe(suiteRunName(2));
    expect(data.runs[2]!.vsBaseline).toBeNull();
    expect(data.runs[19]!.vsBaseline?.drop).toBe(true);
    expect(data.runs[5]!.vsBaseline?.drop).toBe(false);
  });
});

describe("trendFacts", () => {
  it("keeps a finished run's facts across the clock, and drops them when the run changes", () => {
    const run = store.index.runs.get(suiteRunName(0))!;
    const now = Date.now();
    const a = trendFacts(run, now);
    expect(trendFacts(run, now + 60_000)).toBe(a);
    const before = run.lastActivityMs;
    store.index.apply(run, { kind: "activity", lastActivityMs: (before ?? 0) + 1 });
    try {
      expect(trendFacts(run, now)).not.toBe(a);
    } finally {
      store.index.apply(run, { kind: "activity", lastActivityMs: before });
    }
  });
});

describe("strip pages", () => {
  it("pages the strip in rows of 100 after sorting, clamping the page number", async () => {
    const { STRIP_PAGE_SIZE } = await import("@/lib/server/views/trends");
    const first = buildTrends(store.index, { sort: "name" });
    expect(first.strip.total).toBe(40);
    expect(first.strip.rows).toHaveLength(Math.min(40, STRIP_PAGE_SIZE));
    expect(first.strip.rows.map((r) => r.name)).toEqual([...first.strip.rows.map((r) => r.name)].sort());
    expect(buildTrends(store.index, { sort: "name", page: "99" }).strip.page).toBe(0);
    // The newest changes first by default (issue 44).
    expect(buildTrends(store.index, { sort: "bogus" }).strip.sort).toBe("changed");
    expect(first.strip.failingEver).toBe(PLANTED.length + 1);
  });
});

describe("the trends range", () => {
  it("counts days back from the newest run, keeps the paired test against the run before the range, and defaults to 90 days", () => {
    const all = buildTrends(store.index, { range: "all" });
    expect(all.range).toEqual({ value: "all", shown: 20, total: 20 });
    // The suite's runs start on Nov 1..20: all inside 30 days of the newest; moved to August, five fall outside 90 days.
    expect(
      rangeStart(
        all.runs.map((r) => r.startedAt),
        "30",
      ),
    ).toBe(0);
    const starts = all.runs.map((r) => r.startedAt);
    const shifted = starts.map((s, i) => (i < 5 ? s!.replace("2026-11", "2026-08") : s));
    expect(rangeStart(shifted, "30")).toBe(5);
    expect(rangeStart(shifted, "90")).toBe(5);
    expect(rangeStart(shifted, "365")).toBe(0);
    expect(rangeStart([null, ...starts], "30")).toBe(1);
    expect(rangeStart([null, null], "30")).toBe(0);
    expect(buildTrends(store.index, {}).range.value).toBe("90");
    expect(buildTrends(store.index, { range: "bogus" }).range.value).toBe("90");
  });
});
