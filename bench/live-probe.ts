import { createStore } from "@/lib/server/live/store";
// @ts-expect-error: a plain .mjs module of the CLI, without types
import { compiledScanWorker } from "../bin/compile-cli.mjs";
const root = process.argv[2] as string;
const bundle = (await compiledScanWorker()) as string;
const t = performance.now();
const store = createStore(root, { log: true, watch: true, snapshotDir: process.argv[3] ?? null, bundle });
await store.scanned;
console.log(`scanned at ${Math.round(performance.now() - t)} ms`);
await store.watching;
console.log(`live at ${Math.round(performance.now() - t)} ms`);
process.exit(0);
