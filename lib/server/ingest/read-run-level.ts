/** The run-level files of a run folder: `run_args.json`, `evaluation_log.txt`, `all_summary.txt`, `all_metrics.json`. */
import "server-only";
import { join } from "node:path";
import { inFlightScenario, parseEvaluationLog, readAllMetrics, readRunArgs, RUN_MARKERS, type Invocation, type LogSession, type Problem } from "@/lib/core";
import { probeTextSync, readTextSync, readTextTailSync } from "./fs-sync";
import { processCaches } from "../process-caches";

/**
 * The least of a single-session log that is read (160 bytes more per scenario, for its end-of-run
 * recap): enough for how the session ended. A finished run needs no more; a session that did not end
 * is read further back (`OPEN_TAIL_BYTES`), to the scenario it was in.
 */
const LOG_TAIL_BYTES = 16 * 1024;
const OPEN_TAIL_BYTES = 128 * 1024;

export interface RunLevel {
  isRun: boolean;
  invocations: Invocation[];
  sessions: LogSession[];
  logMtimeMs: number | null;
  /**
   * The on-disk `all_summary.txt`, by size and mtime: it is as large as the run's summary text and
   * only the run page compares it, so `matches` reads it then, not the scan.
   */
  allSummary: { size: number; mtimeMs: number; matches(text: string): boolean } | null;
  /** `scenario_name`s of `all_metrics.json`, read only when the last session finished. */
  allMetricsOrder: string[] | null;
  hasAllMetrics: boolean;
  problems: Problem[];
  /** The last session's end was logged: the run is finished. */
  finished: boolean;
  /** The scenario the last session started and has not reported complete (see `run-activity`). */
  inFlight: string | null;
}

/**
 * `withAllMetrics`: also read the order of `all_metrics.json` (finished runs only). The live index
 * leaves it for later (`readAllMetricsOrder`): it is as large as every metrics.json together and
 * only the summary text's order depends on it, never a rate.
 */
export function readRunLevel(dir: string, fileNames: ReadonlySet<string>, withAllMetrics = false, withWholeLog = false): RunLevel {
  const problems: Problem[] = [];
  const args = readTextSync(join(dir, "run_args.json"), "run_args.json");
  const summary = probeTextSync(join(dir, "all_summary.txt"), "all_summary.txt");
  let invocations: Invocation[] = [];
  if (args.text !== null) {
    const read = readRunArgs(args.text);
    invocations = read.invocations;
    problems.push(...read.problems);
  } else if (!args.missing) problems.push(args.problem);
  // A single-session run's state is all in the end of its log (the last scenario started, and how
  // the session ended); the whole log is as large as every metrics.json together, so only the tail
  // is read. Resumed runs need every session's `[SKIP]` lines, so their log is read whole.
  // (A resume whose history restarted has one invocation too, but says `resume` in its arguments.)
  const single = invocations.length === 1 && !invocations[0]?.parsed_args?.resume && !withWholeLog;
  const count = invocations[0]?.resolved_scenario_count ?? 0;
  const path = join(dir, "evaluation_log.txt");
  let log = single ? readTextTailSync(path, "evaluation_log.txt", Math.max(LOG_TAIL_BYTES, count * 160)) : readTextSync(path, "evaluation_log.txt");
  let sessions: LogSession[] = [];
  if (log.text !== null) {
    let whole = !single || ("whole" in log && log.whole === true);
    sessions = parseEvaluationLog(log.text, !whole);
    if (!whole && !ended(sessions[sessions.length - 1])) {
      // Running, killed or stalled: its state is the last scenario started, further back.
      const further = readTextTailSync(path, "evaluation_log.txt", Math.max(OPEN_TAIL_BYTES, count * 160));
      if (further.text !== null) {
        log = further;
        whole = "whole" in further && further.whole === true;
        sessions = parseEvaluationLog(further.text, !whole);
      }
    }
    const first = sessions[0];
    if (!whole && first) {
      // What the cut-off `Queued` line said, from run_args.json.
      first.startedAt = invocations[0]?.started_at?.replace("T", " ") ?? null;
      first.queuedCount = invocations[0]?.resolved_scenario_count ?? null;
      first.queued = invocations[0]?.resolved_scenario_names ?? null;
    }
  } else if (!log.missing) problems.push(log.problem);
  if ("problem" in summary) problems.push(summary.problem);

  let allMetricsOrder: string[] | null = null;
  if (withAllMetrics && sessions[sessions.length - 1]?.complete && fileNames.has("all_metrics.json")) {
    const read = readAllMetricsOrder(dir);
    allMetricsOrder = read.order;
    problems.push(...read.problems);
  }
  const last = sessions[sessions.length - 1];
  return {
    isRun: RUN_MARKERS.some((m) => fileNames.has(m)),
    invocations,
    sessions,
    logMtimeMs: log.text !== null ? log.mtimeMs : null,
    allSummary: "size" in summary ? onDiskSummary(dir, summary) : null,
    hasAllMetrics: fileNames.has("all_metrics.json"),
    allMetricsOrder,
    problems,
    finished: last?.complete ?? false,
    inFlight: last ? (inFlightScenario(last)?.name ?? null) : null,
  };
}

/** The session logged how it ended (finished, failed or interrupted). */
function ended(session: LogSession | undefined): boolean {
  return session !== undefined && (session.complete || session.failed !== null || session.interrupted);
}

/** The `scenario_name`s of `all_metrics.json`, in order (`readAllMetrics`). */
export function readAllMetricsOrder(dir: string): { order: string[] | null; problems: Problem[] } {
  const read = readTextSync(join(dir, "all_metrics.json"), "all_metrics.json");
  if (read.text === null) return { order: null, problems: read.missing ? [] : [read.problem] };
  return readAllMetrics(read.text);
}

/** Compares a summary text with the file as it is now (read under the same rules as every read); a differing length needs no read. */
function onDiskSummary(dir: string, file: { size: number; mtimeMs: number }): NonNullable<RunLevel["allSummary"]> {
  return {
    ...file,
    matches: (text: string) => Buffer.byteLength(text) === file.size && readTextSync(join(dir, "all_summary.txt"), "all_summary.txt").text === text,
  };
}

/** A run level as data (no function), to be kept in the index cache: see `livingLevel`. */
export type PlainRunLevel = Omit<RunLevel, "allSummary"> & { allSummary: { size: number; mtimeMs: number } | null };
/** What the index asks of a run level at every turn; the rest (`LevelBulk`) is needed only by a page. */
export type LevelHead = Omit<PlainRunLevel, keyof LevelBulk>;
export type LevelBulk = Pick<RunLevel, "invocations" | "sessions">;

export function plainLevel(level: RunLevel): PlainRunLevel {
  return { ...level, allSummary: level.allSummary ? { size: level.allSummary.size, mtimeMs: level.allSummary.mtimeMs } : null };
}

export function splitLevel(level: RunLevel): { head: LevelHead; bulk: LevelBulk } {
  const { invocations, sessions, ...head } = plainLevel(level);
  return { head, bulk: { invocations, sessions } };
}

/** How each living level lets go of its bulk (see `releaseBulk`). */
const releases = () => processCaches().weak<RunLevel, () => void>("run-level-releases");

/**
 * A level from its head and a way to its bulk, taken the first time `invocations` or `sessions` is
 * asked for (a restart makes every run of the index cache and needs only the heads), and kept until
 * `releaseBulk`.
 */
export function livingLevel(dir: string, head: LevelHead, bulk: () => LevelBulk): RunLevel {
  let taken: LevelBulk | null = null;
  const take = () => (taken ??= bulk());
  const level = { ...head, allSummary: head.allSummary ? onDiskSummary(dir, head.allSummary) : null } as RunLevel;
  releases().set(level, () => void (taken = null));
  return Object.defineProperties(level, {
    invocations: { get: () => take().invocations, enumerable: true },
    sessions: { get: () => take().sessions, enumerable: true },
  });
}

/** A living level's bulk leaves memory, taken again when next asked for (a level read from the disk keeps its own). */
export function releaseBulk(level: RunLevel): void {
  releases().get(level)?.();
}
