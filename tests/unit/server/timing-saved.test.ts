/**
 * Timing items saved across restarts (lib/server/timing/saved-timing.ts): a restart on an unchanged
 * run reads no scenario's logs and leaves the run's states in the index cache; one whose transcript or
 * metrics.json changed is read again, alone; and the rollup always equals a fresh read of everything.
 */
import { cp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunTiming } from "@/lib/core/timing";
import { auditRun } from "@/lib/server/ingest/load-run";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { timingService } from "@/lib/server/timing/service";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

const RUN = "eval_20261118_140000";
const EXAMPLE = join(__dirname, "../../../examples/results", RUN);

let root: string;
let stateDir: string;

beforeAll(async () => {
  root = await tempDir("ved-timing-saved-");
  stateDir = await tempDir("ved-timing-state-");
  await cp(EXAMPLE, join(root, RUN), { recursive: true });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

/** A store's timing once its background reading is done: the rollup, how many scenarios were read, whether the run's states stayed in the cache. */
async function settled(withState: boolean): Promise<{ timing: RunTiming; reads: number; stored: boolean }> {
  const store: Store = createStore(root, {
    watch: false,
    ...(withState ? { timingDir: join(stateDir, "timing"), cacheFile: join(stateDir, "index-cache.sqlite") } : {}),
  });
  try {
    await store.scanned;
    await store.scan?.settled;
    const service = timingService(store.index);
    await service.idle();
    const run = store.index.runs.get(RUN)!;
    const stored = !run.inMemory;
    return { timing: await service.runTiming(run), reads: service.reads, stored };
  } finally {
    await closeStore(store);
  }
}

describe("a live change of metrics.json", () => {
  it("reads the scenario's timing item again, though its logs did not change", async () => {
    const store: Store = createStore(root, { watch: false });
    try {
      await store.scanned;
      const service = timingService(store.index);
      await service.idle();
      const run = store.index.runs.get(RUN)!;
      const before = await service.runTiming(run);
      const reads = service.reads;
      const metrics = join(root, RUN, "qa__largest_ocean", "metrics.json");
      await writeFile(metrics, (await readFile(metrics, "utf8")).replace('"judge_score": 0.625', '"judge_score": 1.0'));
      // The index follows (as the watcher's audit would); a request re-checks the files at most every second.
      await auditRun(store.index, run, { contents: true });
      const after = await waitFor(
        async () => {
          const t = await service.runTiming(run);
          return service.reads > reads && t.pending === 0 ? t : null;
        },
        10_000,
        "a request to re-check the run and read the changed scenario again",
      );
      expect(service.reads - reads, "that scenario alone").toBe(1);
      expect(after.judge_scores.one).toBe(before.judge_scores.one + 1);
    } finally {
      await closeStore(store);
    }
  });
});

describe("timing items saved across restarts", () => {
  it("reads every scenario once, then nothing on a restart of the unchanged run, and the same rollup", async () => {
    const first = await settled(true);
    expect(first.reads).toBe(first.timing.scenarios);
    expect(first.timing.pending).toBe(0);
    const again = await settled(true);
    expect(again.reads, "no scenario's logs read again").toBe(0);
    expect(again.stored, "the run's states stayed in the index cache").toBe(true);
    expect(again.timing).toEqual(first.timing);
  });

  it("reads again only the scenarios whose transcript or metrics.json changed", async () => {
    const transcript = join(root, RUN, "tau2_retail__37", "conversation_log.txt");
    const text = await readFile(transcript, "utf8");
    await writeFile(transcript, text.replace("\n\n\n====", "\n[ 90.000s -  91.000s] (1.000s) AGENT: One more thing.\n\n\n===="));
    const metrics = join(root, RUN, "tau2_retail__43", "metrics.json");
    const later = new Date(Date.now() + 60_000);
    await utimes(metrics, later, later);
    const restarted = await settled(true);
    expect(restarted.reads, "the two changed scenarios, nothing else").toBe(2);
    const truth = await settled(false);
    expect(restarted.timing).toEqual(truth.timing);
  });
});
