/**
 * The in-memory index of every run under the results folder: the runs by id, the version every
 * change moves, and the change events the live stream sends. Only the ingest side (the first scan
 * and `live/sync`) changes it, through `addRun`, `removeRun` and `apply`; readers get plain data
 * and the runs' revisions.
 */
import "server-only";
import type { ChangeEvent, RunListItem, RunsResponse } from "@/lib/shared/dto";
import { LoadedRuns } from "./loaded-runs";
import type { RunChange, RunModel } from "./run-model";

export type Listener = (event: ChangeEvent) => void;

/** The runs list's items saved across restarts (see `views/saved-list-items`). */
export interface SavedItems {
  get(run: RunModel): RunListItem | null;
  put(run: RunModel, item: RunListItem): void;
  /** The run's count of new failures against its suite's runs before it, saved under `key` (theirs and its own list item keys), or `null`. */
  newFailures(run: RunModel, key: string): number | null;
  putNewFailures(run: RunModel, key: string, count: number): void;
}

/** A place under the results folder the index does not show, and why (a run nested too deep). */
export interface RootProblem {
  path: string;
  message: string;
}

export class ResultsIndex {
  readonly #runs = new Map<string, RunModel>();
  readonly #runsByDir = new Map<string, RunModel>();
  readonly #listeners = new Set<Listener>();
  #pending: ChangeEvent | null = null;
  #flushTimer: NodeJS.Timeout | null = null;
  version = 0;
  /** Set while the first scan is under way. */
  indexing: { done: number; total: number } | null = { done: 0, total: 0 };
  scanMs: number | null = null;
  /** When the first scan completed, by the wall clock (epoch ms): what a script outside the process can compare with its own clock. */
  scannedAt: number | null = null;
  rootProblems: readonly RootProblem[] = [];
  /** Where the timing items persist, in the state folder (`null`: nothing persists). */
  timingDir: string | null = null;
  /**
   * The runs list the command's scan made of the folder, every run read (see `live/prescan`): the
   * runs list while this index loads what that scan wrote to the cache, `null` once it has.
   */
  firstList: Pick<RunsResponse, "runs" | "problems"> | null = null;
  /** Set when the index has a cache. */
  savedListItems: SavedItems | null = null;
  /**
   * Resolves once the index cache holds the runs' states and trend facts as well as what the first
   * scan read from it: the command's scan writes those after its report (see `live/prescan`).
   * Background work that would load every run's states (the timing pass) waits for it.
   */
  cacheFilled: Promise<void> = Promise.resolve();
  /** Told of every change event (the index cache saves the runs it names), before the listeners. */
  onChange: ((event: ChangeEvent) => void) | null = null;
  /** Finished runs whose states are in memory, bounded (see `LoadedRuns`). */
  readonly loaded = new LoadedRuns();

  constructor(readonly root: string) {}

  get runs(): ReadonlyMap<string, RunModel> {
    return this.#runs;
  }

  runAt(dir: string): RunModel | undefined {
    return this.#runsByDir.get(dir);
  }

  get scenarioCount(): number {
    let n = 0;
    for (const run of this.#runs.values()) n += run.scenarioCount;
    return n;
  }

  addRun(run: RunModel): void {
    const old = this.#runs.get(run.id);
    if (old) {
      this.#runsByDir.delete(old.dir);
      this.loaded.forget(old);
    }
    run.loaded = this.loaded;
    this.#runs.set(run.id, run);
    this.#runsByDir.set(run.dir, run);
    this.#bump({ runs: [run.id] });
  }

  removeRun(run: RunModel): void {
    if (this.#runs.get(run.id) !== run) return;
    this.#runs.delete(run.id);
    this.#runsByDir.delete(run.dir);
    this.loaded.forget(run);
    this.#bump({ removedRuns: [run.id] });
  }

  /** Applies a change to a run of the index and announces it when it changed anything. */
  apply(run: RunModel, change: RunChange): boolean {
    if (this.#runs.get(run.id) !== run) return false;
    const existed = change.kind === "scenario" || change.kind === "scenario-gone" ? run.hasScenario(change.name) : false;
    if (!run.apply(change)) return false;
    if (change.kind === "scenario" || change.kind === "scenario-gone") {
      const ref = { run: run.id, name: change.name };
      if (existed && !run.hasScenario(change.name)) this.#bump({ runs: [run.id], removedScenarios: [ref] });
      else this.#bump({ runs: [run.id], scenarios: [ref] });
    } else {
      this.#bump({ runs: [run.id] });
    }
    return true;
  }

  setRootProblems(problems: readonly RootProblem[]): void {
    const same =
      problems.length === this.rootProblems.length &&
      problems.every((p, i) => p.path === this.rootProblems[i]?.path && p.message === this.rootProblems[i]?.message);
    if (same) return;
    this.rootProblems = problems;
    this.#bump({});
  }

  // ---- change notification --------------------------------------------------------------

  subscribe(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  /** Announces a change now (end of the first scan). */
  announce(change: Partial<ChangeEvent>): void {
    this.#bump(change);
  }

  #bump(change: Partial<ChangeEvent>): void {
    const p = (this.#pending ??= { version: 0, runs: [], removedRuns: [], scenarios: [], removedScenarios: [] });
    for (const id of change.runs ?? []) if (!p.runs.includes(id)) p.runs.push(id);
    p.removedRuns.push(...(change.removedRuns ?? []));
    p.scenarios.push(...(change.scenarios ?? []));
    p.removedScenarios.push(...(change.removedScenarios ?? []));
    // A burst of changes is one event (and one version) a few milliseconds later.
    this.#flushTimer ??= setTimeout(() => this.#flush(), 10);
  }

  #flush(): void {
    this.#flushTimer = null;
    const event = this.#pending;
    this.#pending = null;
    if (!event) return;
    event.version = ++this.version;
    this.onChange?.(event);
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch {
        // A failing listener (a closed stream) must not stop the others.
      }
    }
  }

  /** Sends any pending change event now (tests and shutdown). */
  flush(): void {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flush();
  }

  close(): void {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    this.#listeners.clear();
  }
}
