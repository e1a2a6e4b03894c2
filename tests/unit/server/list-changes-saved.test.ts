/**
 * The runs list's change column across a restart (issue 46): each run's count of new failures is
 * saved with its list item, under the keys of the runs it was counted from, so a restart lists a
 * year of nightly runs without reading any run's trend facts; a run whose files changed while the
 * server was down is counted again, from the facts.
 */
import { readdirSync } from "node:fs";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeStore, type Store } from "@/lib/server/live/store";
import { runsList } from "@/lib/server/views/runs-list";
import { tempDir } from "../../helpers/run-builder";
import { settledStore } from "../../helpers/settled-store";

const NIGHTLY = join(__dirname, "../../../examples/results/nightly");

let root: string;
let state: string;
beforeAll(async () => {
  root = await tempDir("ved-list-changes-");
  state = await tempDir("ved-list-changes-state-");
  await cp(NIGHTLY, join(root, "nightly"), { recursive: true });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

/** A store on `root`, its index cache in `stateDir` (`null`: none). */
const started = (stateDir: string | null = state): Promise<Store> => settledStore(root, stateDir);

/** The list's change column, and how many times the index cache was asked for a run's trend facts meanwhile. */
function changesOf(store: Store) {
  const reads = vi.spyOn(store.cache!, "trendFacts");
  const list = runsList(store.index);
  const factsRead = reads.mock.calls.length;
  reads.mockRestore();
  return { vsPrevious: Object.fromEntries(list.runs.map((r) => [r.id, r.vsPrevious ?? null])), factsRead };
}

describe("the runs list's change column across a restart", () => {
  it("is listed from the saved counts, reading no run's trend facts, equal to a fresh count", async () => {
    const fresh = await started(null);
    const truth = Object.fromEntries(runsList(fresh.index).runs.map((r) => [r.id, r.vsPrevious ?? null]));
    await closeStore(fresh);
    expect(Object.values(truth).filter((c) => c !== null).length, "runs with a previous run").toBeGreaterThan(5);

    const first = await started();
    const made = changesOf(first);
    expect(made.vsPrevious).toEqual(truth);
    // The counts are written with the list items (a second after the burst, or now at close).
    await closeStore(first);

    const again = await started();
    try {
      expect(again.scan?.cachedRuns, "every run from the index cache").toBe(again.index.runs.size);
      const listed = changesOf(again);
      expect(listed.factsRead, "no run's trend facts read").toBe(0);
      expect(listed.vsPrevious).toEqual(truth);
    } finally {
      await closeStore(again);
    }
  });

  it("counts a run again when its files changed while the server was down", async () => {
    const warm = await started();
    const before = changesOf(warm);
    await closeStore(warm);
    // The newest nightly run: a scenario that passed now fails (its metrics.json rewritten).
    const newest = Object.keys(before.vsPrevious).sort().at(-1)!;
    const run = join(root, newest);
    let flipped: string | null = null;
    for (const name of readdirSync(run).sort()) {
      const path = join(run, name, "metrics.json");
      let metrics: Record<string, unknown>;
      try {
        metrics = JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (metrics.is_successful !== true || metrics.judge_passed !== true) continue;
      const failed = { ...metrics, judge_passed: false, judge_score: 0, is_successful: false, is_task_successful: false };
      await writeFile(
        path,
        JSON.stringify({ ...failed, success_breakdown: { passed: ["clean_exit"], failed: ["judge_passed"], not_applicable: [], excluded: [] } }),
      );
      flipped = name;
      break;
    }
    expect(flipped, "a passing scenario to flip").not.toBeNull();
    const again = await started();
    try {
      const listed = changesOf(again);
      expect(listed.factsRead, "the changed run's suite is counted from the facts").toBeGreaterThan(0);
      const fresh = await started(null);
      try {
        expect(listed.vsPrevious[newest], "the flipped run's count moved").not.toEqual(before.vsPrevious[newest]);
        expect(listed.vsPrevious).toEqual(Object.fromEntries(runsList(fresh.index).runs.map((r) => [r.id, r.vsPrevious ?? null])));
      } finally {
        await closeStore(fresh);
      }
    } finally {
      await closeStore(again);
    }
  });
});
