/** The server's configuration, read once from the environment the CLI sets (the access token is the proxy's). */
import "server-only";
import { realpathSync, statSync } from "node:fs";
import { resolve } from "node:path";

export interface ServerEnv {
  /** Absolute real path of the results folder. */
  resultsDir: string;
}

let cached: ServerEnv | null = null;

export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const raw = process.env.RESULTS_DIR;
  if (!raw) throw new Error("RESULTS_DIR is not set: start the dashboard with `npm start -- <results-folder>`");
  const resultsDir = realpathSync(resolve(raw));
  if (!statSync(resultsDir).isDirectory()) throw new Error(`RESULTS_DIR is not a folder: ${resultsDir}`);
  cached = { resultsDir };
  return cached;
}
