/**
 * The in-memory index of every run under the results folder. The first scan reads each run once;
 * afterwards a changed file re-reads only its scenario (or its run's run-level files), and the
 * run's aggregates are re-folded from memory.
 */
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join, sep } from "node:path";
import { isKilledFolder, readJudgeResult, slimMetrics } from "@/lib/core";
import type { ChangeEvent, RunsResponse } from "@/lib/shared/dto";
import { discoverRuns, runIdOf } from "./discover-runs";
import { readText } from "./files";
import { mapLimit } from "./pool";
import { readRunLevel, type RunLevel } from "./read-run-level";
import { readScenario } from "./read-scenario";
import { lastActivityMs } from "./run-activity";
import { RunEntry, type IndexedScenario } from "./run-entry";
import { KeyedScheduler } from "./scheduler";

export const SCAN_CONCURRENCY = 64;
export const RUN_LEVEL_FILES = new Set(["evaluation_log.txt", "run_args.json", "all_summary.txt", "all_metrics.json"]);
export const SCENARIO_FILES = new Set(["metrics.json", "judge_result.json", "bot_logs_agent"]);
export const ACTIVITY_FILES = new Set(["bridge_log.txt", "conversation_log.txt"]);
const SEARCH_TEXT_LIMIT = 400;

export type Listener = (event: ChangeEvent) => void;
const NO_PROBLEMS: never[] = [];

export class ResultsIndex {
  readonly runs = new Map<string, RunEntry>();
  private readonly runsByDir = new Map<string, RunEntry>();
  version = 0;
  indexing: { done: number; total: number } | null = { done: 0, total: 0 };
  scanMs: number | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly scheduler = new KeyedScheduler(25);
  private pending: ChangeEvent | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  /** Called when a run starts or stops needing its scenario folders watched. */
  onRunLiveChange: ((run: RunEntry) => void) | null = null;

  constructor(readonly root: string) {}

  // ---- first scan -------------------------------------------------------------------------

  async scan(onProgress?: (p: { done: number; total: number }) => void): Promise<void> {
    const started = performance.now();
    const found = await discoverRuns(this.root);
    const progress = { done: 0, total: 0 };
    const plans = found.map(({ dir, entries }) => {
      const candidates = entries.filter((e) => e.isDirectory() && !isKilledFolder(e.name)).map((e) => e.name);
      progress.total += candidates.length;
      return { dir, entries, candidates };
    });
    this.indexing = progress;
    const tick = () => {
      progress.done++;
      if (onProgress && (progress.done % 500 === 0 || progress.done === progress.total)) onProgress(progress);
    };
    // Runs one after another, each with a pool of reads: a bounded number of files in flight. The
    // next run's run-level files are read while this run's scenarios are, so no run waits on them.
    let nextLevel = plans[0] ? this.readLevel(plans[0].dir, plans[0].entries) : null;
    for (const [i, p] of plans.entries()) {
      const level = await (nextLevel as Promise<RunLevel>);
      const following = plans[i + 1];
      nextLevel = following ? this.readLevel(following.dir, following.entries) : null;
      this.addRun(await this.loadRun(p.dir, level, p.entries, p.candidates, tick));
    }
    this.indexing = null;
    this.scanMs = performance.now() - started;
    this.bump({ runs: [...this.runs.keys()] });
  }

  private readLevel(dir: string, entries: Dirent[]): Promise<RunLevel> {
    const level = readRunLevel(dir, new Set(entries.filter((e) => !e.isDirectory()).map((e) => e.name)));
    // Read ahead and awaited later: a failure surfaces there, not as an unhandled rejection meanwhile.
    level.catch(() => {});
    return level;
  }

  private async loadRun(dir: string, runLevel: RunLevel, entries: Dirent[], candidates: string[], tick: () => void): Promise<RunEntry> {
    const run = new RunEntry(runIdOf(this.root, dir), dir, runLevel);
    run.killedFolders = entries.filter((e) => e.isDirectory() && isKilledFolder(e.name)).map((e) => e.name);
    await mapLimit(candidates, SCAN_CONCURRENCY, async (name) => {
      await this.readInto(run, name);
      tick();
    });
    run.lastActivityMs = await lastActivityMs(dir, runLevel.sessions, runLevel.logMtimeMs);
    return run;
  }

  private addRun(run: RunEntry): void {
    this.runs.set(run.id, run);
    this.runsByDir.set(run.dir, run);
  }

  /** Reads one scenario folder into its run; returns whether anything about it changed. */
  private async readInto(run: RunEntry, name: string, withSearchText = false): Promise<boolean> {
    const dir = join(run.dir, name);
    const read = await readScenario(dir, name);
    const previous = run.scenarios.get(name);
    if (read.kind === "not-scenario") {
      if (!previous) return false;
      run.scenarios.delete(name);
      return true;
    }
    const entry: IndexedScenario = previous ?? { name, record: null, problems: [], metricsMtimeMs: null, searchText: "" };
    if (read.kind === "completed") {
      entry.record = { ...read.record, metrics: slimMetrics(read.record.metrics) };
      entry.metricsMtimeMs = read.metricsMtimeMs;
      if (withSearchText) entry.searchText = await judgeSearchText(dir);
    } else if (read.problems.length === 0) {
      // metrics.json is gone: the scenario is in flight again.
      entry.record = null;
      entry.metricsMtimeMs = null;
    }
    // A half-written or corrupt metrics.json keeps the last good record and names the problem.
    entry.problems = read.problems.length ? read.problems : NO_PROBLEMS;
    run.scenarios.set(name, entry);
    return true;
  }

  /**
   * Judge reasons for the table's text search, read the first time someone searches a run (not
   * during the first scan, which only reads what the summary needs).
   */
  async ensureSearchTexts(run: RunEntry): Promise<void> {
    run.searchTextsLoaded ??= (async () => {
      const names = [...run.scenarios.values()].filter((s) => s.record && !s.searchText).map((s) => s.name);
      await mapLimit(names, 16, async (name) => {
        const s = run.scenarios.get(name);
        if (s) s.searchText = await judgeSearchText(join(run.dir, name));
      });
      run.invalidate();
    })();
    await run.searchTextsLoaded;
  }

  // ---- live updates -----------------------------------------------------------------------

  /** Routes one file-system event (absolute path) to the smallest re-read that covers it. */
  handlePathEvent(path: string): void {
    const located = this.locate(path);
    if (!located) {
      if (path !== this.root) this.scheduler.schedule(`discover:${path}`, () => this.discoverAt(path));
      return;
    }
    const { run, rel } = located;
    if (rel.length === 0) {
      this.scheduler.schedule(`run:${run.id}`, () => this.refreshRunLevel(run));
      return;
    }
    const [name, file] = rel as [string, string | undefined];
    if (rel.length === 1 && RUN_LEVEL_FILES.has(name)) {
      this.scheduler.schedule(`run:${run.id}`, () => this.refreshRunLevel(run));
    } else if (isKilledFolder(name)) {
      if (rel.length === 1) this.scheduler.schedule(`run:${run.id}`, () => this.refreshRunLevel(run));
    } else if (rel.length === 1 || SCENARIO_FILES.has(file as string)) {
      this.scheduler.schedule(`scenario:${run.id}\0${name}`, () => this.refreshScenario(run, name));
    } else if (ACTIVITY_FILES.has(file as string)) {
      this.scheduler.schedule(`activity:${run.id}`, async () => this.touch(run), 1000);
    }
  }

  locate(path: string): { run: RunEntry; rel: string[] } | null {
    let dir = path;
    const rel: string[] = [];
    while (dir.length >= this.root.length) {
      const run = this.runsByDir.get(dir);
      if (run) return { run, rel: rel.reverse() };
      const at = dir.lastIndexOf(sep);
      if (at <= 0) break;
      rel.push(dir.slice(at + 1));
      dir = dir.slice(0, at);
    }
    return null;
  }

  async refreshScenario(run: RunEntry, name: string): Promise<void> {
    if (this.runs.get(run.id) !== run) return;
    const existed = run.scenarios.has(name);
    const changed = await this.readInto(run, name, true);
    if (!changed) return;
    run.invalidate();
    if (existed && !run.scenarios.has(name)) this.bump({ runs: [run.id], removedScenarios: [{ run: run.id, name }] });
    else this.bump({ runs: [run.id], scenarios: [{ run: run.id, name }] });
    run.lastActivityMs = Math.max(run.lastActivityMs ?? 0, Date.now());
  }

  async refreshRunLevel(run: RunEntry): Promise<void> {
    if (this.runs.get(run.id) !== run) return;
    let entries: Dirent[];
    try {
      entries = await readdir(run.dir, { withFileTypes: true });
    } catch {
      this.removeRun(run);
      return;
    }
    const wasLive = this.isLive(run);
    const fileNames = new Set(entries.filter((e) => !e.isDirectory()).map((e) => e.name));
    run.runLevel = await readRunLevel(run.dir, fileNames);
    run.killedFolders = entries.filter((e) => e.isDirectory() && isKilledFolder(e.name)).map((e) => e.name);
    // Scenario folders that appeared or vanished while their events were not watched (a finished run being resumed).
    const present = new Set(entries.filter((e) => e.isDirectory() && !isKilledFolder(e.name)).map((e) => e.name));
    for (const name of run.scenarios.keys()) if (!present.has(name)) run.scenarios.delete(name);
    run.lastActivityMs = await lastActivityMs(run.dir, run.runLevel.sessions, run.runLevel.logMtimeMs);
    run.invalidate();
    if (wasLive !== this.isLive(run)) {
      await mapLimit([...present], SCAN_CONCURRENCY, (name) => this.readInto(run, name));
      run.invalidate();
      this.onRunLiveChange?.(run);
    }
    this.bump({ runs: [run.id] });
  }

  private touch(run: RunEntry): void {
    if (this.runs.get(run.id) !== run) return;
    run.lastActivityMs = Date.now();
    run.invalidate();
    this.bump({ runs: [run.id] });
  }

  private async discoverAt(path: string): Promise<void> {
    // Start from the top-level folder under the root that holds the path, so a run is found whole.
    const rel = path.slice(this.root.length + 1).split(sep);
    let base = this.root;
    for (const part of rel) {
      base = join(base, part);
      if (this.runsByDir.has(base)) return;
      const found = (await discoverRuns(base)).filter((f) => !this.runsByDir.has(f.dir));
      if (found.length === 0) continue;
      const added: string[] = [];
      for (const f of found) {
        const candidates = f.entries.filter((e) => e.isDirectory() && !isKilledFolder(e.name)).map((e) => e.name);
        const run = await this.loadRun(f.dir, await this.readLevel(f.dir, f.entries), f.entries, candidates, () => {});
        if (this.runsByDir.has(run.dir)) continue;
        this.addRun(run);
        added.push(run.id);
        this.onRunLiveChange?.(run);
      }
      if (added.length) this.bump({ runs: added });
      return;
    }
  }

  /**
   * Catches up with changes made between the first scan and the watcher being ready: re-reads the
   * run-level files of every run, and every scenario of the runs still going.
   */
  async reconcile(): Promise<void> {
    for (const run of [...this.runs.values()]) {
      await this.refreshRunLevel(run);
      if (!this.isLive(run)) continue;
      let names: string[] = [];
      try {
        names = (await readdir(run.dir, { withFileTypes: true })).filter((e) => e.isDirectory() && !isKilledFolder(e.name)).map((e) => e.name);
      } catch {
        continue;
      }
      const changed = await mapLimit(names, SCAN_CONCURRENCY, async (name) => {
        const before = run.scenarios.get(name)?.metricsMtimeMs ?? null;
        await this.readInto(run, name, true);
        return (run.scenarios.get(name)?.metricsMtimeMs ?? null) !== before ? name : null;
      });
      const scenarios = changed.filter((n): n is string => n !== null).map((name) => ({ run: run.id, name }));
      run.invalidate();
      if (scenarios.length) this.bump({ runs: [run.id], scenarios });
    }
  }

  /** A path vanished: drop the runs at or under it. */
  handleRemoval(path: string): void {
    for (const run of [...this.runs.values()]) {
      if (run.dir === path || run.dir.startsWith(path + sep)) this.removeRun(run);
    }
    this.handlePathEvent(path);
  }

  private removeRun(run: RunEntry): void {
    if (this.runs.get(run.id) !== run) return;
    this.runs.delete(run.id);
    this.runsByDir.delete(run.dir);
    this.bump({ removedRuns: [run.id] });
  }

  // ---- reading --------------------------------------------------------------------------

  listRuns(): RunsResponse {
    const now = Date.now();
    const runs = [...this.runs.values()].map((r) => r.listItem(now));
    runs.sort((a, b) => (b.startedAt ?? "").localeCompare(a.startedAt ?? "") || b.id.localeCompare(a.id));
    return { runs, version: this.version, ...(this.indexing ? { indexing: { ...this.indexing } } : {}) };
  }

  /** Every run id is looked up here; nothing taken from a request is ever joined onto a path. */
  getRun(id: string): RunEntry | undefined {
    return this.runs.get(id);
  }

  /** Runs whose scenario folders must be watched: any run that has not finished. */
  isLive(run: RunEntry): boolean {
    return !(run.runLevel.sessions[run.runLevel.sessions.length - 1]?.complete ?? false);
  }

  // ---- change notification --------------------------------------------------------------

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  private bump(change: Partial<ChangeEvent>): void {
    const p = (this.pending ??= { version: 0, runs: [], removedRuns: [], scenarios: [], removedScenarios: [] });
    for (const id of change.runs ?? []) if (!p.runs.includes(id)) p.runs.push(id);
    p.removedRuns.push(...(change.removedRuns ?? []));
    p.scenarios.push(...(change.scenarios ?? []));
    p.removedScenarios.push(...(change.removedScenarios ?? []));
    // Coalesce a burst of changes into one event a few milliseconds later.
    this.flushTimer ??= setTimeout(() => this.flush(), 10);
  }

  private flush(): void {
    this.flushTimer = null;
    const event = this.pending;
    this.pending = null;
    if (!event) return;
    event.version = ++this.version;
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch {
        // A failing listener (a closed stream) must not stop the others.
      }
    }
  }

  async idle(): Promise<void> {
    await this.scheduler.idle();
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flush();
    }
  }

  close(): void {
    this.scheduler.close();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.listeners.clear();
  }
}

async function judgeSearchText(dir: string): Promise<string> {
  const read = await readText(join(dir, "judge_result.json"), "judge_result.json", 16 * 1024 * 1024);
  if (read.text === null) return "";
  const judge = readJudgeResult(read.text);
  const reason = judge.value?.reason;
  return typeof reason === "string" ? reason.slice(0, SEARCH_TEXT_LIMIT).toLowerCase() : "";
}
