/**
 * The runs list while the first scan runs: a request makes at least one run's analysis and then stops
 * at its budget, naming how many runs wait; once the scan is done every run is listed.
 */
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { runsList } from "@/lib/server/views/runs-list";
import { tempDir } from "../../helpers/run-builder";

const HARNESS = join(__dirname, "../../fixtures/harness");
const RUNS = [
  join("stalls", "run", "eval_20260804_144300"),
  join("judge-only", "run", "eval_20260803_223300"),
  join("small-2-domains", "run", "eval_20260810_031700"),
];

let store: Store;

beforeAll(async () => {
  const root = await tempDir();
  for (const run of RUNS) await cp(join(HARNESS, run), join(root, run.split("/").pop() as string), { recursive: true });
  store = createStore(root, { watch: false });
  await store.scanned;
});
afterAll(async () => closeStore(store));

describe("runs list during the first scan", () => {
  it("makes one more run's analysis per request at a zero budget, then lists them all", () => {
    const ids = [...store.index.runs.keys()].sort();
    expect(ids).toHaveLength(3);
    // As while the scan runs (the scan itself is over: the index only says it is not).
    store.index.indexing = { done: 1, total: 2 };
    try {
      const seen: number[] = [];
      const pending: number[] = [];
      for (let i = 0; i < 3; i++) {
        const list = runsList(store.index, Date.now(), 0);
        seen.push(list.runs.length);
        pending.push(list.indexing?.runsPending ?? -1);
      }
      expect(seen).toEqual([1, 2, 3]);
      expect(pending).toEqual([2, 1, 0]);
    } finally {
      store.index.indexing = null;
    }
    const done = runsList(store.index, Date.now(), 0);
    expect(done.runs.map((r) => r.id).sort()).toEqual(ids);
    expect(done.indexing).toBeUndefined();
  });
});
