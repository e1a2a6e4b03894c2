/** The run-level files of a run folder: `run_args.json`, `evaluation_log.txt`, `all_summary.txt`, `all_metrics.json`. */
import "server-only";
import { join } from "node:path";
import { AllMetricsSchema, parseEvaluationLog, readJsonArtifact, readRunArgs, RUN_MARKERS, type Invocation, type LogSession, type Problem } from "@/lib/core";
import { createHash } from "node:crypto";
import { lstatSafe, readText, readTextTail } from "./fs-safe";
import { RUN_LEVEL_FILES } from "./layout";
import { part } from "./read-scenario";

/** The least of a single-session log that is read (160 bytes more per scenario): enough for its end-of-run recap. */
const LOG_TAIL_BYTES = 128 * 1024;

export interface RunLevel {
  isRun: boolean;
  invocations: Invocation[];
  sessions: LogSession[];
  logMtimeMs: number | null;
  /** The on-disk `all_summary.txt`, by digest (its text is read again only to be shown). */
  allSummary: { sha256: string; mtimeMs: number; matches(text: string): boolean } | null;
  /** `scenario_name`s of `all_metrics.json`, read only when the last session finished. */
  allMetricsOrder: string[] | null;
  hasAllMetrics: boolean;
  problems: Problem[];
}

/**
 * `withAllMetrics`: also read the order of `all_metrics.json` (finished runs only). The live index
 * leaves it for later (`readAllMetricsOrder`): it is as large as every metrics.json together and
 * only the summary text's order depends on it, never a rate.
 */
export async function readRunLevel(dir: string, fileNames: ReadonlySet<string>, withAllMetrics = false, withWholeLog = false): Promise<RunLevel> {
  const problems: Problem[] = [];
  const [args, summary] = await Promise.all([
    readText(join(dir, "run_args.json"), "run_args.json"),
    readText(join(dir, "all_summary.txt"), "all_summary.txt"),
  ]);
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
  const log = single ? await readTextTail(path, "evaluation_log.txt", Math.max(LOG_TAIL_BYTES, count * 160)) : await readText(path, "evaluation_log.txt");
  let sessions: LogSession[] = [];
  if (log.text !== null) {
    const whole = !single || ("whole" in log && log.whole === true);
    sessions = parseEvaluationLog(log.text, !whole);
    const first = sessions[0];
    if (!whole && first) {
      // What the cut-off `Queued` line said, from run_args.json.
      first.startedAt = invocations[0]?.started_at?.replace("T", " ") ?? null;
      first.queuedCount = invocations[0]?.resolved_scenario_count ?? null;
      first.queued = invocations[0]?.resolved_scenario_names ?? null;
    }
  } else if (!log.missing) problems.push(log.problem);
  if (summary.text === null && !summary.missing) problems.push(summary.problem);

  let allMetricsOrder: string[] | null = null;
  if (withAllMetrics && sessions[sessions.length - 1]?.complete && fileNames.has("all_metrics.json")) {
    const read = await readAllMetricsOrder(dir);
    allMetricsOrder = read.order;
    problems.push(...read.problems);
  }
  return {
    isRun: RUN_MARKERS.some((m) => fileNames.has(m)),
    invocations,
    sessions,
    logMtimeMs: log.text !== null ? log.mtimeMs : null,
    allSummary: summary.text !== null ? summaryDigest(summary.text, summary.mtimeMs) : null,
    hasAllMetrics: fileNames.has("all_metrics.json"),
    allMetricsOrder,
    problems,
  };
}

/** Top-level keys of the indent-2 array the harness writes sit at four spaces. */
const TOP_LEVEL_NAME = /^ {4}"scenario_name": ("(?:[^"\\]|\\.)*"),?$/gm;

/** The `scenario_name`s of `all_metrics.json`, in order, without parsing the records themselves. */
export async function readAllMetricsOrder(dir: string): Promise<{ order: string[] | null; problems: Problem[] }> {
  const read = await readText(join(dir, "all_metrics.json"), "all_metrics.json");
  if (read.text === null) return { order: null, problems: read.missing ? [] : [read.problem] };
  const fast = [...read.text.matchAll(TOP_LEVEL_NAME)].map((m) => JSON.parse(m[1] as string) as string);
  const elements = (read.text.match(/^ {2}\{$/gm) ?? []).length;
  if (fast.length > 0 && fast.length === elements) return { order: fast, problems: [] };
  // Not the harness's layout: parse it properly.
  const parsed = readJsonArtifact("all_metrics.json", read.text, AllMetricsSchema);
  return { order: parsed.value ? parsed.value.map((r) => r.scenario_name ?? "?") : null, problems: parsed.problems };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function summaryDigest(text: string, mtimeMs: number): NonNullable<RunLevel["allSummary"]> {
  return withMatches(sha256(text), mtimeMs);
}

function withMatches(digest: string, mtimeMs: number): NonNullable<RunLevel["allSummary"]> {
  return { sha256: digest, mtimeMs, matches: (other: string) => sha256(other) === digest };
}

/** A run level as data (no function), to cross threads and be stored: see `livingLevel`. */
export type PlainRunLevel = Omit<RunLevel, "allSummary"> & { allSummary: { sha256: string; mtimeMs: number } | null };

export function plainLevel(level: RunLevel): PlainRunLevel {
  return { ...level, allSummary: level.allSummary ? { sha256: level.allSummary.sha256, mtimeMs: level.allSummary.mtimeMs } : null };
}

export function livingLevel(plain: PlainRunLevel): RunLevel {
  return { ...plain, allSummary: plain.allSummary ? withMatches(plain.allSummary.sha256, plain.allSummary.mtimeMs) : null };
}

/** The run-level files' sizes and mtimes: what decides whether they are read again. */
export async function levelSignature(dir: string): Promise<string> {
  const parts = await Promise.all([...RUN_LEVEL_FILES].map(async (f) => {
    const { kind, info } = await lstatSafe(join(dir, f));
    return kind === "missing" ? `${f}:-` : info && kind === "file" ? part(f, info.size, info.mtimeMs) : `${f}:?`;
  }));
  return parts.join(",");
}
