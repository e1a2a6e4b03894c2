// One first scan of the live index (no watcher), in a fresh process. Prints JSON: { ms, rssMb, heapMb, scenarios, runs }.
import { createStore } from "@/lib/server/live/store";
import { runAnalysis } from "@/lib/server/views/run-views";

const root = process.argv[2] as string;
const started = performance.now();
const store = createStore(root, { watch: false });
await store.scanned;
const ms = performance.now() - started;
let scenarios = 0;
for (const run of store.index.runs.values()) scenarios += runAnalysis(run).records.length;
(globalThis as { gc?: () => void }).gc?.();
const mem = process.memoryUsage();
process.stdout.write(JSON.stringify({ ms, rssMb: mem.rss / 2 ** 20, heapMb: mem.heapUsed / 2 ** 20, scenarios, runs: store.index.runs.size }) + "\n");
store.index.close();
process.exit(0);
