/**
 * The command's scan into the index cache, on a worker thread of the command (see `prescan`): the
 * store's own first scan, without a watcher, written to the cache and closed. Compiled by
 * `bin/compile-cli.mjs` (`compiledPrescanWorker`) into a CommonJS bundle that `bin/prescan-thread.cjs`
 * loads with V8's code cache and runs (`prescanThread`), then says `done`. Posts `PrescanMessage`s.
 */
import "server-only";
import { cacheFileOf } from "../cache/index-cache";
import { prescanReport, type PrescanMessage } from "./prescan";
import { runsList } from "../views/runs-list";
import { savedTrendFactsOf } from "../views/saved-trend-facts";
import { closeStore, createStore, indexStateDir } from "./store";

/**
 * Scans `root` (a real path) into the index cache, posting progress, the runs list and the report;
 * resolves once everything is written (the loader then says `done`). Never rejects: a failure is the report.
 */
export async function prescanThread(root: string, post: (m: PrescanMessage) => void): Promise<void> {
  try {
    await prescan(root, post);
  } catch (error) {
    post({ report: prescanReport(null, error instanceof Error ? error.message : String(error), 0) });
  }
}

async function prescan(root: string, post: (m: PrescanMessage) => void): Promise<void> {
  const started = performance.now();
  const stateDir = indexStateDir(root);
  if (!stateDir) {
    post({ report: prescanReport(null, "no state folder for the index cache", 0) });
    return;
  }
  const store = createStore(root, {
    log: false,
    watch: false,
    cacheFile: cacheFileOf(stateDir),
    onProgress: (progress) => post({ progress }),
    // What the cache held is audited by the server once its watcher is up.
    auditCached: false,
  });
  let problem: string | null;
  try {
    // The runs' states, the largest part of what is written, are written after the report.
    await store.scanned;
    store.saved?.deferStates();
    // The runs list once every run is read, before anything is written: the server shows it while it
    // loads the index from the cache (a year of nightly runs: the cache's writing and loading are a
    // third of the first start). Made while every run's trend facts are at hand: its change column is
    // saved with the items (see `views/run-changes`), and the server's first list reads no run's facts.
    const { runs, problems } = runsList(store.index);
    // A restart's scan read nothing: the server loads the cache sooner than it would parse the list.
    if (store.scan?.read) post({ list: { runs, problems } });
    await store.scan?.settled;
    store.listItems?.save();
    problem = !store.cache?.usable ? (store.cache?.problem ?? "the index cache is not usable") : store.scan?.savedAt ? null : "the index cache was not written";
    post({ report: prescanReport(store.scan, problem, performance.now() - started, store.cache?.otherBuild) });
    // What the runs list does not need is written after the report: the trend facts (/trends), then
    // the states (run pages). Until then the server's timing pass waits for them (`ResultsIndex.cacheFilled`); a page
    // that needs a run's states meanwhile reads the run again (`IndexCache.runStates`).
    savedTrendFactsOf(store.index)?.save();
    if (problem === null) store.saved?.writeDeferredStates();
  } finally {
    await closeStore(store);
  }
}
