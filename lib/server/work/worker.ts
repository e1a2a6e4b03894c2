/**
 * A worker thread of the work pool: runs one job at a time and posts its result back. Compiled by
 * `bin/compile-cli.mjs` (`compiledWorkWorker`) into one plain ESM file, which exists at run time
 * whatever bundles Next made of the pages.
 */
import "server-only";
import { parentPort } from "node:worker_threads";
import { JOBS, type JobName } from "./jobs";
import type { FromWorker, ToWorker } from "./protocol";

const port = parentPort;
if (port) {
  port.on("message", async (message: ToWorker) => {
    let answer: FromWorker;
    try {
      const run = JOBS[message.job as JobName] as ((input: unknown) => unknown) | undefined;
      if (!run) throw new Error(`unknown job: ${String(message.job)}`);
      answer = { id: message.id, ok: true, value: await run(message.input) };
    } catch (err) {
      answer = { id: message.id, ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(answer);
  });
  // Loaded: the pool falls back to the main thread only when a script never gets this far.
  port.postMessage({ ready: true });
}
