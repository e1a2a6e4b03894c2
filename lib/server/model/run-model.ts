/**
 * One run in the live index, as data: its run-level files and its scenarios' slim records. State is
 * private; it changes only through `apply`, which bumps the run's revision. Everything derived from
 * a run (views, caches) keys on that revision, so nothing has to be invalidated by hand.
 */
import "server-only";
import type { Problem, ScenarioRecord } from "@/lib/core";
import { releaseBulk, type RunLevel } from "../ingest/read-run-level";
import type { ScenarioRead } from "../ingest/read-scenario";

export interface ScenarioState {
  readonly name: string;
  /** Last good record; kept while a newer `metrics.json` is half-written or corrupt. */
  readonly record: ScenarioRecord | null;
  readonly problems: readonly Problem[];
  /** The files the record was read from (see `read-scenario`); what an audit compares. */
  readonly signature: string;
  /** Lower-cased judge reason for the table search; `null` until read. */
  readonly searchText: string | null;
}

export type RunChange =
  | { kind: "scenario"; name: string; read: ScenarioRead }
  | { kind: "scenario-gone"; name: string }
  /** `signature`: the run-level files' sizes and mtimes the level was read at. */
  | { kind: "run-level"; runLevel: RunLevel; signature: string }
  | { kind: "listing"; killedFolders: readonly string[]; linked: readonly string[] }
  | { kind: "activity"; lastActivityMs: number | null }
  /** The order of a finished run's `all_metrics.json` (§2.1), read after the run itself. */
  | { kind: "order"; order: string[] | null; problems: Problem[] }
  | { kind: "search-texts"; texts: ReadonlyMap<string, string> };

/**
 * Where a finished run's scenario states are while they are not in memory: the index cache, which
 * holds them exactly as they are (see `cache/saved-runs`). `null`: the cache cannot give them.
 */
export type StatesSource = () => ReadonlyMap<string, ScenarioState> | null;

/** What a run tells the set of runs whose states are in memory (`LoadedRuns`, which holds runs). */
export interface StatesInMemory {
  /** The run's states were just used. */
  used(run: RunModel): void;
  /** Keeps the run's states in memory until the returned function is called. */
  pin(run: RunModel): () => void;
  /** Told of a run whose states the cache could not give back. */
  onLost: ((run: RunModel) => void) | null;
}

const NO_PROBLEMS: readonly Problem[] = [];
/** A state the cache could not give: no record, and a signature no file has, so the next audit reads it again. */
const UNCACHED: ScenarioState = {
  name: "",
  record: null,
  problems: [{ file: "metrics.json", kind: "unreadable", message: "the cached index of this scenario could not be read; it is read again" }],
  signature: "?",
  searchText: null,
};

export class RunModel {
  #revision = 0;
  /** The scenarios' signatures in listing order: always in memory (counts, audits, cache keys need no more). */
  readonly #signatures = new Map<string, string>();
  /** The scenarios' states; `null` while they are only in the cache (`#source`). */
  #scenarios: Map<string, ScenarioState> | null = new Map();
  /**
   * Where the states are while they are not in memory (the cache holds them exactly, each under its
   * signature): kept through changes that do not touch them (an order, an activity read after a
   * restart), or the first view after a restart would find none.
   */
  #source: StatesSource | null = null;
  /** The cache holds this run exactly as it is (at this revision): its states may leave memory. */
  #asIs = false;
  /** The finished runs whose states are in memory, of which this run is one once loaded (see `LoadedRuns`). */
  loaded: StatesInMemory | null = null;
  /**
   * The identity of the states in memory now: replaced when they leave memory, so that what the
   * views derived of them (kept weakly under it, see `views/run-views`) goes with them.
   */
  #held: object = {};
  #runLevel: RunLevel;
  #killedFolders: readonly string[] = [];
  #linked: readonly string[] = [];
  #lastActivityMs: number | null = null;
  #order: { order: string[] | null; problems: Problem[] } | null = null;
  #searchTextsLoaded = false;
  #levelSignature: string | null = null;
  #loads = 0;

  constructor(
    readonly id: string,
    readonly dir: string,
    runLevel: RunLevel,
  ) {
    this.#runLevel = runLevel;
  }

  /** Bumped by every change that alters what the run shows. */
  get revision(): number {
    return this.#revision;
  }
  /** Every scenario's state, loaded from the cache first when it is not in memory (what needs only names or signatures asks below). */
  get scenarios(): ReadonlyMap<string, ScenarioState> {
    return this.#states();
  }
  get scenarioCount(): number {
    return this.#signatures.size;
  }
  /** Scenario names in the order they were added (the listing's). */
  scenarioNames(): Iterable<string> {
    return this.#signatures.keys();
  }
  hasScenario(name: string): boolean {
    return this.#signatures.has(name);
  }
  /** The files a scenario was read from (see `read-scenario`), or `undefined` for no such scenario. */
  signatureOf(name: string): string | undefined {
    return this.#signatures.get(name);
  }
  /** Whether the index cache holds this run exactly as it is (see `cache/saved-runs`). */
  get cachedAsIs(): boolean {
    return this.#asIs;
  }
  /** `all_metrics.json`'s order and its problems as read, `null` before. */
  get orderRead(): { order: string[] | null; problems: Problem[] } | null {
    return this.#order;
  }
  /** How many times the states were loaded back from the cache (what a view costs when runs push each other out). */
  get loads(): number {
    return this.#loads;
  }
  /**
   * Keeps the states in memory until the returned function is called: a view that reads several
   * runs holds them for its duration, so that loading one never drops another's (see `LoadedRuns.pin`).
   */
  hold(): () => void {
    return this.loaded?.pin(this) ?? (() => {});
  }
  /** Whether the states are in memory (a finished run's may be only in the cache). */
  get inMemory(): boolean {
    return this.#scenarios !== null;
  }

  /**
   * The run as the cache holds it (a restart): names and signatures now, states when first needed.
   * Only before the run is indexed; nothing it shows changes (nor the revision).
   */
  fromCache(names: readonly string[], signatures: readonly string[], source: StatesSource): void {
    this.#signatures.clear();
    names.forEach((name, i) => this.#signatures.set(name, signatures[i] as string));
    this.#scenarios = null;
    this.#source = source;
    this.#asIs = true;
  }

  /** The cache now holds exactly this run's states (at this revision): they may leave memory. */
  cached(source: StatesSource): void {
    this.#source = source;
    this.#asIs = true;
  }

  /** Drops the states (and what was derived of them, and a cached run level's bulk) when the cache holds them; returns whether it did. */
  unload(): boolean {
    if (!this.#asIs || !this.#source || !this.#scenarios || !this.finished) return false;
    this.#scenarios = null;
    this.#held = {};
    releaseBulk(this.#runLevel);
    return true;
  }
  /** See `#held`: a key for what is derived of the states in memory, never the states themselves. */
  get held(): object {
    return this.#held;
  }
  get runLevel(): Readonly<RunLevel> {
    return this.#runLevel;
  }
  get killedFolders(): readonly string[] {
    return this.#killedFolders;
  }
  /** Entries of the run folder that are symbolic links (not followed). */
  get linked(): readonly string[] {
    return this.#linked;
  }
  get lastActivityMs(): number | null {
    return this.#lastActivityMs;
  }
  /** `all_metrics.json`'s order, once read; `undefined` while a finished run still needs it. */
  get allMetricsOrder(): string[] | null | undefined {
    if (this.#order) return this.#order.order;
    return this.needsOrder ? undefined : null;
  }
  get needsOrder(): boolean {
    return this.#order === null && this.#runLevel.hasAllMetrics && this.finished;
  }
  get levelSignature(): string | null {
    return this.#levelSignature;
  }
  get searchTextsLoaded(): boolean {
    return this.#searchTextsLoaded;
  }
  /** The last session finished: scenario folders are audited rather than watched. */
  get finished(): boolean {
    return this.#runLevel.finished;
  }

  /** Problems of the run itself (its files, linked entries) and of every scenario. */
  problems(): Array<Problem & { scenario: string | null }> {
    const own = [...this.#runLevel.problems, ...(this.#order?.problems ?? [])];
    for (const name of this.#linked) own.push({ file: name, kind: "unsafe", message: "a symbolic link (not followed)" });
    const out: Array<Problem & { scenario: string | null }> = own.map((p) => ({ ...p, scenario: null }));
    for (const s of this.scenarios.values()) for (const p of s.problems) out.push({ ...p, scenario: s.name });
    return out;
  }

  /** The one way in: applies a change and returns whether anything changed (the revision moved). */
  apply(change: RunChange): boolean {
    const changed = this.#apply(change);
    if (changed) {
      this.#revision++;
      // The cache no longer holds this run as it is (until it is saved again). States still only
      // in the cache stay where they are: a change that needs them loaded them first (`#states`).
      this.#asIs = false;
      if (this.#scenarios) this.#source = null;
    }
    return changed;
  }

  #apply(change: RunChange): boolean {
    switch (change.kind) {
      case "scenario":
        return this.#applyRead(this.#states(), change.name, change.read);
      case "scenario-gone": {
        const states = this.#states();
        this.#signatures.delete(change.name);
        return states.delete(change.name);
      }
      case "run-level":
        this.#runLevel = change.runLevel;
        this.#levelSignature = change.signature;
        // all_metrics.json may have changed with the rest: its order is read afresh when next needed.
        this.#order = null;
        return true;
      case "listing": {
        if (sameList(this.#killedFolders, change.killedFolders) && sameList(this.#linked, change.linked)) return false;
        this.#killedFolders = [...change.killedFolders];
        this.#linked = [...change.linked];
        return true;
      }
      case "activity":
        if (this.#lastActivityMs === change.lastActivityMs) return false;
        this.#lastActivityMs = change.lastActivityMs;
        return true;
      case "order":
        this.#order = { order: change.order, problems: change.problems };
        return true;
      case "search-texts": {
        this.#searchTextsLoaded = true;
        const states = this.#states();
        for (const [name, searchText] of change.texts) {
          const s = states.get(name);
          if (s) states.set(name, { ...s, searchText });
        }
        return true;
      }
    }
  }

  /** The states, loaded from the cache when only it has them: in listing order, nothing shown changes (nor the revision). */
  #states(): Map<string, ScenarioState> {
    let states = this.#scenarios;
    if (!states) {
      this.#loads++;
      const cached = this.#source?.() ?? null;
      states = new Map();
      let whole = cached !== null;
      for (const [name, signature] of this.#signatures) {
        const state = cached?.get(name);
        if (state && state.signature === signature) states.set(name, state);
        else {
          // Not in the cache as the run knew it: signed `?`, so that the next audit reads it again.
          states.set(name, { ...UNCACHED, name });
          this.#signatures.set(name, "?");
          whole = false;
        }
      }
      this.#scenarios = states;
      if (!whole || !this.#asIs) this.#source = null;
      if (!whole) {
        this.#asIs = false;
        this.loaded?.onLost?.(this);
      }
    }
    this.loaded?.used(this);
    return states;
  }

  #applyRead(states: Map<string, ScenarioState>, name: string, read: ScenarioRead): boolean {
    const previous = states.get(name);
    if (read.kind === "not-scenario") {
      this.#signatures.delete(name);
      return states.delete(name);
    }
    const problems = read.problems.length ? read.problems : NO_PROBLEMS;
    let next: ScenarioState;
    if (read.kind === "completed") {
      next = { name, record: read.record, problems, signature: read.signature, searchText: read.searchText ?? previous?.searchText ?? null };
    } else {
      // No metrics.json at all: in flight again. A half-written or corrupt one keeps the last good record.
      const record = read.problems.length === 0 ? null : (previous?.record ?? null);
      next = { name, record, problems, signature: read.signature, searchText: record ? (previous?.searchText ?? null) : null };
    }
    if (previous && sameState(previous, next)) return false;
    states.set(name, next);
    this.#signatures.set(name, next.signature);
    return true;
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Same files, same problems, same presence of a record: an audit that re-read it found nothing new. */
function sameState(a: ScenarioState, b: ScenarioState): boolean {
  return (
    a.signature === b.signature &&
    (a.record === null) === (b.record === null) &&
    a.searchText === b.searchText &&
    a.problems.length === b.problems.length &&
    a.problems.every((p, i) => p.message === b.problems[i]?.message && p.file === b.problems[i]?.file)
  );
}
