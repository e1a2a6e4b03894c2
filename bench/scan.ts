// One first scan of the live index (no watcher), in a fresh process, on the main thread.
//   bench/scan.ts <folder> [state-dir]   (with a state folder: its index cache, used and then written)
// Prints JSON: { ms, settledMs, auditMs, loadMs, rssMb, heapMb, indexHeapMb, scenarios, runs, read, reused, cachedRuns }.
//   ms: until the index is complete (the runs list can be answered whole); settledMs: until the audit
//   that follows a restart from the cache is done and the cache written; loadMs: after that, every
//   run's states through the index cache (a page of each run), with the bounded set of loaded runs.
import { join } from "node:path";
import { createStore } from "@/lib/server/live/store";
import { runAnalysis } from "@/lib/server/views/run-views";
import { runsList } from "@/lib/server/views/runs-list";

const root = process.argv[2] as string;
const state = process.argv[3] ?? null;
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const store = createStore(root, { watch: false, cacheFile: state && join(state, "index-cache.sqlite") });
await store.scanned;
// The runs list, complete: what the runs page shows (from the cache's items after a restart).
const list = runsList(store.index);
const ms = performance.now() - started;
if (list.indexing || list.runs.length !== store.index.runs.size) throw new Error("the runs list is not complete once scanned");
const scan = store.scan;
await scan?.settled;
const settledMs = performance.now() - started;
const loadStarted = performance.now();
let scenarios = 0;
for (const run of store.index.runs.values()) scenarios += runAnalysis(run).records.length;
const loadMs = performance.now() - loadStarted;
gc?.();
const mem = process.memoryUsage();
// indexHeapMb: what the index itself holds (the heap after the scan less the heap before it).
process.stdout.write(
  JSON.stringify({
    ms,
    settledMs,
    auditMs: scan?.audit?.ms ?? null,
    loadMs,
    rssMb: mem.rss / 2 ** 20,
    heapMb: mem.heapUsed / 2 ** 20,
    indexHeapMb: (mem.heapUsed - heapBefore) / 2 ** 20,
    scenarios,
    runs: store.index.runs.size,
    read: scan?.read,
    reused: scan?.reused,
    cachedRuns: scan?.cachedRuns,
    loadedScenarios: store.index.loaded.scenarios,
  }) + "\n",
);
store.index.close();
process.exit(0);
