/**
 * The first query after a restart equals the query before it (issue 42): every run of the bundled
 * example, finished or not, answers the same detail and scenario rows from a store made from the
 * index cache (its states still only in the cache, its `all_metrics.json` order never read) as from
 * a fresh scan, before the audit after the restart has run; and the same on a second server that
 * shares the state folder with a first one still running.
 */
import { cp, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRuns, runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { tempDir } from "../../helpers/run-builder";
import { within } from "../../helpers/wait";

const EXAMPLE = join(__dirname, "../../../examples/results");

let root: string;
let stateDir: string;
const cacheFile = () => join(stateDir, "index-cache.sqlite");

beforeAll(async () => {
  root = join(await tempDir("ved-first-query-"), "results");
  stateDir = await tempDir("ved-first-query-state-");
  await cp(EXAMPLE, root, { recursive: true });
});
afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true });
  await rm(join(root, ".."), { recursive: true, force: true });
});

const enc = encodeURIComponent;

/**
 * What a user sees first of every run: the runs list, each run's detail and its first rows. All asked
 * at once: each answer is made before any file read of the store's own (the audit after a restart)
 * completes, as a page asked for the moment the runs list is complete would be.
 */
async function queries(store: Store): Promise<Record<string, unknown>> {
  const ids = [...store.index.runs.keys()].sort();
  const paths = ids.flatMap((id) => [`/api/runs/${enc(id)}`, `/api/runs/${enc(id)}/scenarios?limit=500`]);
  const responses = await Promise.all(paths.map((path) => runRoute(store, new Request(`http://localhost${path}`))));
  // The index's version counts its changes since the process started: not what a user sees.
  const { version: _, ...list } = (await listRuns(store.index).json()) as { version: number };
  const out: Record<string, unknown> = { list };
  for (const [i, path] of paths.entries()) {
    expect(responses[i]?.status, path).toBe(200);
    out[path] = await responses[i]?.json();
  }
  return out;
}

describe("the first query after a restart", () => {
  it("equals the query before it, on a restart and on a second server sharing the state folder", async () => {
    const fresh = createStore(root, { watch: false });
    await within(fresh.scanned, 30_000, "the fresh scan");
    const before = await queries(fresh);
    await closeStore(fresh);

    // A first start writes the cache; nobody opens a run, so no run's order is read before it is saved.
    const first = createStore(root, { watch: false, cacheFile: cacheFile() });
    await within(first.scanned, 30_000, "the first start's scan");
    await within(first.scan!.settled, 30_000, "the first start's cache write");

    // A second server on the same state folder while the first runs: its runs come from the cache.
    const second = createStore(root, { watch: false, cacheFile: cacheFile() });
    try {
      await within(second.scanned, 30_000, "the second server's scan");
      expect(second.scan?.cachedRuns, "the second server's finished runs come from the cache").toBeGreaterThan(10);
      expect(await queries(second)).toEqual(before);
    } finally {
      await closeStore(second);
      await closeStore(first);
    }

    // A restart: the first query is made before the audit after the scan has looked at the disk.
    const restart = createStore(root, { watch: false, cacheFile: cacheFile() });
    try {
      await within(restart.scanned, 30_000, "the restart's scan");
      expect(restart.scan?.cachedRuns).toBeGreaterThan(10);
      expect(restart.scan?.audit ?? null, "queried before the audit").toBeNull();
      expect(await queries(restart)).toEqual(before);
      await within(restart.scan!.settled, 30_000, "the restart's audit");
      expect(restart.scan?.audit?.repaired, "the audit found nothing to repair").toBe(0);
    } finally {
      await closeStore(restart);
    }
  }, 120_000);
});
