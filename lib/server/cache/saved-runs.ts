/**
 * The index's persistent tier: each finished (or quiet) run as the index holds it, in the index cache (see
 * `index-cache`): its run-level read (plan, sessions) under the run-level files' signature, its
 * listing, last activity and `all_metrics.json` order, and every scenario's state (record,
 * problems, search text) under the signature of the files it was read from.
 *
 * A restart makes each such run from its rows without reading a file (`modelOf`); its states, and
 * its run level's bulk (invocations, sessions), stay in the cache until a page needs them, and the
 * states may leave memory again (`LoadedRuns`). The cache is
 * never the truth: the audit after the scan compares every signature with the disk and repairs
 * what changed, and a run is saved again whenever its revision moved. A run that is not finished
 * is saved once its files have been quiet for `QUIET_MS` (stalled, killed, aborted: real results
 * folders are full of them, and a 10,000-scenario one was read again at every start); its state
 * label moves with the clock from what is saved, and the audit checks its files as any other's.
 */
import "server-only";
import { readdirSync } from "node:fs";
import type { FoundRun } from "../ingest/discover";
import { listingOf } from "../ingest/list-run";
import { yieldToLoop } from "../ingest/pool";
import { livingLevel, readRunLevel, splitLevel, type LevelBulk, type LevelHead } from "../ingest/read-run-level";
import type { ResultsIndex } from "../model/results-index";
import { RunModel, type ScenarioState } from "../model/run-model";
import { DelayedWrite } from "./delayed-write";
import type { CachedRun, IndexCache } from "./index-cache";
import { isLevelBulk, isLevelHead, isScenarioState } from "./run-shapes";

type Row = CachedRun<LevelHead, ScenarioState>;

/** Changes made in a burst are written once, this long after the last. */
const SAVE_DELAY_MS = 1000;
/** A run that did not finish is cached once its files have been quiet this long (issue 46). */
export const QUIET_MS = 10 * 60_000;
/** How often runs that turned quiet since are looked for (they are saved then). */
const QUIET_CHECK_MS = 60_000;

/**
 * Whether the cache may hold the run as it is: finished, or quiet for `QUIET_MS` by its activity and by
 * its log file's own modification time (the activity may be the log's words, older than its file when
 * the harness writes in another clock: a run still being written is never taken for a quiet one).
 */
export function cacheable(run: RunModel, nowMs = Date.now()): boolean {
  if (run.finished) return true;
  if (run.lastActivityMs === null) return false;
  return nowMs - Math.max(run.lastActivityMs, run.runLevel.logMtimeMs ?? -Infinity) >= QUIET_MS;
}
/** Scenarios per transaction when many runs are saved (the first start): the event loop runs between. */
const SAVE_BATCH = 2000;

export class SavedRuns {
  /** The rows read at start, until the scan took them. */
  readonly #rows: Map<string, Row>;
  /** A change is saved once its burst is over (`save`), or at exit before that (`flush`). */
  readonly #delayed = new DelayedWrite(
    SAVE_DELAY_MS,
    () => void this.save(),
    () => this.flush(),
  );
  #saving: Promise<void> | null = null;
  #quietTimer: NodeJS.Timeout | null = null;
  /**
   * The command's first scan (see `live/prescan`) writes runs without their states and tells the
   * server, then writes the states (`writeDeferredStates`): the server starts half a second to a
   * second sooner at 100,000 scenarios. `null`: states are written with their runs.
   */
  #deferred: Array<{ dir: string; version: string; signatures: string[]; states: ScenarioState[] }> | null = null;

  /**
   * `beforeWrite`: told of each run about to be written, while its states are still in memory (they
   * may leave it once written): what is made of them for later pages is made then, not by loading
   * them back from the cache.
   */
  constructor(
    private readonly index: ResultsIndex,
    private readonly cache: IndexCache,
    private readonly beforeWrite: (run: RunModel) => void = () => {},
  ) {
    this.#rows = cache.runs<LevelHead, ScenarioState>();
  }

  /**
   * The run the walk found, as the cache holds it (its states left there), or `null`: read it. A row
   * of the wrong shape is dropped and named (see `IndexCache.reject`), never a failed scan.
   */
  modelOf(found: FoundRun, id: string): RunModel | null {
    const row = this.#rows.get(found.dir);
    this.#rows.delete(found.dir);
    // Read by another build (`CODE_HASH`): read again by this one (counted by the cache, see `otherBuild`).
    if (!row || row.version !== this.cache.build) return null;
    if (!isLevelHead(row.level)) {
      this.cache.reject("runs", found.dir, "the run level is not a run level");
      return null;
    }
    // Saved while quiet: the audit after the restart reads what moved since (a resume, a late write).
    try {
      return this.#model(found, id, row);
    } catch (error) {
      this.cache.reject("runs", found.dir, (error as Error).message);
      return null;
    }
  }

  #model(found: FoundRun, id: string, row: Row): RunModel {
    // The folder's name, not `found`: the bulk's loader lives as long as the run, the walk's listing need not.
    const dir = found.dir;
    const level = livingLevel(dir, row.level, () => this.cache.levelBulk(dir, isLevelBulk) ?? bulkFromDisk(dir));
    const run = new RunModel(id, found.dir, level);
    run.apply({ kind: "run-level", runLevel: level, signature: row.levelSignature });
    run.apply({ kind: "listing", killedFolders: row.killed, linked: row.linked });
    if (row.order) run.apply({ kind: "order", order: row.order.order, problems: row.order.problems });
    run.apply({ kind: "activity", lastActivityMs: row.lastActivityMs });
    run.fromCache(row.names, row.signatures, this.#source(found.dir));
    return run;
  }

  /** A run changed: saved once the burst is over (or when the store closes, or the process exits, before that). */
  changed(): void {
    this.#delayed.soon();
  }

  /** Looks for runs that turned quiet without a change (a stalled run stays so) now and then, and saves them. */
  watchQuiet(): void {
    this.#quietTimer ??= setInterval(() => {
      if (this.#stale().length > 0) this.changed();
    }, QUIET_CHECK_MS);
    this.#quietTimer.unref?.();
  }

  close(): void {
    if (this.#quietTimer) clearInterval(this.#quietTimer);
    this.#quietTimer = null;
  }

  /** From now on, runs are written without their states until `writeDeferredStates`. */
  deferStates(): void {
    this.#deferred ??= [];
  }

  /**
   * Writes the states held back since `deferStates`, a few thousand scenarios per transaction; returns
   * whether all were written. Each batch is let go once written: holding every state to the end kept
   * the command's process at 600 MB at 100,000 scenarios.
   */
  writeDeferredStates(): boolean {
    const pending = this.#deferred ?? [];
    this.#deferred = null;
    while (pending.length > 0) {
      let count = 0;
      for (let scenarios = 0; count < pending.length && scenarios < SAVE_BATCH; count++) scenarios += pending[count]!.states.length;
      if (!this.cache.saveStates(pending.splice(0, count))) return false;
    }
    return true;
  }

  /** The runs the cache may hold and does not hold as they are. */
  #stale(): RunModel[] {
    const now = Date.now();
    return [...this.index.runs.values()].filter((run) => !run.cachedAsIs && cacheable(run, now));
  }

  /**
   * Writes what a pending save would, now and in one go (the writes are synchronous): at close, at
   * exit and at a graceful stop (SIGINT, SIGTERM), also runs that turned quiet since the last check.
   */
  flush(): void {
    if (!this.#delayed.pending && this.#stale().length === 0) return;
    this.#delayed.cancel();
    for (const batch of this.#batches()) if (!this.#write(batch)) return;
  }

  /**
   * Writes every finished or quiet run the cache does not hold as it is, in batches between which
   * requests are answered, and forgets the runs no longer in the index or live again. A fault is
   * named by the cache, and the runs it did not take stay in memory.
   */
  save(): Promise<void> {
    this.#delayed.cancel();
    // One save at a time; a change during one is saved by the next.
    const next = (this.#saving ?? Promise.resolve()).then(async () => {
      for (const batch of this.#batches()) {
        if (!this.#write(batch)) return;
        await yieldToLoop();
      }
    });
    this.#saving = next;
    return next;
  }

  /** The runs the cache may hold and does not hold as they are, about `SAVE_BATCH` scenarios at a time (at least one batch: it forgets the runs gone). */
  *#batches(): Generator<RunModel[]> {
    const stale = this.#stale();
    let batch: RunModel[] = [];
    let scenarios = 0;
    for (const run of stale) {
      batch.push(run);
      scenarios += run.scenarioCount;
      if (scenarios < SAVE_BATCH) continue;
      yield batch;
      batch = [];
      scenarios = 0;
    }
    if (batch.length > 0 || stale.length === 0) yield batch;
  }

  /** One transaction; the runs it wrote may leave memory from now on. */
  #write(batch: RunModel[]): boolean {
    // Still in the index and cacheable at the time of writing (a batch may wait for a yield).
    const now = Date.now();
    const runs = batch.filter((run) => this.index.runs.get(run.id) === run && cacheable(run, now));
    for (const run of runs) this.beforeWrite(run);
    // A run gone, or live again (a resume), leaves the cache.
    const keep = (dir: string) => {
      const run = this.index.runAt(dir);
      return run !== undefined && (run.cachedAsIs || cacheable(run, now));
    };
    const rows = runs.map((run) => rowOf(run, this.cache.build));
    const deferred = this.#deferred;
    if (deferred) for (const row of rows) deferred.push({ dir: row.dir, version: row.version, signatures: row.signatures, states: row.states });
    if (!this.cache.saveRuns(deferred ? rows.map((row) => ({ ...row, states: null })) : rows, keep)) return false;
    for (const run of runs) {
      run.cached(this.#source(run.dir));
      // Counted among the runs whose states are in memory: past the bound, the oldest now leave it
      // (a first start reads every run, and no page has used them yet).
      if (run.inMemory) this.index.loaded.used(run);
    }
    return true;
  }

  #source(dir: string) {
    return () => this.cache.runStates(dir, isScenarioState);
  }
}

/**
 * A bulk the cache could not give back, read from the run folder now (synchronously: it is asked for
 * from a getter). The run-level files may have changed since the head was read: the audit after a
 * restart compares their signature and reads the whole level again then.
 */
function bulkFromDisk(dir: string): LevelBulk {
  try {
    const { invocations, sessions } = readRunLevel(dir, listingOf(readdirSync(dir, { withFileTypes: true })).files);
    return { invocations, sessions };
  } catch {
    return { invocations: [], sessions: [] };
  }
}

function rowOf(run: RunModel, build: string): Row & { states: ScenarioState[]; bulk: LevelBulk } {
  const names: string[] = [];
  const signatures: string[] = [];
  const states: ScenarioState[] = [];
  for (const state of run.scenarios.values()) {
    names.push(state.name);
    signatures.push(state.signature);
    states.push(state);
  }
  const { head, bulk } = splitLevel(run.runLevel);
  return {
    dir: run.dir,
    version: build,
    levelSignature: run.levelSignature ?? "",
    level: head,
    bulk,
    killed: [...run.killedFolders],
    linked: [...run.linked],
    lastActivityMs: run.lastActivityMs,
    order: run.orderRead,
    names,
    signatures,
    states,
  };
}
