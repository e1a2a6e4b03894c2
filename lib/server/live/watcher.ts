/**
 * The single chokidar watcher over the results folder. What it watches is `IndexSync.ignores`:
 * run-level files everywhere, scenario folders only in runs that have not finished (a finished
 * run's scenario folders are audited from its listing instead), never through a symbolic link.
 */
import "server-only";
import { watch, type FSWatcher } from "chokidar";
import { MAX_RUN_DEPTH } from "../ingest/layout";
import type { IndexSync } from "./sync";

export function startWatcher(sync: IndexSync): { watcher: FSWatcher; ready: Promise<void> } {
  const watcher = watch(sync.root, {
    ignoreInitial: true,
    followSymlinks: false,
    atomic: false,
    // A run folder, a scenario folder, a sub-folder and its file.
    depth: MAX_RUN_DEPTH + 3,
    ignored: (path) => sync.ignores(path),
  });
  watcher.on("all", (event, path) => sync.handleEvent(event, path));
  watcher.on("error", (error) => console.error(`[watcher] ${error instanceof Error ? error.message : String(error)}`));
  sync.onLivenessChange = (run) => {
    // Re-walk the run with the ignore rule that now applies to it.
    watcher.unwatch(run.dir);
    watcher.add(run.dir);
  };
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return { watcher, ready };
}
