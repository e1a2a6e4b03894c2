/**
 * The trends page's facts of each finished run (see `trend-facts`), kept in the index cache beside
 * the runs list's items and under the same key (`listItemKey`: everything a finished run's analysis
 * is made from). After a restart, `/trends` over a year of nightly runs reads each run's few
 * kilobytes of facts instead of loading every run's scenario states from the cache to analyse it
 * again. A run whose key moved is analysed afresh; a run that is not finished is never saved.
 */
import "server-only";
import { DelayedWrite } from "../cache/delayed-write";
import type { IndexCache } from "../cache/index-cache";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { listItemKey } from "./saved-list-items";
import type { KeptTrendFacts, TrendFacts } from "./trend-facts";

/** Facts made in a burst (the first `/trends`) are written once, this long after the last. */
const SAVE_DELAY_MS = 1000;

export class SavedTrendFacts implements KeptTrendFacts {
  /** Made since the last save, by run folder. */
  readonly #dirty = new Map<string, { key: string; facts: TrendFacts }>();
  readonly #write = new DelayedWrite(SAVE_DELAY_MS, () => this.save());

  constructor(
    private readonly index: ResultsIndex,
    private readonly cache: IndexCache,
  ) {}

  /** Whether the facts of the run as it is now are saved (or about to be). */
  has(run: RunModel): boolean {
    const key = listItemKey(run);
    return (this.#dirty.get(run.dir)?.key ?? this.cache.trendFactsKey(run.dir)) === key;
  }

  get(run: RunModel): TrendFacts | null {
    if (!run.finished) return null;
    const key = listItemKey(run);
    const dirty = this.#dirty.get(run.dir);
    if (dirty) return dirty.key === key ? dirty.facts : null;
    const saved = this.cache.trendFacts(run.dir);
    if (!saved || saved.key !== key) return null;
    if (isFacts(saved.facts)) return saved.facts;
    this.cache.reject("trend_facts", run.dir, "not a run's trend facts");
    return null;
  }

  put(run: RunModel, facts: TrendFacts): void {
    if (!run.finished) return;
    this.#dirty.set(run.dir, { key: listItemKey(run), facts });
    this.#write.soon();
  }

  /** Writes the facts made since the last save, and forgets the rows of runs no longer in the index. */
  save(): void {
    this.#write.cancel();
    if (this.cache.saveTrendFacts(this.#dirty, (dir) => this.index.runAt(dir) !== undefined)) this.#dirty.clear();
  }
}

/** A row is never trusted past its shape and its key. */
function isFacts(f: unknown): f is TrendFacts {
  const x = f as Partial<TrendFacts> | null;
  return (
    !!x &&
    typeof x === "object" &&
    Array.isArray(x.queue) &&
    x.queue.every((name) => typeof name === "string") &&
    (x.startedAt === null || typeof x.startedAt === "string") &&
    typeof x.state === "string" &&
    typeof x.intended === "number" &&
    x.verdicts instanceof Map &&
    x.cells instanceof Map &&
    !!x.aggregates &&
    typeof x.aggregates === "object" &&
    !!x.aggregates.rates &&
    !!x.judge &&
    typeof x.judge === "object"
  );
}

/** Process-wide, like the store: Next loads this module once per bundle (pages, routes, instrumentation). */
const KEY = Symbol.for("voice-eval-dashboard.trend-facts");
type Holder = { [KEY]?: WeakMap<ResultsIndex, SavedTrendFacts> };
const registry = () => ((globalThis as Holder)[KEY] ??= new WeakMap());

/** The index's saved facts, when it has an index cache (see `live/store`). */
export function savedTrendFactsOf(index: ResultsIndex): SavedTrendFacts | null {
  return registry().get(index) ?? null;
}

export function attachSavedTrendFacts(index: ResultsIndex, cache: IndexCache): SavedTrendFacts {
  const s = new SavedTrendFacts(index, cache);
  registry().set(index, s);
  return s;
}
