/**
 * What another build derived is recomputed (issue 46): the index cache's runs, runs-list items and
 * trend facts and the saved timing files carry the code that made them (`CODE_HASH`); a server of
 * other code reads every run again instead of trusting them, says how many in `cache.otherBuild`,
 * and its own rows are used by its next start. Two builds here are two loads of the same modules
 * under two code identities (as `next build` inlines it).
 */
import { cp, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { tempDir } from "../../helpers/run-builder";
import { within } from "../../helpers/wait";

const NIGHTLY = join(__dirname, "../../../examples/results/nightly");
const RUNS = ["eval_20261117_020000", "eval_20261118_020000", "eval_20261119_020000"];

let root: string;
let state: string;
const before = process.env.VOICE_EVAL_CODE_HASH;

/** The server's modules as a build of this code identity has them. */
async function build(hash: string) {
  process.env.VOICE_EVAL_CODE_HASH = hash;
  vi.resetModules();
  const store = await import("@/lib/server/live/store");
  const list = await import("@/lib/server/views/runs-list");
  const trends = await import("@/lib/server/views/trends");
  const timing = await import("@/lib/server/timing/saved-timing");
  const start = async () => {
    const s = store.createStore(root, { watch: false, cacheFile: join(state, "index-cache.sqlite") });
    await within(s.scanned, 30_000, "the scan");
    await within(s.scan!.settled, 30_000, "the audit and the cache's write");
    return s;
  };
  return { start, close: store.closeStore, list: list.runsList, trends: trends.buildTrends, timing };
}

beforeAll(async () => {
  root = await tempDir("ved-other-build-");
  state = await tempDir("ved-other-build-state-");
  for (const run of RUNS) await cp(join(NIGHTLY, run), join(root, run), { recursive: true });
});
afterAll(async () => {
  if (before === undefined) delete process.env.VOICE_EVAL_CODE_HASH;
  else process.env.VOICE_EVAL_CODE_HASH = before;
  vi.resetModules();
  await rm(root, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

describe("a new build", () => {
  it("recomputes what the old build cached, says how much, and its own cache is used next time", async () => {
    const old = await build("build-old");
    const first = await old.start();
    const scenarios = first.index.scenarioCount;
    const list = JSON.parse(JSON.stringify(old.list(first.index).runs)) as unknown;
    const trends = old.trends(first.index, { range: "all" });
    await old.close(first);
    const again = await old.start();
    try {
      expect(again.scan?.cachedRuns, "the same build uses its cache").toBe(RUNS.length);
      expect(again.cache?.otherBuild).toEqual({ runs: 0, listItems: 0, trendFacts: 0 });
    } finally {
      await old.close(again);
    }

    const next = await build("build-new");
    const upgraded = await next.start();
    try {
      expect(upgraded.cache?.build).toBe("build-new");
      expect(upgraded.cache?.otherBuild, "every row the old build made, counted").toEqual({
        runs: RUNS.length,
        listItems: RUNS.length,
        trendFacts: RUNS.length,
      });
      expect({ cachedRuns: upgraded.scan?.cachedRuns, read: upgraded.scan?.read }, "every run read again").toEqual({ cachedRuns: 0, read: scenarios });
      expect(JSON.parse(JSON.stringify(next.list(upgraded.index).runs))).toEqual(list);
      expect(next.trends(upgraded.index, { range: "all" })).toEqual(trends);
    } finally {
      await next.close(upgraded);
    }
    const restarted = await next.start();
    try {
      expect(restarted.scan?.cachedRuns, "the new build's rows are used").toBe(RUNS.length);
      expect(restarted.cache?.otherBuild).toEqual({ runs: 0, listItems: 0, trendFacts: 0 });
    } finally {
      await next.close(restarted);
    }
  });

  it("reads again the timing items an old build saved", async () => {
    const dir = join(state, "timing");
    const old = await build("build-old");
    const item = { signature: "s", scenario: "x", item: { name: "a" } } as unknown as Parameters<typeof old.timing.saveTiming>[2] extends ReadonlyMap<
      string,
      infer E
    >
      ? E
      : never;
    old.timing.saveTiming(dir, "/run", new Map([["a", item]]));
    expect(old.timing.loadSavedTiming(dir, "/run").size, "its own build's file").toBe(1);
    const next = await build("build-new");
    let other = 0;
    expect(next.timing.loadSavedTiming(dir, "/run", () => other++).size, "another build's file is not used").toBe(0);
    expect(other).toBe(1);
  });
});
