/**
 * A server's store in a process of its own, for tests that stop it as a user does (Ctrl-C):
 *   node --import tsx --conditions=react-server tests/helpers/store-process.ts <results> <state-dir>
 * Prints "scanned" once the first scan is done, and "settled" with the ids of the runs the cache
 * holds once it was written after it.
 */
import { join } from "node:path";
import { createStore } from "@/lib/server/live/store";

const [root, state] = process.argv.slice(2) as [string, string];
const store = createStore(root, { watch: true, cacheFile: join(state, "index-cache.sqlite") });
await store.scanned;
console.log("scanned");
await store.scan?.settled;
console.log(`settled ${JSON.stringify([...store.index.runs.values()].filter((run) => run.cachedAsIs).map((run) => run.id))}`);
// Served until stopped.
setInterval(() => {}, 60_000);
