// One first scan of the live index (no watcher), in a fresh process, with the scan workers.
//   bench/scan.ts <folder> [snapshot-dir]   (with a snapshot folder: reuse it, then write it)
// SCAN_MAIN_THREAD=1: without the worker bundle, the way a server without it would scan.
// Prints JSON: { ms, decodeMs, storedRuns, rssMb, heapMb, indexHeapMb, scenarios, runs, threads, read, reused, written }.
import { createStore } from "@/lib/server/live/store";
import { runAnalysis } from "@/lib/server/views/run-views";
// @ts-expect-error: a plain .mjs module of the CLI, without types
import { compiledScanWorker } from "../bin/compile-cli.mjs";

const root = process.argv[2] as string;
const snapshotDir = process.argv[3] ?? null;
const bundle = process.env.SCAN_MAIN_THREAD ? null : ((await compiledScanWorker()) as string);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const store = createStore(root, { watch: false, snapshotDir, bundle });
await store.scanned;
const ms = performance.now() - started;
// After a restart, runs the snapshot had whole keep their reads encoded until first used: this is
// what decoding all of them costs (the first run page of a run pays its own share).
const decodeStarted = performance.now();
let storedRuns = 0;
for (const run of store.index.runs.values()) {
  if (!run.stored) continue;
  storedRuns++;
  void run.scenarios.size;
}
const decodeMs = performance.now() - decodeStarted;
let scenarios = 0;
for (const run of store.index.runs.values()) scenarios += runAnalysis(run).records.length;
const scan = store.scan;
await scan?.settled;
gc?.();
const mem = process.memoryUsage();
// indexHeapMb: what the index itself holds (the heap after the scan less the heap before it).
process.stdout.write(JSON.stringify({ ms, decodeMs, storedRuns, rssMb: mem.rss / 2 ** 20, heapMb: mem.heapUsed / 2 ** 20, indexHeapMb: (mem.heapUsed - heapBefore) / 2 ** 20, scenarios, runs: store.index.runs.size, threads: scan?.threads, read: scan?.read, reused: scan?.reused, written: scan?.written }) + "\n");
store.index.close();
process.exit(0);
