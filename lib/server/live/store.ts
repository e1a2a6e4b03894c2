/**
 * The process-wide index, its sync and its watcher. Kept on `globalThis` so that route handlers,
 * server components and instrumentation (separate module instances under Next) and hot reloads all
 * share one index and one watcher.
 */
import "server-only";
import type { FSWatcher } from "chokidar";
import { serverEnv } from "../env";
import { scanRoot } from "../ingest/scan";
import { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { IndexSync } from "./sync";
import { startWatcher } from "./watcher";

export interface Store {
  index: ResultsIndex;
  sync: IndexSync;
  /** Resolves when the first scan is done (the index answers before that, with `indexing` set). */
  scanned: Promise<void>;
  /** Resolves when the watcher is live and has caught up. */
  watching: Promise<void>;
  /** True once the watcher is live and its catch-up pass is done. */
  live: boolean;
  watcher: FSWatcher | null;
  /** The run with this id, ready to show (see `IndexSync.openRun`). */
  openRun(id: string): Promise<RunModel | undefined>;
}

const KEY = Symbol.for("voice-eval-dashboard.store");
type Holder = { [KEY]?: Store };

export function getStore(): Store {
  const holder = globalThis as Holder;
  const existing = holder[KEY];
  if (existing) return existing;
  const store = createStore(serverEnv().resultsDir, { log: true });
  holder[KEY] = store;
  return store;
}

export function createStore(root: string, options: { log?: boolean; watch?: boolean } = {}): Store {
  const index = new ResultsIndex(root);
  const sync = new IndexSync(index);
  const log = options.log ? (line: string) => console.log(`[voice-eval-dashboard] ${line}`) : () => {};
  const store: Store = {
    index,
    sync,
    scanned: Promise.resolve(),
    watching: Promise.resolve(),
    live: false,
    watcher: null,
    openRun: (id) => sync.openRun(id),
  };
  store.scanned = scanRoot(index, (p) => log(`indexing ${p.done}/${p.total} scenarios`)).then(() => {
    log(`indexed ${index.runs.size} run(s), ${index.scenarioCount} scenario folder(s) in ${Math.round(index.scanMs ?? 0)} ms`);
  });
  if (options.watch !== false) {
    store.watching = store.scanned.then(async () => {
      const { watcher, ready } = startWatcher(sync);
      store.watcher = watcher;
      await ready;
      // Changes made while the first scan ran.
      await sync.auditAll();
      await sync.idle();
      sync.startTimers();
      store.live = true;
      log(`watching ${root}`);
    });
  }
  return store;
}

/** Stops the watcher and timers (tests). */
export async function closeStore(store: Store): Promise<void> {
  await store.scanned.catch(() => {});
  await store.watching.catch(() => {});
  store.sync.close();
  store.index.close();
  await store.watcher?.close();
}
