/**
 * Run timing rollups, computed off the request path: once the first scan is done, the logs of the
 * runs a user opens first (every live run, then the newest, up to `EAGER_TIMING_SCENARIOS`) are read
 * once in the background (a small worker pool that yields between scenarios, so pages stay
 * responsive and the first scan is never slowed); an older run's are read when a page first asks for
 * its rollup (its panel shows what is pending and asks again). Items are cached by the files' size
 * and mtime, and read again when a request finds the files changed (or the scenario new). It does not subscribe
 * to the index's change events: those listeners are the SSE clients, counted by /api/health.
 */
import "server-only";
import { join } from "node:path";
import { runTimeOf } from "@/lib/core/run-time";
import { runTiming, type RollupItem, type RunTiming } from "@/lib/core/timing";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { yieldToLoop } from "../ingest/pool";
import { readScenarioTiming, timingSignature, timingSignatureSync } from "./read-scenario-timing";
import { loadSavedTiming, saveTiming, type SavedTimingEntry } from "./saved-timing";

const WORKERS = 2;
/** Runs up to this size are re-checked (one lstat per timing file) before a request is answered. */
const AWAIT_REVALIDATE_MAX = 300;
/** A run's files are re-checked at most this often. */
const REVALIDATE_EVERY_MS = 1000;
/** While scenarios are pending, a run's rollup is folded again at most this often (or 3× its cost). */
const MIN_REFOLD_MS = 5000;
/** A slice of synchronous `lstat`s ends after this long, and the event loop runs before the next. */
const CHECK_SLICE_MS = 8;
/**
 * Scenarios whose timing items stay in memory across finished runs once saved: past it the least
 * recently used runs' items leave memory for their saved file, read again when a page asks. A year
 * of nightly runs costs a bounded few megabytes, not one item per scenario of the history.
 */
export const RESIDENT_TIMING_SCENARIOS = 4_000;
/**
 * The background pass reads this many scenarios' logs, newest runs first (every live run, and the
 * newest run whatever its size): a year of nightly runs is not read at every start until it is done.
 */
export const EAGER_TIMING_SCENARIOS = 4_000;

/** What is kept of each scenario, in memory as in the saved file. */
type Entry = SavedTimingEntry;

interface Job {
  run: RunModel;
  name: string;
}

export class TimingService {
  private readonly entries = new Map<string, Map<string, Entry>>();
  private readonly queue: Job[] = [];
  private readonly queued = new Set<string>();
  private readonly memo = new Map<string, { generation: number; size: number; value: RunTiming; at: number; costMs: number }>();
  private readonly generations = new Map<string, number>();
  private readonly checks = new Map<string, { at: number; running: Promise<void> | null }>();
  /** The generation of each run's entries last saved (see `saved-timing`). */
  private readonly savedGenerations = new Map<string, number>();
  /** Scenarios queued per run: a run is saved when its last one is read (and everything when the queue empties). */
  private readonly queuedByRun = new Map<string, number>();
  /** Runs whose items are in memory and saved, least recently used first, with the scenarios they hold. */
  private readonly resident = new Map<string, number>();
  /** Runs whose items are only in their saved file (see `RESIDENT_TIMING_SCENARIOS`). */
  private readonly onDisk = new Set<string>();
  /** Runs past the background pass's budget: started when a page first asks for their rollup. */
  private readonly deferred = new Set<string>();
  /** Scenarios whose logs were read (the others' items came from the saved ones): for the bench and tests. */
  reads = 0;
  /** Saved timing files written by another build (their items read again): shown by `/api/health`. */
  otherBuildFiles = 0;
  private active = 0;
  private started = false;
  private idleWaiters: Array<() => void> = [];
  readonly ready: Promise<void>;

  constructor(
    private readonly index: ResultsIndex,
    private readonly maxResident = RESIDENT_TIMING_SCENARIOS,
    private readonly eagerScenarios = EAGER_TIMING_SCENARIOS,
  ) {
    // After the first scan, and once the cache holds the runs' states (else each run it reads would
    // be read again from its folder: see `ResultsIndex.cacheFilled`).
    this.ready = whenScanned(index)
      .then(() => index.cacheFilled)
      .then(async () => {
        // One run's saved items at a time (a 2,000-scenario run's file takes a few ms to decode);
        // requests meanwhile answer what is loaded, and check nothing yet.
        let budget = this.eagerScenarios;
        for (const run of newestFirst(index.runs.values())) {
          if (index.runs.get(run.id) !== run) continue;
          if (run.finished && budget < run.scenarioCount && budget < this.eagerScenarios) {
            this.deferred.add(run.id);
            continue;
          }
          budget -= run.finished ? run.scenarioCount : 0;
          this.startRun(run);
          await yieldToLoop();
        }
        this.started = true;
      });
  }

  /** The run's rollup as far as it is read, with the run's time from its run-level files as the index holds them now (outside the rollup's memo, so it follows a growing log). */
  async runTiming(run: RunModel): Promise<RunTiming> {
    return { ...(await this.rollup(run)), run_time_s: runTimeOf(run.runLevel).seconds };
  }

  /** The scenarios' rollup as far as it is read; scenarios whose files changed since are re-read in the background. */
  private async rollup(run: RunModel): Promise<RunTiming> {
    // A run the background pass left: its logs are read now, ahead of the background's.
    if (this.deferred.delete(run.id)) this.startRun(run, true);
    // Runs gone from the index leave the cache.
    for (const id of [...this.entries.keys(), ...this.onDisk]) {
      if (!this.index.runs.get(id)) this.drop(id);
    }
    if (this.started) {
      // A small run is checked before answering; a large one in the background (its lstats cost more than the answer).
      const pass = this.revalidate(run);
      if (run.scenarioCount <= AWAIT_REVALIDATE_MAX) await pass;
    }
    const have = this.itemsOf(run) ?? new Map<string, Entry>();
    const items: RollupItem[] = [];
    let pending = 0;
    for (const name of run.scenarioNames()) {
      const e = have.get(name);
      if (!e || this.queued.has(key(run.id, name))) pending++;
      if (e) items.push(e.item);
    }
    const generation = this.generations.get(run.id) ?? 0;
    const memo = this.memo.get(run.id);
    this.touch(run);
    if (memo && memo.generation === generation && memo.size === run.scenarioCount && memo.value.pending === pending) return memo.value;
    // While the background reading goes on, a large run's fold (about a second at 10,000 scenarios)
    // is redone at most every few seconds; the pending count is always current.
    if (memo && pending > 0 && Date.now() - memo.at < Math.max(MIN_REFOLD_MS, 3 * memo.costMs)) return { ...memo.value, pending };
    const started = performance.now();
    const value = runTiming(items, pending);
    this.memo.set(run.id, { generation, size: run.scenarioCount, value, at: Date.now(), costMs: performance.now() - started });
    return value;
  }

  /** Resolves when nothing is queued or being read (tests, bench). */
  async idle(): Promise<void> {
    await this.ready;
    if (this.active === 0 && this.queue.length === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Timing items held in memory, over all runs (the rest are in the saved files). */
  get residentItems(): number {
    let n = 0;
    for (const items of this.entries.values()) n += items.size;
    return n;
  }

  /** Scenarios of all runs not read yet. */
  get pending(): number {
    let n = 0;
    for (const run of this.index.runs.values()) {
      // Saved whole when it left memory: only what was queued since is pending. Nothing is pending
      // of a run the background pass left until a page asks for it.
      if (this.deferred.has(run.id)) continue;
      if (this.onDisk.has(run.id)) {
        n += this.queuedByRun.get(run.id) ?? 0;
        continue;
      }
      const have = this.entries.get(run.id);
      for (const name of run.scenarioNames()) if (!have?.has(name) || this.queued.has(key(run.id, name))) n++;
    }
    return n;
  }

  private revalidate(run: RunModel): Promise<void> {
    const last = this.checks.get(run.id);
    // A large run is re-checked less often: 60,000 lstats for 10,000 scenarios are not free.
    const every = Math.max(REVALIDATE_EVERY_MS, run.scenarioCount * 2);
    if (last && (last.running || Date.now() - last.at < every)) return last.running ?? Promise.resolve();
    const state: { at: number; running: Promise<void> | null } = { at: Date.now(), running: null };
    this.checks.set(run.id, state);
    state.running = this.checkFiles(run).finally(() => {
      state.running = null;
      state.at = Date.now();
    });
    return state.running;
  }

  /**
   * A run's saved items whose scenario is unchanged are kept, and its files checked as for any
   * revalidation; with none saved, every scenario is read.
   */
  private startRun(run: RunModel, first = false): void {
    const kept = this.savedItems(run);
    if (kept.size === 0) return this.enqueueRun(run, first);
    this.entries.set(run.id, kept);
    this.savedGenerations.set(run.id, this.generations.get(run.id) ?? 0);
    void this.revalidate(run).then(() => this.touch(run));
  }

  /**
   * A run's items in memory, read back from its saved file if they had left it (those whose scenario
   * changed since are queued to be read again); `undefined` when none was read yet.
   */
  private itemsOf(run: RunModel): Map<string, Entry> | undefined {
    if (this.onDisk.delete(run.id)) {
      const kept = this.savedItems(run);
      this.entries.set(run.id, kept);
      for (const name of run.scenarioNames()) if (!kept.has(name)) this.enqueue(run, name);
    }
    return this.entries.get(run.id);
  }

  /** The run's saved items whose scenario is as it was when they were read. */
  private savedItems(run: RunModel): Map<string, Entry> {
    const dir = this.index.timingDir;
    const kept = new Map<string, Entry>();
    if (dir)
      for (const [name, saved] of loadSavedTiming(dir, run.dir, () => this.otherBuildFiles++))
        if (run.signatureOf(name) === saved.scenario) kept.set(name, saved);
    return kept;
  }

  /** `run`'s items were just used: the newest in memory; past the bound the oldest saved ones leave it. */
  private touch(run: RunModel): void {
    this.resident.delete(run.id);
    if (!this.leavable(run)) return;
    this.resident.set(run.id, this.entries.get(run.id)?.size ?? 0);
    let held = 0;
    for (const n of this.resident.values()) held += n;
    for (const [id, n] of this.resident) {
      if (held <= this.maxResident || id === run.id) break;
      this.resident.delete(id);
      const other = this.index.runs.get(id);
      if (!other || !this.leavable(other)) continue;
      held -= n;
      this.entries.delete(id);
      this.memo.delete(id);
      this.onDisk.add(id);
    }
  }

  /** Items may leave memory when their saved file holds them as they are and nothing of the run is queued. */
  private leavable(run: RunModel): boolean {
    return (
      this.index.timingDir !== null &&
      run.finished &&
      this.entries.has(run.id) &&
      this.savedGenerations.get(run.id) === (this.generations.get(run.id) ?? 0) &&
      (this.queuedByRun.get(run.id) ?? 0) === 0
    );
  }

  private drop(id: string): void {
    this.entries.delete(id);
    this.memo.delete(id);
    this.resident.delete(id);
    this.onDisk.delete(id);
  }

  /**
   * One lstat per timing file of every scenario, synchronous, in slices between which requests are
   * answered: a restart checks 100,000 scenarios' files this way. A scenario whose files or
   * metrics.json changed, or that is new, is queued to be read.
   */
  private async checkFiles(run: RunModel): Promise<void> {
    const have = this.itemsOf(run);
    if (!have) return this.enqueueRun(run);
    // Scenarios gone from the run (removed folders) leave the cache.
    for (const name of have.keys()) if (!run.hasScenario(name)) have.delete(name);
    let sliceStarted = performance.now();
    for (const name of [...run.scenarioNames()]) {
      const e = have.get(name);
      if (!e || e.scenario !== run.signatureOf(name) || timingSignatureSync(join(run.dir, name)) !== e.signature) this.enqueue(run, name);
      if (performance.now() - sliceStarted >= CHECK_SLICE_MS) {
        await yieldToLoop();
        sliceStarted = performance.now();
      }
    }
  }

  /** Writes the entries of every run read since its last save. */
  private saveChanged(): void {
    for (const run of this.index.runs.values()) this.save(run);
  }

  /**
   * Writes a run's entries if any was read since its last save: synchronous, 2–3 KB per scenario
   * (a 10,000-scenario run is some 25 MB), so once per run, when its queue is done, not during it.
   */
  private save(run: RunModel): void {
    const dir = this.index.timingDir;
    const generation = this.generations.get(run.id) ?? 0;
    const entries = this.entries.get(run.id);
    if (!dir || !entries || this.savedGenerations.get(run.id) === generation || this.index.runs.get(run.id) !== run) return;
    try {
      saveTiming(dir, run.dir, entries);
      this.savedGenerations.set(run.id, generation);
      this.touch(run);
    } catch (error) {
      console.error(`[timing] saving ${run.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** `first`: ahead of what is queued (a page asked for this run). */
  private enqueueRun(run: RunModel, first = false): void {
    const have = this.itemsOf(run);
    const jobs: Job[] = [];
    for (const name of run.scenarioNames()) if (!have?.has(name)) this.enqueue(run, name, jobs);
    if (first) this.queue.unshift(...jobs);
    else this.queue.push(...jobs);
    this.wake();
  }

  /** Queues one scenario (into `into`, for the caller to place, else at the end). */
  private enqueue(run: RunModel, name: string, into?: Job[]): void {
    const k = key(run.id, name);
    if (this.queued.has(k)) return;
    this.queued.add(k);
    this.queuedByRun.set(run.id, (this.queuedByRun.get(run.id) ?? 0) + 1);
    if (into) return void into.push({ run, name });
    this.queue.push({ run, name });
    this.wake();
  }

  private wake(): void {
    while (this.active < WORKERS && this.queue.length > 0) void this.work();
  }

  private async work(): Promise<void> {
    this.active++;
    try {
      for (let job = this.queue.shift(); job; job = this.queue.shift()) {
        await this.read(job);
        this.queued.delete(key(job.run.id, job.name));
        const left = (this.queuedByRun.get(job.run.id) ?? 1) - 1;
        this.queuedByRun.set(job.run.id, left);
        if (left === 0) this.save(job.run);
        await yieldToLoop();
      }
    } finally {
      this.active--;
      if (this.active === 0 && this.queue.length === 0) {
        this.saveChanged();
        for (const w of this.idleWaiters.splice(0)) w();
      }
    }
  }

  private async read({ run, name }: Job): Promise<void> {
    const indexed = run.scenarios.get(name);
    if (!indexed || this.index.runs.get(run.id) !== run) return;
    const dir = join(run.dir, name);
    try {
      const signature = await timingSignature(dir);
      // Files the lstat found absent are not opened.
      const item = await readScenarioTiming(dir, name, indexed.record?.metrics ?? null, signature);
      let map = this.itemsOf(run);
      if (!map) this.entries.set(run.id, (map = new Map()));
      map.set(name, { signature, scenario: indexed.signature, item });
      this.reads++;
      this.generations.set(run.id, (this.generations.get(run.id) ?? 0) + 1);
    } catch (error) {
      console.error(`[timing] ${run.id}/${name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Live runs first, then the most recently active (a harness run's id, its start time, breaks ties). */
function newestFirst(runs: Iterable<RunModel>): RunModel[] {
  return [...runs].sort(
    (a, b) => Number(a.finished) - Number(b.finished) || (b.lastActivityMs ?? 0) - (a.lastActivityMs ?? 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
}

function key(run: string, name: string): string {
  return `${run}\0${name}`;
}

function whenScanned(index: ResultsIndex): Promise<void> {
  return new Promise((resolve) => {
    const check = () => (index.indexing === null ? resolve() : setTimeout(check, 50));
    check();
  });
}

const KEY = Symbol.for("voice-eval-dashboard.timing");
type Holder = { [KEY]?: WeakMap<ResultsIndex, TimingService> };

/** One timing service per index (process-wide, like the store). */
export function timingService(index: ResultsIndex): TimingService {
  const holder = globalThis as Holder;
  const map = (holder[KEY] ??= new WeakMap());
  let service = map.get(index);
  if (!service) map.set(index, (service = new TimingService(index)));
  return service;
}
