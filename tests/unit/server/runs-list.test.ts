/**
 * The runs list while the first scan runs: a request makes at least one run's analysis and then stops
 * at its budget, naming how many runs wait; once the scan is done every run is listed. A server whose
 * command scanned the folder first shows the command's list while it loads the index (issue 46).
 */
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { runsList } from "@/lib/server/views/runs-list";
import { tempDir } from "../../helpers/run-builder";
import { within } from "../../helpers/wait";

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

describe("runs list while the index loads what the command's scan read", () => {
  it("is the command's list, complete and with the server's version, until the index holds the runs; then the index's own", async () => {
    const made = runsList(store.index);
    expect(made.runs).toHaveLength(3);
    const told = { runs: made.runs.slice(0, 2), problems: [{ path: "deep/er", message: "a run nested too deep" }] };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const second = createStore(store.index.root, {
      watch: false,
      waitFor: async (s) => {
        s.index.firstList = told;
        await gate;
      },
    });
    try {
      const during = runsList(second.index);
      expect(during, "the command's list as told, no indexing block: it lists every run it read").toEqual({ ...told, version: second.index.version });
      expect(second.index.runs.size, "while the index itself holds none yet").toBe(0);
      // A run's page waits for the index to hold what the list shows (bounded).
      let listed = false;
      const whenListed = second.listed().then(() => (listed = true));
      await new Promise((r) => setTimeout(r, 50));
      expect(listed, "not before the index holds the runs").toBe(false);
      release();
      await within(whenListed, 30_000, "the runs listed in the index");
      expect(second.index.runs.size).toBe(3);
      await within(second.scanned, 30_000, "the second store's scan");
      expect(second.index.firstList, "dropped once the index holds the runs").toBeNull();
      const after = runsList(second.index);
      expect(after.runs.map((r) => r.id)).toEqual(made.runs.map((r) => r.id));
      expect(after.problems).toEqual([]);
      expect(after.indexing).toBeUndefined();
    } finally {
      release();
      await closeStore(second);
    }
  });
});
