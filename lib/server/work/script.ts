/** Where the work pool's worker script is: compiled by `bin/compile-cli.mjs` (`compiledWorkWorker`). */
import "server-only";
import { existsSync } from "node:fs";
import { join } from "node:path";

/** Set by the CLI (and the tests' and the bench's setup), else where `bin/compile-cli.mjs` caches it; `null` when absent. */
export function workScript(env: NodeJS.ProcessEnv = process.env): string | null {
  const path =
    env.VOICE_EVAL_WORK_SCRIPT || join(/* turbopackIgnore: true */ process.cwd(), "node_modules", ".cache", "voice-eval-dashboard", "work-worker.mjs");
  return existsSync(path) ? path : null;
}
