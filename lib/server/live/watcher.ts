/**
 * The one watcher over the results folder. Chokidar watches what `IndexSync.ignores` lets through:
 * the folders where runs may appear, and each live run with its run-level files and scenario
 * folders. A finished run's folder (or a quiet one's, see `IndexSync.watchedNatively`) is not walked by chokidar (which lists and `lstat`s every entry
 * of every folder it watches: 5 s at start for 100,000 scenarios); it gets one native watch of the
 * folder itself instead, which costs no listing and still reports a run-level file that changes
 * (a resume) and a scenario folder that appears or vanishes. Whatever a watch misses, the audits
 * find. Nothing is followed through a symbolic link.
 */
import "server-only";
import { watch as watchFolder, type FSWatcher as FolderWatch } from "node:fs";
import { basename, join } from "node:path";
import { watch } from "chokidar";
import { MAX_RUN_DEPTH } from "../ingest/layout";
import type { RunModel } from "../model/run-model";
import type { IndexSync } from "./sync";

export interface Watcher {
  /** Resolves once chokidar's first walk is done. */
  ready: Promise<void>;
  /** Whether a finished run's folder has its native watch. */
  watchesNatively(dir: string): boolean;
  /** How many native watches were made so far (a folder made again gets a new one). */
  readonly nativeWatchesMade: number;
  /** The folders chokidar walked and watches. */
  walkedFolders(): string[];
  close(): Promise<void>;
}

export function startWatcher(sync: IndexSync, runs: Iterable<RunModel>): Watcher {
  const known = [...runs];
  // Quiet runs are told apart before the walk asks about their folders.
  for (const run of known) sync.meet(run);
  const tree = watch(sync.root, {
    ignoreInitial: true,
    followSymlinks: false,
    atomic: false,
    // A run folder, a scenario folder, a sub-folder and its file.
    depth: MAX_RUN_DEPTH + 3,
    ignored: (path) => sync.ignores(path),
  });
  tree.on("all", (event, path) => sync.handleEvent(event, path));
  tree.on("error", (error) => console.error(`[watcher] ${error instanceof Error ? error.message : String(error)}`));

  const folders = new Map<string, FolderWatch>();
  let made = 0;
  const release = (dir: string) => {
    folders.get(dir)?.close();
    folders.delete(dir);
  };
  const watchNatively = (run: RunModel) => {
    if (folders.has(run.dir) || !sync.watchedNatively(run)) return;
    try {
      const watch = watchFolder(run.dir, { persistent: false }, (_event, file) => {
        const name = file?.toString() ?? null;
        if (!sync.isIndexed(run)) release(run.dir);
        else if (name === basename(run.dir)) {
          // An event naming the folder itself: it was removed or moved, and the watch with it (a
          // folder made again under the same name is another one). Watched again at once if it is
          // back already, else by the next audit of the whole folder.
          release(run.dir);
          watchNatively(run);
        }
        sync.handleEvent("change", name ? join(/* turbopackIgnore: true */ run.dir, name) : run.dir);
      });
      watch.on("error", () => release(run.dir));
      folders.set(run.dir, watch);
      made++;
    } catch {
      // No watch left (the inotify limit) or the folder is gone: the audits still cover the run.
    }
  };

  sync.onLivenessChange = (run) => {
    release(run.dir);
    // Re-walk the run with the ignore rule that now applies to it.
    tree.unwatch(run.dir);
    if (sync.watchedNatively(run)) watchNatively(run);
    else tree.add(run.dir);
  };
  // Every audit of the whole folder checks that each finished run has its watch: made again if it went.
  sync.onAudited = (run) => watchNatively(run);
  for (const run of known) watchNatively(run);
  const ready = new Promise<void>((resolve) => tree.once("ready", () => resolve()));
  return {
    ready,
    walkedFolders: () => Object.keys(tree.getWatched()),
    watchesNatively: (dir) => folders.has(dir),
    get nativeWatchesMade() {
      return made;
    },
    async close() {
      for (const dir of [...folders.keys()]) release(dir);
      await tree.close();
    },
  };
}
