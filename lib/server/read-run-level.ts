/** The run-level files of a run folder: `run_args.json`, `evaluation_log.txt`, `all_summary.txt`, `all_metrics.json`. */
import { join } from "node:path";
import { AllMetricsSchema, parseEvaluationLog, readJsonArtifact, readRunArgs, RUN_MARKERS, type Invocation, type LogSession, type Problem } from "@/lib/core";
import { createHash } from "node:crypto";
import { readText } from "./files";

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
export async function readRunLevel(dir: string, fileNames: ReadonlySet<string>, withAllMetrics = false): Promise<RunLevel> {
  const problems: Problem[] = [];
  const [args, log, summary] = await Promise.all([
    readText(join(dir, "run_args.json"), "run_args.json"),
    readText(join(dir, "evaluation_log.txt"), "evaluation_log.txt"),
    readText(join(dir, "all_summary.txt"), "all_summary.txt"),
  ]);
  let invocations: Invocation[] = [];
  if (args.text !== null) {
    const read = readRunArgs(args.text);
    invocations = read.invocations;
    problems.push(...read.problems);
  } else if (!args.missing) problems.push(args.problem);
  let sessions: LogSession[] = [];
  if (log.text !== null) sessions = parseEvaluationLog(log.text);
  else if (!log.missing) problems.push(log.problem);
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
  const digest = sha256(text);
  return { sha256: digest, mtimeMs, matches: (other: string) => sha256(other) === digest };
}
