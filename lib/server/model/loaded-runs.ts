/**
 * The finished runs whose scenario states are in memory, least recently used first, bounded by
 * their scenarios: past the bound the oldest drop theirs (`RunModel.unload`), which the index cache
 * gives back when a page needs them. Memory follows what is looked at, not the length of the
 * history. A run the cache does not hold as it is (live, or changed and not saved yet) stays.
 */
import "server-only";
import type { RunModel, StatesInMemory } from "./run-model";

/** Scenarios whose states stay in memory across runs (one run is always kept, however large). */
export const LOADED_SCENARIOS = 4_000;

export class LoadedRuns implements StatesInMemory {
  /** Each run with the scenarios it was counted with. */
  readonly #runs = new Map<RunModel, number>();
  /** Runs a view holds for its duration (a compare of two runs that together pass the bound), by how many hold each. */
  readonly #pinned = new Map<RunModel, number>();
  #scenarios = 0;
  /** Told of a run whose states the cache could not give back (they are then read again from the disk). */
  onLost: ((run: RunModel) => void) | null = null;

  constructor(readonly maxScenarios = LOADED_SCENARIOS) {}

  /** Scenarios whose states this set holds in memory. */
  get scenarios(): number {
    return this.#scenarios;
  }

  /** `run`'s states were just used: it is the newest; the oldest beyond the bound drop theirs. */
  used(run: RunModel): void {
    this.forget(run);
    if (!run.finished) return;
    this.#runs.set(run, run.scenarioCount);
    this.#scenarios += run.scenarioCount;
    this.#trim(run);
  }

  /**
   * Keeps `run`'s states in memory until the returned function is called, past the bound if need be:
   * a view that reads two runs which together pass it (a compare) would otherwise have each load
   * push the other out, once per scenario it asks about (issue 54).
   */
  pin(run: RunModel): () => void {
    this.#pinned.set(run, (this.#pinned.get(run) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#pinned.get(run) ?? 1) - 1;
      if (left > 0) this.#pinned.set(run, left);
      else this.#pinned.delete(run);
      this.#trim([...this.#runs.keys()].at(-1) ?? null);
    };
  }

  /** Drops the oldest runs' states until the bound holds, never `keep`'s (the newest) nor a pinned run's. */
  #trim(keep: RunModel | null): void {
    for (const oldest of [...this.#runs.keys()]) {
      if (this.#scenarios <= this.maxScenarios) break;
      if (oldest === keep || this.#pinned.has(oldest)) continue;
      this.forget(oldest);
      oldest.unload();
    }
  }

  forget(run: RunModel): void {
    this.#scenarios -= this.#runs.get(run) ?? 0;
    this.#runs.delete(run);
  }
}
