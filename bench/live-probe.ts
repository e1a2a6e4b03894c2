// One server-like store in a fresh process (watcher on): when the index is complete, and when it is live.
//   bench/live-probe.ts <folder> [state-dir]   (with a state folder: its index cache and timing items)
import { join } from "node:path";
import { createStore, timingDirOf } from "@/lib/server/live/store";
const root = process.argv[2] as string;
const state = process.argv[3] ?? null;
const t = performance.now();
const store = createStore(root, {
  log: true,
  watch: true,
  timingDir: state && timingDirOf(state, root),
  cacheFile: state && join(state, "index-cache.sqlite"),
});
await store.scanned;
console.log(`scanned at ${Math.round(performance.now() - t)} ms`);
await store.watching;
console.log(`live at ${Math.round(performance.now() - t)} ms`);
process.exit(0);
