/**
 * The single chokidar watcher over the results folder. To stay cheap on folders with tens of
 * thousands of scenarios it watches only what can change what we show: run-level files everywhere,
 * and scenario folders only in runs that have not finished (a resume re-opens a run, which its
 * run-level files announce, and the run is then watched again).
 */
import { watch, type FSWatcher } from "chokidar";
import type { Stats } from "node:fs";
import { isKilledFolder } from "@/lib/core";
import { ACTIVITY_FILES, RUN_LEVEL_FILES, SCENARIO_FILES, type ResultsIndex } from "./results-index";

export function shouldIgnore(index: ResultsIndex, path: string, _stats?: Stats): boolean {
  const located = index.locate(path);
  if (!located) return false;
  const { run, rel } = located;
  if (rel.length === 0) return false;
  const [name, file] = rel as [string, string | undefined];
  if (rel.length === 1) {
    if (RUN_LEVEL_FILES.has(name)) return false;
    if (isKilledFolder(name)) return true;
    return !index.isLive(run);
  }
  if (rel.length === 2) return !(SCENARIO_FILES.has(file as string) || ACTIVITY_FILES.has(file as string));
  return true;
}

export function startWatcher(index: ResultsIndex): { watcher: FSWatcher; ready: Promise<void> } {
  const watcher = watch(index.root, {
    ignoreInitial: true,
    followSymlinks: false,
    atomic: false,
    depth: 12,
    ignored: (path, stats) => shouldIgnore(index, path, stats),
  });
  watcher.on("all", (event, path) => {
    if (event === "unlink" || event === "unlinkDir") index.handleRemoval(path);
    else index.handlePathEvent(path);
  });
  watcher.on("error", (error) => console.error(`[watcher] ${error instanceof Error ? error.message : String(error)}`));
  index.onRunLiveChange = (run) => {
    // Re-walk the run with the ignore rule that now applies to it.
    watcher.unwatch(run.dir);
    watcher.add(run.dir);
  };
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return { watcher, ready };
}
