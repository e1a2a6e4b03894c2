/**
 * Timing items in memory are bounded (lib/server/timing/service.ts): once a finished run's items are
 * saved, the least recently used runs' leave memory past the bound, and a page that asks for such a
 * run gets them back from the saved file, equal to a fresh read, without reading its logs again; a
 * transcript changed meanwhile is still read again. The background pass reads the newest runs up to
 * its budget; an older run's logs are read when a page first asks for its rollup.
 */
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunTiming } from "@/lib/core/timing";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { TimingService } from "@/lib/server/timing/service";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

const EXAMPLE = join(__dirname, "../../../examples/results/eval_20261118_140000");
const RUNS = ["eval_20261201_020000", "eval_20261202_020000", "eval_20261203_020000", "eval_20261204_020000"];
/** Fewer than two runs' scenarios (the example run has 24): at most one run's items stay. */
const BOUND = 30;

let root: string;
let stateDir: string;

beforeAll(async () => {
  root = await tempDir("ved-timing-bounded-");
  stateDir = await tempDir("ved-timing-bounded-state-");
  for (const run of RUNS) await cp(EXAMPLE, join(root, run), { recursive: true });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

/** Every run's rollup read afresh, with nothing saved and no bound: the truth. */
async function truth(): Promise<Map<string, RunTiming>> {
  const store = createStore(root, { watch: false });
  try {
    await store.scanned;
    const service = new TimingService(store.index, Infinity);
    await service.idle();
    const out = new Map<string, RunTiming>();
    for (const run of store.index.runs.values()) out.set(run.id, await service.runTiming(run));
    return out;
  } finally {
    await closeStore(store);
  }
}

describe("timing items in memory across many runs", () => {
  it("keeps at most the bound once saved, and gives every run back from its saved file unchanged", async () => {
    const store: Store = createStore(root, { watch: false, timingDir: join(stateDir, "timing"), cacheFile: join(stateDir, "index-cache.sqlite") });
    try {
      await store.scanned;
      await store.scan?.settled;
      const service = new TimingService(store.index, BOUND);
      await service.idle();
      const scenarios = store.index.scenarioCount;
      expect(service.reads, "every scenario's logs read once").toBe(scenarios);
      expect(service.pending).toBe(0);
      expect(service.residentItems, "the items of one run at most").toBeLessThanOrEqual(BOUND);
      expect(service.residentItems).toBeGreaterThan(0);

      const expected = await truth();
      for (const run of store.index.runs.values()) {
        const timing = await service.runTiming(run);
        expect(timing, run.id).toEqual(expected.get(run.id));
        expect(service.residentItems, "still bounded after each page").toBeLessThanOrEqual(BOUND);
      }
      expect(service.reads, "no log read again to give the runs back").toBe(scenarios);

      // The first run's items left memory when the others were asked for; its transcript changes.
      const first = store.index.runs.get(RUNS[0] as string)!;
      const transcript = join(first.dir, "tau2_retail__37", "conversation_log.txt");
      const text = await readFile(transcript, "utf8");
      await writeFile(transcript, text.replace("\n\n\n====", "\n[ 90.000s -  91.000s] (1.000s) AGENT: One more thing.\n\n\n===="));
      const changed = await waitFor(
        async () => {
          const t = await service.runTiming(first);
          return service.reads > scenarios && t.pending === 0 ? t : null;
        },
        10_000,
        "a request to re-check the run and read the changed scenario again",
      );
      expect(service.reads - scenarios, "that scenario alone").toBe(1);
      expect(changed).toEqual((await truth()).get(first.id));
      expect(changed).not.toEqual(expected.get(first.id));
    } finally {
      await closeStore(store);
    }
  });
});

describe("the background pass's budget", () => {
  it("reads the newest run's logs in the background and an older run's when a page asks, equal to a fresh read", async () => {
    const state = await tempDir("ved-timing-budget-state-");
    const store: Store = createStore(root, { watch: false, timingDir: join(state, "timing") });
    try {
      await store.scanned;
      // A budget under two runs' scenarios: the newest run only.
      const service = new TimingService(store.index, Infinity, BOUND);
      await service.idle();
      expect(service.reads, "one run's scenarios").toBe(24);
      expect(service.pending, "nothing pending of the runs left for later").toBe(0);
      const expected = await truth();
      const runs = [...store.index.runs.values()];
      const left = [];
      for (const run of runs) if ((await service.runTiming(run)).pending > 0) left.push(run);
      expect(left, "three runs were left for a page to ask").toHaveLength(3);
      for (const run of left) {
        const timing = await waitFor(
          async () => {
            const t = await service.runTiming(run);
            return t.pending === 0 ? t : null;
          },
          20_000,
          `${run.id}'s logs read once asked for`,
        );
        expect(timing, run.id).toEqual(expected.get(run.id));
      }
      expect(service.reads, "every scenario once").toBe(96);
    } finally {
      await closeStore(store);
      await rm(state, { recursive: true, force: true });
    }
  });

  it("starts its background pass only once the index cache is filled (the command's scan writes the states after its report)", async () => {
    const store: Store = createStore(root, { watch: false });
    try {
      await store.scanned;
      let fill!: () => void;
      store.index.cacheFilled = new Promise((resolve) => (fill = resolve));
      const service = new TimingService(store.index, Infinity);
      const early = await Promise.race([service.ready.then(() => "started"), new Promise((r) => setTimeout(() => r("waiting"), 300))]);
      expect(early, "no run's states asked for while the cache is being filled").toBe("waiting");
      expect(service.reads).toBe(0);
      fill();
      await service.idle();
      expect(service.reads, "then every scenario's logs are read").toBe(store.index.scenarioCount);
    } finally {
      await closeStore(store);
    }
  });
});
