/**
 * The process-wide index, its sync and its watcher. Kept on `globalThis` so that route handlers,
 * server components and instrumentation (separate module instances under Next) and hot reloads all
 * share one index and one watcher.
 */
import "server-only";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { cacheFileOf, IndexCache } from "../cache/index-cache";
import { SavedRuns } from "../cache/saved-runs";
import { serverEnv } from "../env";
import { processCaches, type ProcessCaches } from "../process-caches";
import { discoverRuns } from "../ingest/discover";
import { scanRoot, type ScanStats } from "../ingest/scan";
import { ledgerConfig } from "../ledger/config";
import { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { SavedListItems } from "../views/saved-list-items";
import { runListItem } from "../views/run-views";
import { attachSavedTrendFacts, savedTrendFactsOf } from "../views/saved-trend-facts";
import { saveTrendFacts } from "../views/trend-facts";
import { onGracefulStop, watchGracefulStop } from "./graceful-stop";
import { listenToPrescan, type PrescanReport } from "./prescan";
import { IndexSync } from "./sync";
import { Notifier, notifyUrlsFromEnv } from "../notify/notifier";
import { notifyFileOf } from "../notify/notify-state";
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
  /** What the first scan did (folders read, runs from the cache, the audit after it), once it is done. */
  scan: ScanStats | null;
  /** The index cache in the state folder, if the store has one (its `problem` is shown by `/api/health`). */
  cache: IndexCache | null;
  /** The run with this id, ready to show (see `IndexSync.openRun`). */
  openRun(id: string): Promise<RunModel | undefined>;
  /**
   * Resolves once the index holds the runs the runs list shows: at once, but while the index loads
   * what the command's scan read (`ResultsIndex.firstList`), when that is done (at most `boundMs`):
   * a run clicked in that list then opens instead of saying it is being indexed.
   */
  listed(boundMs?: number): Promise<void>;
  /** The finished runs in the index cache (none without a usable cache). */
  saved: SavedRuns | null;
  /** The runs list's items in the index cache. */
  listItems: SavedListItems | null;
  /** Every in-memory cache of the process (`/api/health` lists them). */
  caches: ProcessCaches;
  /** `--notify`: pings when a run finishes (its status is shown by `/api/health`); `null` without a URL. */
  notifier: Notifier | null;
  /** The command's scan into the index cache while the server booted (see `prescan`), once it is done; `null` without one. */
  prescan: PrescanReport | null;
  /** Forgets what the store writes at a graceful stop (at close). */
  forgetStopWriter: () => void;
}

const KEY = Symbol.for("voice-eval-dashboard.store");
type Holder = { [KEY]?: Store };

export function getStore(): Store {
  const holder = globalThis as Holder;
  const existing = holder[KEY];
  if (existing) return existing;
  const root = serverEnv().resultsDir;
  const stateDir = indexStateDir(root);
  // A stop tells long views in flight to give up, with or without a state folder to write to.
  watchGracefulStop();
  const store = createStore(root, {
    log: true,
    timingDir: stateDir && timingDirOf(stateDir, root),
    cacheFile: stateDir && cacheFileOf(stateDir),
    waitFor: prescanFromEnv(),
  });
  const urls = notifyUrlsFromEnv();
  // Without a usable state folder nothing is sent, and the notifier says so (at the start and in /api/health).
  if (urls.length) {
    const bind = process.env.VOICE_EVAL_BIND ?? "127.0.0.1:3210";
    const notifier = new Notifier(store.index, {
      urls,
      stateFile: stateDir ? notifyFileOf(stateDir) : null,
      baseUrl: process.env.VOICE_EVAL_PUBLIC_URL || `http://${bind}`,
      startedAtMs: Date.now(),
      log: (line) => console.log(`[voice-eval-dashboard] ${line}`),
    });
    store.notifier = notifier;
    // What is finished once the first scan is done is never announced.
    void store.scanned.then(() => notifier.start());
  }
  holder[KEY] = store;
  return store;
}

/**
 * The persisted index lives in the state folder (beside the ledger), never in the results folder,
 * whatever the ledger's backend: the state folder is resolved as for a SQLite ledger (`database: ""`).
 */
export function indexStateDir(root: string): string | null {
  try {
    const config = ledgerConfig({ database: "", resultsDir: root });
    return config.kind === "sqlite" ? config.stateDir : null;
  } catch {
    return null;
  }
}

/**
 * The command's scan into the index cache (see `prescan`), when the command started one: the store
 * waits for it, showing its progress, and then reads the cache.
 */
function prescanFromEnv(): ((store: Store) => Promise<void>) | undefined {
  const fd = Number(process.env.VOICE_EVAL_PRESCAN_FD);
  if (!Number.isInteger(fd) || fd < 3) return undefined;
  return async (store) => {
    store.index.indexing = { done: 0, total: 0 };
    const pipe = listenToPrescan(fd, {
      onProgress: (p) => void (store.index.indexing = { ...p }),
      onList: (list) => void (store.index.firstList = list),
    });
    store.index.cacheFilled = pipe.filled;
    store.prescan = await pipe.report;
    const report = store.prescan;
    if (!report) console.log("[voice-eval-dashboard] the command's scan ended or went silent without a report: reading the folder here");
    else if (!report.ok) console.log(`[voice-eval-dashboard] the command's scan did not fill the index cache (${report.problem}): reading the folder here`);
  };
}

/** The saved timing items of one results folder, inside the state folder. */
export function timingDirOf(stateDir: string, root: string): string {
  return join(stateDir, "timing", createHash("sha256").update(root).digest("hex").slice(0, 16));
}

export interface StoreOptions {
  log?: boolean;
  watch?: boolean;
  /** Where the timing items persist; none by default (tests), the state folder's for the server. */
  timingDir?: string | null;
  /** The index cache's file; none by default (tests), `index-cache.sqlite` in the state folder for the server. */
  cacheFile?: string | null;
  /** Ignored: the first scan reads on the main thread (kept so that older callers still type-check). */
  bundle?: string | null;
  /** What the first scan waits for (the command's scan into the index cache, see `prescan`); none by default. */
  waitFor?: (store: Store) => Promise<void>;
  /** Told the first scan's progress (the command's scan passes it on to the server). */
  onProgress?: (p: { done: number; total: number }) => void;
  /**
   * Whether runs from the index cache are audited after the scan (without a watcher; with one they
   * always are). The command's scan leaves that to the server, whose audit follows its watcher's start.
   */
  auditCached?: boolean;
}

/** How long a run's page waits for the index to hold the runs the list shows (a year of nightly runs: about 100 ms). */
const LISTED_BOUND_MS = 10_000;

/** `promise` settled, or `ms` passed: never rejects. */
function boundedWait(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}

export function createStore(root: string, options: StoreOptions = {}): Store {
  const created = performance.now();
  const index = new ResultsIndex(root);
  index.timingDir = options.timingDir ?? null;
  const log = options.log ? (line: string) => console.log(`[voice-eval-dashboard] ${line}`) : () => {};
  const sync = new IndexSync(index);
  // States the cache could not give back are signed `?`: an audit of their run reads them again.
  index.loaded.onLost = (run) => sync.scheduleAudit(run, true);
  const store: Store = {
    index,
    sync,
    scanned: Promise.resolve(),
    watching: Promise.resolve(),
    live: false,
    watcher: null,
    scan: null,
    cache: null,
    saved: null,
    listItems: null,
    caches: processCaches(),
    notifier: null,
    prescan: null,
    openRun: (id) => sync.openRun(id),
    listed: (boundMs = LISTED_BOUND_MS) => (index.firstList ? boundedWait(store.scanned, boundMs) : Promise.resolve()),
    forgetStopWriter: () => {},
  };
  // The first scan starts once what it waits for is done (the command's scan into the index cache,
  // see `prescan`): the cache is opened then, so that it holds what that scan wrote. The walk of the
  // folder needs nothing from the cache: it is made while the store waits. What changes after it is
  // found by the audit that follows, as for any walk.
  const discovery = options.waitFor ? discoverRuns(root) : undefined;
  discovery?.catch(() => {}); // its failure is the scan's, awaited there
  const begin = () => {
    const saved = openCache(store, options.cacheFile ?? null, log);
    return scanRoot(index, {
      onProgress: (p) => {
        log(`indexing ${p.done}/${p.total} scenarios`);
        options.onProgress?.(p);
      },
      fromCache: saved ? (f, id) => saved.modelOf(f, id) : undefined,
      discovery,
    });
  };
  const scanned = (options.waitFor ? options.waitFor(store).then(begin) : begin()).then((stats) => {
    // From the store's creation: a restart's read of the index cache's rows is part of its scan.
    index.scanMs = performance.now() - created;
    index.firstList = null;
    store.scan = stats;
    log(
      `indexed ${index.runs.size} run(s), ${index.scenarioCount} scenario folder(s) in ${Math.round(index.scanMs ?? 0)} ms: ${stats.read} read, ${stats.reused} from the index cache (${stats.cachedRuns} runs, audited next)`,
    );
  });
  const watch = options.watch !== false;
  // Then the audit of the whole folder: what changed during the scan, and (a restart from the
  // cache) what changed while the server was down. With a watcher, once it is up, so that nothing
  // falls between the two; without one (tests, the bench), only after a restart from the cache.
  const audited = scanned.then(async () => {
    const stats = store.scan as ScanStats;
    if (watch) {
      store.watcher = startWatcher(sync, index.runs.values());
      await store.watcher.ready;
    } else if (stats.cachedRuns === 0 || options.auditCached === false) return;
    const started = performance.now();
    const repaired = await sync.auditAll();
    await sync.idle();
    stats.audit = { ms: performance.now() - started, repaired };
    if (stats.cachedRuns > 0) log(`audited the cached runs against ${root} in ${Math.round(stats.audit.ms)} ms: ${repaired} scenario(s) repaired`);
  });
  // The index cache is written once the index equals the disk, and again after each change.
  const settled = audited.then(async () => {
    const saved = store.saved;
    if (!saved) return;
    await saved.save();
    (store.scan as ScanStats).savedAt = Date.now();
    index.onChange = () => saved.changed();
    // A stalled run changes nothing when it turns quiet: looked for now and then.
    saved.watchQuiet();
  });
  store.scanned = scanned.then(() => void ((store.scan as ScanStats).settled = settled));
  if (watch) {
    store.watching = audited.then(() => {
      sync.startTimers();
      store.live = true;
      log(`watching ${root}`);
    });
  }
  return store;
}

/**
 * Opens the index cache and what is kept in it (the runs, the runs list's items, the trend facts),
 * attached to the store; returns the saved runs (`null` without a usable cache).
 */
function openCache(store: Store, cacheFile: string | null, log: (line: string) => void): SavedRuns | null {
  if (!cacheFile) return null;
  const { index } = store;
  const cache = new IndexCache(cacheFile, index.root, { onProblem: log });
  const listItems = new SavedListItems(index, cache);
  index.savedListItems = listItems;
  const facts = attachSavedTrendFacts(index, cache);
  // Before a finished run's states may leave memory, its list item and trend facts are made from
  // them: the runs list and /trends then never load them back from the cache.
  const beforeWrite = (run: RunModel) => {
    listItems.put(run, runListItem(run));
    saveTrendFacts(run, facts);
  };
  store.cache = cache;
  store.listItems = listItems;
  store.saved = cache.usable ? new SavedRuns(index, cache, beforeWrite) : null;
  // Ctrl-C or SIGTERM: what waits to be written is written first (see `graceful-stop`).
  store.forgetStopWriter = onGracefulStop(() => writePending(store));
  return store.saved;
}

/**
 * Writes now what waits to be written: the runs a save would write (and runs turned quiet), and what
 * the runs list and /trends made (written a second after a burst). Synchronous.
 */
function writePending(store: Store): void {
  store.saved?.flush();
  store.listItems?.save();
  savedTrendFactsOf(store.index)?.save();
}

/** Stops the watcher and timers (tests). */
export async function closeStore(store: Store): Promise<void> {
  await store.scanned.catch(() => {});
  await store.scan?.settled.catch(() => {});
  await store.watching.catch(() => {});
  store.notifier?.close();
  store.sync.close();
  store.index.onChange = null;
  store.forgetStopWriter();
  writePending(store);
  store.saved?.close();
  store.index.close();
  store.cache?.close();
  await store.watcher?.close();
}
