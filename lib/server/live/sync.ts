/**
 * Keeps the index equal to the disk after the first scan. File events take the shortest way (one
 * scenario, one run's run-level files, one new subtree); because a watcher can drop or merge events
 * in a burst, every run that had events is also audited once it has been quiet for a moment, and
 * the whole folder is audited on a slow timer. Whatever an event missed, the index converges.
 */
import "server-only";
import { sep } from "node:path";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { discoverRuns, rootProblemsOf } from "../ingest/discover";
import { classifyInRun, MAX_RUN_DEPTH, watchedInRun } from "../ingest/layout";
import { auditRun, loadOrder, loadRun, loadSearchTexts, readLevelOf, refreshRunLevel, refreshActivity, refreshScenario } from "../ingest/load-run";
import { cacheable } from "../cache/saved-runs";
import { runListItem } from "../views/run-views";
import { KeyedScheduler } from "./scheduler";

/** A run is audited this long after its last event (at most `AUDIT_MAX_DELAY_MS` after its first). */
const AUDIT_QUIET_MS = 400;
const AUDIT_MAX_DELAY_MS = 3000;
/** The whole folder is audited at most this often, and never more than 10% of the time (an audit of 100k scenarios takes seconds). */
const FULL_AUDIT_MIN_MS = 2_000;
const FULL_AUDIT_SHARE = 10;
const STATE_TICK_MS = 5000;

export class IndexSync {
  private readonly scheduler = new KeyedScheduler(25);
  private fullAuditTimer: NodeJS.Timeout | null = null;
  private stateTimer: NodeJS.Timeout | null = null;
  private readonly states = new Map<string, string>();
  /** Runs that did not finish, watched by themselves as finished ones are, for they were quiet when the watcher met them (see `watchedNatively`). */
  private readonly quiet = new WeakSet<RunModel>();
  private closed = false;
  /** Called when a run turns live or finished: the watcher re-walks it with the rule that now applies. */
  onLivenessChange: ((run: RunModel) => void) | null = null;
  /** Called for each run an audit of the whole folder kept: the watcher checks it still watches it. */
  onAudited: ((run: RunModel) => void) | null = null;
  lastFullAudit: { atMs: number; durationMs: number; repaired: number } | null = null;

  constructor(private readonly index: ResultsIndex) {}

  get root(): string {
    return this.index.root;
  }

  /** A run for a page or a route: the only lookup, so what a finished run still needed (its order) is read first. */
  async openRun(id: string): Promise<RunModel | undefined> {
    const run = this.index.runs.get(id);
    if (run?.needsOrder) await loadOrder(this.index, run);
    return run;
  }

  /** The run with its judge reasons read, for a text search. */
  async withSearchTexts(run: RunModel): Promise<void> {
    await loadSearchTexts(this.index, run);
  }

  // ---- the watcher's side -----------------------------------------------------------------

  /** Where a path is: its run and the components below the run folder, or `null` outside every run. */
  locate(path: string): { run: RunModel; rel: string[] } | null {
    if (!path.startsWith(this.root + sep)) return null;
    const parts = path.slice(this.root.length + 1).split(sep);
    // A run sits at most MAX_RUN_DEPTH components down: only those prefixes can be one.
    for (let k = Math.min(parts.length, MAX_RUN_DEPTH); k >= 1; k--) {
      const run = this.index.runAt(this.root + sep + parts.slice(0, k).join(sep));
      if (run) return { run, rel: parts.slice(k) };
    }
    const rootRun = this.index.runAt(this.root);
    return rootRun ? { run: rootRun, rel: parts } : null;
  }

  /**
   * The watcher's ignore rule. Outside the known runs, folders down to one below the run depth
   * limit are watched (a run may appear there). A finished run's folder is not walked at all (see
   * `watchedNatively`), but for the results folder when it is the run: there chokidar asks about every
   * entry when the listing changes, also entries it will ignore, and a scenario folder appearing or
   * vanishing schedules an audit without a watch inside it.
   */
  ignores(path: string): boolean {
    if (path === this.root) return false;
    const located = this.locate(path);
    if (!located) return path.slice(this.root.length + 1).split(sep).length > MAX_RUN_DEPTH + 1;
    const { run, rel } = located;
    if (rel.length === 0 && this.watchedNatively(run)) return true;
    const watched = watchedInRun(rel, !run.finished);
    if (!watched && rel.length === 1 && this.isIndexed(run)) this.scheduleAudit(run);
    return !watched;
  }

  /**
   * A finished run's folder is left out of chokidar's walk and watched by itself (see `watcher`),
   * except when the results folder is the run: the walk starts there. So is a run that did not
   * finish but was quiet (stalled, killed: `cacheable`) when the watcher met it: a 10,000-scenario
   * killed run was otherwise walked at every start. Its folder's own watch reports its log moving
   * or a scenario folder appearing (a resume): it is then walked as a live run (`refreshRun`); a
   * file written into one of its scenario folders without either is found by the audits.
   */
  watchedNatively(run: RunModel): boolean {
    return run.dir !== this.root && (run.finished || this.quiet.has(run));
  }

  /** The watcher meets a run: one quiet now is watched by itself until it moves. */
  meet(run: RunModel): void {
    if (!run.finished && cacheable(run)) this.quiet.add(run);
  }

  /** After a run's run-level files were read again: a quiet run that moved is quiet no more. */
  private moved(run: RunModel): void {
    if (this.quiet.has(run) && !run.finished && !cacheable(run)) this.quiet.delete(run);
  }

  /** Routes one file-system event (absolute path) to the smallest re-read that covers it. */
  handleEvent(event: string, path: string): void {
    if (this.closed) return;
    const located = this.locate(path);
    if (!located) {
      if (path === this.root) return;
      if (event === "unlinkDir") this.removeUnder(path);
      this.scheduleDiscovery(path);
      return;
    }
    const { run, rel } = located;
    const c = classifyInRun(rel);
    switch (c.kind) {
      case "run":
      case "run-file":
      case "killed":
        this.scheduler.schedule(`run:${run.id}`, () => this.refreshRun(run));
        break;
      case "scenario":
      case "record-file":
      case "scenario-folder":
        this.scheduler.schedule(`scenario:${run.id}\0${c.name}`, async () => void (this.isIndexed(run) && (await refreshScenario(this.index, run, c.name))));
        break;
      case "activity-file":
        this.scheduler.schedule(`activity:${run.id}`, async () => void (this.isIndexed(run) && (await refreshActivity(this.index, run))), { delayMs: 1000 });
        break;
      case "nothing":
        return;
    }
    this.scheduleAudit(run);
  }

  /** Whether this model is the index's run for its id (not removed, nor replaced by a newer one). */
  isIndexed(run: RunModel): boolean {
    return this.index.runs.get(run.id) === run;
  }

  private async refreshRun(run: RunModel): Promise<void> {
    if (!this.isIndexed(run)) return;
    const wasFinished = run.finished;
    const wasNative = this.watchedNatively(run);
    await refreshRunLevel(this.index, run);
    this.moved(run);
    if (this.isIndexed(run) && (wasFinished !== run.finished || wasNative !== this.watchedNatively(run))) {
      this.onLivenessChange?.(run);
      // Events between the watcher letting go and taking hold again are caught by an audit.
      this.scheduleAudit(run, true);
    }
  }

  scheduleAudit(run: RunModel, contents = false): void {
    this.scheduler.schedule(
      `audit:${run.id}`,
      async () => {
        if (!this.isIndexed(run)) return;
        await this.refreshRun(run);
        if (this.isIndexed(run)) await auditRun(this.index, run, { contents });
      },
      { delayMs: AUDIT_QUIET_MS, quiet: true, maxDelayMs: AUDIT_MAX_DELAY_MS },
    );
  }

  /** A new path outside every run: look for runs in its top folder under the root, once the burst is quiet. */
  private scheduleDiscovery(path: string): void {
    const top = this.root + sep + (path.slice(this.root.length + 1).split(sep)[0] as string);
    this.scheduler.schedule(`discover:${top}`, () => this.discover(top), { delayMs: 150, quiet: true, maxDelayMs: 1500 });
  }

  private async discover(top: string): Promise<void> {
    const found = await discoverRuns(this.root, top);
    for (const f of found.runs) {
      if (this.closed || this.index.runAt(f.dir)) continue;
      const run = await loadRun(this.root, f, await readLevelOf(f));
      if (this.closed || this.index.runAt(f.dir)) continue;
      this.index.addRun(run);
      this.onLivenessChange?.(run);
      // Folders still arriving are picked up when the burst is quiet.
      this.scheduleAudit(run);
    }
  }

  /** A folder above the runs vanished: drop the runs at or under it. */
  private removeUnder(path: string): void {
    for (const run of [...this.index.runs.values()]) if (run.dir === path || run.dir.startsWith(path + sep)) this.index.removeRun(run);
  }

  // ---- audits over the whole folder ----------------------------------------------------------

  /**
   * Compares everything with the disk: runs that appeared or vanished anywhere, and each run's
   * listing and files. Returns how many scenarios it repaired.
   */
  async auditAll(): Promise<number> {
    const started = performance.now();
    const found = await discoverRuns(this.root);
    this.index.setRootProblems(rootProblemsOf(found));
    const dirs = new Set(found.runs.map((f) => f.dir));
    for (const run of [...this.index.runs.values()]) if (!dirs.has(run.dir)) this.index.removeRun(run);
    let repaired = 0;
    for (const f of found.runs) {
      if (this.closed) break;
      const known = this.index.runAt(f.dir);
      if (!known) {
        const run = await loadRun(this.root, f, await readLevelOf(f));
        this.index.addRun(run);
        this.onLivenessChange?.(run);
        repaired++;
        continue;
      }
      const wasFinished = known.finished;
      const wasNative = this.watchedNatively(known);
      repaired += await auditRun(this.index, known, { contents: true });
      this.moved(known);
      if (wasFinished !== known.finished || wasNative !== this.watchedNatively(known)) this.onLivenessChange?.(known);
      else if (this.isIndexed(known)) this.onAudited?.(known);
    }
    const durationMs = performance.now() - started;
    this.lastFullAudit = { atMs: Date.now(), durationMs, repaired };
    return repaired;
  }

  /** Starts the slow full audit and the clock that moves run states (running → stalled → killed) on open pages. */
  startTimers(): void {
    const next = () => {
      const wait = Math.max(FULL_AUDIT_MIN_MS, (this.lastFullAudit?.durationMs ?? 0) * FULL_AUDIT_SHARE);
      this.fullAuditTimer = setTimeout(async () => {
        if (this.closed) return;
        await this.auditAll().catch((error) => console.error(`[index] audit: ${error instanceof Error ? error.message : String(error)}`));
        if (!this.closed) next();
      }, wait);
    };
    next();
    this.stateTimer = setInterval(() => this.announceStateChanges(), STATE_TICK_MS);
    this.stateTimer.unref?.();
  }

  /** Run state depends on the clock: a run whose label moved is announced, so open pages refresh. */
  announceStateChanges(nowMs = Date.now()): void {
    for (const run of this.index.runs.values()) {
      // A finished run's label does not move with the clock (a resume moves its revision, which is
      // announced anyway): its states are not loaded from the index cache for this.
      if (run.finished) {
        this.states.set(run.id, "finished");
        continue;
      }
      // A run quiet past the stalled window is listed from its saved item: its states stay in the cache.
      const state = (this.index.savedListItems?.get(run) ?? runListItem(run, nowMs)).state;
      const before = this.states.get(run.id);
      this.states.set(run.id, state);
      if (before !== undefined && before !== state) this.index.announce({ runs: [run.id] });
    }
    for (const id of this.states.keys()) if (!this.index.runs.has(id)) this.states.delete(id);
  }

  /** Resolves when no event-driven work is pending or running. */
  async idle(): Promise<void> {
    await this.scheduler.idle();
    this.index.flush();
  }

  close(): void {
    this.closed = true;
    this.scheduler.close();
    if (this.fullAuditTimer) clearTimeout(this.fullAuditTimer);
    if (this.stateTimer) clearInterval(this.stateTimer);
  }
}
