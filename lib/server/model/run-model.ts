/**
 * One run in the live index, as data: its run-level files and its scenarios' slim records. State is
 * private; it changes only through `apply`, which bumps the run's revision. Everything derived from
 * a run (views, caches) keys on that revision, so nothing has to be invalidated by hand.
 */
import "server-only";
import type { Problem, ScenarioRecord } from "@/lib/core";
import type { RunLevel } from "../ingest/read-run-level";
import type { ScenarioRead } from "../ingest/read-scenario";
import type { StoredScenarios } from "../ingest/stored-scenarios";

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
  /** Every scenario at once, as the snapshot has them (a restart): decoded when first needed. */
  | { kind: "stored-scenarios"; stored: StoredScenarios }
  | { kind: "scenario-gone"; name: string }
  /** `signature`: the run-level files' sizes and mtimes the level was read at. */
  | { kind: "run-level"; runLevel: RunLevel; signature: string }
  | { kind: "listing"; killedFolders: readonly string[]; linked: readonly string[] }
  | { kind: "activity"; lastActivityMs: number | null }
  /** The order of a finished run's `all_metrics.json` (§2.1), read after the run itself. */
  | { kind: "order"; order: string[] | null; problems: Problem[] }
  | { kind: "search-texts"; texts: ReadonlyMap<string, string> };

const NO_PROBLEMS: readonly Problem[] = [];
/** A stored read that did not decode: no record, and a signature no file has, so the next audit reads it again. */
const UNDECODED: ScenarioRead = { kind: "unfinished", problems: [{ file: "metrics.json", kind: "unreadable", message: "the saved index of this scenario did not decode; it is read again" }], signature: "?" };

export class RunModel {
  #revision = 0;
  readonly #scenarios = new Map<string, ScenarioState>();
  /** Set when the scenarios came from the snapshot and are not decoded yet (`#scenarios` is then empty). */
  #stored: StoredScenarios | null = null;
  #runLevel: RunLevel;
  #killedFolders: readonly string[] = [];
  #linked: readonly string[] = [];
  #lastActivityMs: number | null = null;
  #order: { order: string[] | null; problems: Problem[] } | null = null;
  #searchTextsLoaded = false;
  #levelSignature: string | null = null;

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
  /** Every scenario's state (decodes stored ones first: what needs only names or signatures asks below). */
  get scenarios(): ReadonlyMap<string, ScenarioState> {
    this.#decodeStored();
    return this.#scenarios;
  }
  get scenarioCount(): number {
    return this.#stored ? this.#stored.names.length : this.#scenarios.size;
  }
  /** Scenario names in the order they were added (the listing's). */
  scenarioNames(): Iterable<string> {
    return this.#stored ? this.#stored.names : this.#scenarios.keys();
  }
  hasScenario(name: string): boolean {
    return this.#stored ? this.#stored.signatures.has(name) : this.#scenarios.has(name);
  }
  /** The files a scenario was read from (see `read-scenario`), or `undefined` for no such scenario. */
  signatureOf(name: string): string | undefined {
    return this.#stored ? this.#stored.signatures.get(name) : this.#scenarios.get(name)?.signature;
  }
  /** Whether the scenarios are still as the snapshot stored them, not decoded. */
  get stored(): boolean {
    return this.#stored !== null;
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
    if (changed) this.#revision++;
    return changed;
  }

  #apply(change: RunChange): boolean {
    if (change.kind === "scenario" || change.kind === "scenario-gone" || change.kind === "search-texts") this.#decodeStored();
    switch (change.kind) {
      case "scenario":
        return this.#applyRead(change.name, change.read);
      case "stored-scenarios":
        this.#scenarios.clear();
        this.#stored = change.stored;
        return true;
      case "scenario-gone":
        return this.#scenarios.delete(change.name);
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
        for (const [name, searchText] of change.texts) {
          const s = this.#scenarios.get(name);
          if (s) this.#scenarios.set(name, { ...s, searchText });
        }
        return true;
      }
    }
  }

  /** The stored reads become states, in listing order, as if each had been read: nothing shown changes (nor the revision). */
  #decodeStored(): void {
    const stored = this.#stored;
    if (!stored) return;
    this.#stored = null;
    const reads = stored.decode();
    for (const name of stored.names) this.#applyRead(name, reads?.get(name) ?? UNDECODED);
  }

  #applyRead(name: string, read: ScenarioRead): boolean {
    const previous = this.#scenarios.get(name);
    if (read.kind === "not-scenario") return this.#scenarios.delete(name);
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
    this.#scenarios.set(name, next);
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
