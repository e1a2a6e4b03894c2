// The timing rollup (issue #13) in a fresh process: the first scan with or without the background
// timing service, and the time until `pending` is 0. With a state folder (third argument), the
// index cache and the timing items persist there, as in the server: a second start is a restart.
// Prints JSON: { scanMs, pendingZeroMs, foldMs, scenarios, llmCalls, reads }.
import { join } from "node:path";
import { createStore, timingDirOf } from "@/lib/server/live/store";
import { timingService } from "@/lib/server/timing/service";

const root = process.argv[2] as string;
const withTiming = process.argv[3] === "with";
const state = process.argv[4] ?? null;
const started = performance.now();
const store = createStore(root, { watch: false, timingDir: state && timingDirOf(state, root), cacheFile: state && join(state, "index-cache.sqlite") });
// Created at once: the service itself waits for the first scan (the server starts it later still, once the watcher is live).
const service = withTiming ? timingService(store.index) : null;
await store.scanned;
const scanMs = performance.now() - started;
let pendingZeroMs: number | null = null;
let foldMs: number | null = null;
let llmCalls = 0;
if (service) {
  await service.idle();
  pendingZeroMs = performance.now() - scanMs - started;
  const t = performance.now();
  for (const run of store.index.runs.values()) {
    const timing = await service.runTiming(run);
    if (timing.pending !== 0) throw new Error(`pending ${timing.pending} after idle`);
    llmCalls += timing.calls_per_turn.agent.llm_calls;
  }
  foldMs = performance.now() - t;
}
let scenarios = 0;
for (const run of store.index.runs.values()) scenarios += run.scenarioCount;
await store.scan?.settled;
process.stdout.write(JSON.stringify({ scanMs, pendingZeroMs, foldMs, scenarios, llmCalls, reads: service?.reads ?? null }) + "\n");
store.index.close();
process.exit(0);
