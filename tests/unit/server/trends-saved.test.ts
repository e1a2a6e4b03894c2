/**
 * The trends page's facts saved in the index cache (lib/server/views/saved-trend-facts.ts): after a
 * restart `/trends` is made from them without loading any run's scenario states, equal to a fresh
 * analysis; a run whose files changed while the server was down is analysed afresh.
 */
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { runsList } from "@/lib/server/views/runs-list";
import { buildTrends } from "@/lib/server/views/trends";
import { tempDir } from "../../helpers/run-builder";

const NIGHTLY = join(__dirname, "../../../examples/results/nightly");

let root: string;
let stateDir: string;

beforeAll(async () => {
  root = await tempDir("ved-trends-saved-");
  stateDir = await tempDir("ved-trends-saved-state-");
  await cp(NIGHTLY, join(root, "nightly"), { recursive: true });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

async function started(withCache: boolean, state = stateDir): Promise<Store> {
  const store = createStore(root, { watch: false, ...(withCache ? { cacheFile: join(state, "index-cache.sqlite") } : {}) });
  await store.scanned;
  await store.scan?.settled;
  return store;
}

/** `/trends` over every run, as a store with no cache makes it. */
async function truth(): Promise<ReturnType<typeof buildTrends>> {
  const store = await started(false);
  try {
    return buildTrends(store.index, { range: "all" });
  } finally {
    await closeStore(store);
  }
}

describe("trend facts kept across restarts", () => {
  it("makes /trends after a restart from the saved facts, loading no run's states, equal to a fresh analysis", async () => {
    const first = await started(true);
    let made: ReturnType<typeof buildTrends>;
    try {
      made = buildTrends(first.index, { range: "all" });
      expect(made.runs.length).toBeGreaterThan(10);
    } finally {
      await closeStore(first);
    }
    const again = await started(true);
    try {
      expect(again.scan?.cachedRuns, "every run from the index cache").toBe(again.index.runs.size);
      const data = buildTrends(again.index, { range: "all" });
      expect(
        [...again.index.runs.values()].filter((r) => r.inMemory).map((r) => r.id),
        "no run's states loaded",
      ).toEqual([]);
      expect(data).toEqual(made);
      expect(data).toEqual(await truth());
    } finally {
      await closeStore(again);
    }
  });

  it("saves every run's facts and list item at a first start, before the states may leave memory, though no page asked", async () => {
    const state = await tempDir("ved-trends-saved-first-");
    try {
      await closeStore(await started(true, state));
      const again = await started(true, state);
      try {
        const list = runsList(again.index);
        const data = buildTrends(again.index, { range: "all" });
        expect(
          [...again.index.runs.values()].filter((r) => r.inMemory).map((r) => r.id),
          "no run's states loaded",
        ).toEqual([]);
        expect(list.runs).toHaveLength(again.index.runs.size);
        expect(data).toEqual(await truth());
      } finally {
        await closeStore(again);
      }
    } finally {
      await rm(state, { recursive: true, force: true });
    }
  });

  it("analyses afresh a run whose metrics.json changed while the server was down", async () => {
    const run = join(root, "nightly", "eval_20261130_020000");
    const metrics = join(run, "qa__largest_ocean", "metrics.json");
    const text = await readFile(metrics, "utf8");
    await writeFile(
      metrics,
      text.replace(/"is_successful": (true|false)/, (_, v: string) => `"is_successful": ${v === "true" ? "false" : "true"}`),
    );
    const store = await started(true);
    try {
      const data = buildTrends(store.index, { range: "all" });
      expect(data).toEqual(await truth());
      const changed = data.runs.find((r) => r.id === "nightly/eval_20261130_020000");
      expect(changed, "the changed run is in the suite").toBeDefined();
    } finally {
      await closeStore(store);
    }
  });
});
