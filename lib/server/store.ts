/**
 * The process-wide index and watcher. Kept on `globalThis` so that route handlers, server
 * components and instrumentation (separate module instances under Next) and hot reloads all
 * share one index and one watcher.
 */
import type { FSWatcher } from "chokidar";
import { serverEnv } from "./env";
import { ResultsIndex } from "./results-index";
import { startWatcher } from "./watcher";

export interface Store {
  index: ResultsIndex;
  /** Resolves when the first scan is done (the index answers before that, with `indexing` set). */
  scanned: Promise<void>;
  /** Resolves when the watcher is live. */
  watching: Promise<void>;
  /** True once the watcher is live and its catch-up pass is done. */
  live: boolean;
  watcher: FSWatcher | null;
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
  const log = options.log ? (line: string) => console.log(`[voice-eval-dashboard] ${line}`) : () => {};
  const store: Store = { index, scanned: Promise.resolve(), watching: Promise.resolve(), live: false, watcher: null };
  store.scanned = index.scan((p) => log(`indexing ${p.done}/${p.total} scenarios`)).then(() => {
    let scenarios = 0;
    for (const run of index.runs.values()) scenarios += run.scenarios.size;
    log(`indexed ${index.runs.size} run(s), ${scenarios} scenario folder(s) in ${Math.round(index.scanMs ?? 0)} ms`);
  });
  if (options.watch !== false) {
    store.watching = store.scanned.then(async () => {
      const { watcher, ready } = startWatcher(index);
      store.watcher = watcher;
      await ready;
      await index.reconcile();
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
  store.index.close();
  await store.watcher?.close();
}
