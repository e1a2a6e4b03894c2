/**
 * The process-wide index, its sync and its watcher. Kept on `globalThis` so that route handlers,
 * server components and instrumentation (separate module instances under Next) and hot reloads all
 * share one index and one watcher.
 */
import "server-only";
import { dirname, join } from "node:path";
import { CACHE_FILE, cacheFileOf, IndexCache } from "../cache/index-cache";
import { serverEnv } from "../env";
import { scanRoot, type ScanStats } from "../ingest/scan";
import { snapshotDirOf } from "../ingest/snapshot";
import { ledgerConfig } from "../ledger/config";
import { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { SavedListItems } from "../views/saved-list-items";
import { IndexSync } from "./sync";
import { startWatcher, type Watcher } from "./watcher";

export interface Store {
  index: ResultsIndex;
  sync: IndexSync;
  /** Resolves when the first scan is done (the index answers before that, with `indexing` set). */
  scanned: Promise<void>;
  /** Resolves when the watcher is live and has caught up. */
  watching: Promise<void>;
  /** True once the watcher is live and its catch-up pass is done. */
  live: boolean;
  watcher: Watcher | null;
  /** What the first scan did (threads, folders read and reused), once it is done. */
  scan: ScanStats | null;
  /** The index cache in the state folder, if the store has one (its `problem` is shown by `/api/health`). */
  cache: IndexCache | null;
  /** The run with this id, ready to show (see `IndexSync.openRun`). */
  openRun(id: string): Promise<RunModel | undefined>;
}

const KEY = Symbol.for("voice-eval-dashboard.store");
type Holder = { [KEY]?: Store };

export function getStore(): Store {
  const holder = globalThis as Holder;
  const existing = holder[KEY];
  if (existing) return existing;
  const root = serverEnv().resultsDir;
  const stateDir = indexStateDir(root);
  const store = createStore(root, { log: true, snapshotDir: stateDir && snapshotDirOf(stateDir, root), cacheFile: stateDir && cacheFileOf(stateDir) });
  holder[KEY] = store;
  return store;
}

/**
 * The persisted index lives in the state folder (beside the ledger), never in the results folder,
 * whatever the ledger's backend: the state folder is resolved as for a SQLite ledger (`database: ""`).
 */
function indexStateDir(root: string): string | null {
  try {
    const config = ledgerConfig({ database: "", resultsDir: root });
    return config.kind === "sqlite" ? config.stateDir : null;
  } catch {
    return null;
  }
}

export interface StoreOptions {
  log?: boolean;
  watch?: boolean;
  /** The persisted index's folder; none by default (tests), the state folder's for the server. */
  snapshotDir?: string | null;
  /** The index cache's file (runs-list items); by default `index-cache.sqlite` beside the snapshot's folder. */
  cacheFile?: string | null;
  /** The scan worker bundle (see `workerBundle`); `null` reads on the main thread. */
  bundle?: string | null;
}

export function createStore(root: string, options: StoreOptions = {}): Store {
  const index = new ResultsIndex(root);
  index.snapshotDir = options.snapshotDir ?? null;
  const cacheFile = options.cacheFile !== undefined ? options.cacheFile : options.snapshotDir ? join(dirname(options.snapshotDir), CACHE_FILE) : null;
  const log = options.log ? (line: string) => console.log(`[voice-eval-dashboard] ${line}`) : () => {};
  const cache = cacheFile ? new IndexCache(cacheFile, root, { onProblem: log }) : null;
  if (cache) index.savedListItems = new SavedListItems(index, cache);
  const sync = new IndexSync(index);
  const store: Store = {
    index,
    sync,
    scanned: Promise.resolve(),
    watching: Promise.resolve(),
    live: false,
    watcher: null,
    scan: null,
    cache,
    openRun: (id) => sync.openRun(id),
  };
  store.scanned = scanRoot(index, { onProgress: (p) => log(`indexing ${p.done}/${p.total} scenarios`), snapshotDir: options.snapshotDir ?? null, bundle: options.bundle }).then((stats) => {
    store.scan = stats;
    const how = stats.threads ? `${stats.threads} worker threads` : "the main thread";
    log(`indexed ${index.runs.size} run(s), ${index.scenarioCount} scenario folder(s) in ${Math.round(index.scanMs ?? 0)} ms with ${how}: ${stats.read} read, ${stats.reused} unchanged since the last start`);
    void stats.settled.then(() => {
      if (stats.problems.length) log(`the index snapshot was not written: ${stats.problems.join("; ")}`);
    });
  });
  if (options.watch !== false) {
    store.watching = store.scanned.then(async () => {
      const started = performance.now();
      const watcher = startWatcher(sync, index.runs.values());
      store.watcher = watcher;
      await watcher.ready;
      const watcherMs = performance.now() - started;
      // Changes made while the first scan ran.
      await sync.auditAll();
      await sync.idle();
      sync.startTimers();
      store.live = true;
      log(`watching ${root} (watcher ready in ${Math.round(watcherMs)} ms, catch-up audit ${Math.round(performance.now() - started - watcherMs)} ms)`);
    });
  }
  return store;
}

/** Stops the watcher and timers (tests). */
export async function closeStore(store: Store): Promise<void> {
  await store.scanned.catch(() => {});
  await store.scan?.settled.catch(() => {});
  await store.watching.catch(() => {});
  store.sync.close();
  store.index.close();
  store.cache?.close();
  await store.watcher?.close();
}
