/** The run-level files of a run folder: `run_args.json`, `evaluation_log.txt`, `all_summary.txt`, `all_metrics.json`. */
import { join } from "node:path";
import { AllMetricsSchema, parseEvaluationLog, readJsonArtifact, readRunArgs, RUN_MARKERS, type Invocation, type LogSession, type Problem } from "@/lib/core";
import { readText } from "./files";

export interface RunLevel {
  isRun: boolean;
  invocations: Invocation[];
  sessions: LogSession[];
  logMtimeMs: number | null;
  allSummary: { text: string; mtimeMs: number } | null;
  /** `scenario_name`s of `all_metrics.json`, read only when the last session finished. */
  allMetricsOrder: string[] | null;
  problems: Problem[];
}

export async function readRunLevel(dir: string, fileNames: ReadonlySet<string>): Promise<RunLevel> {
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
  if (sessions[sessions.length - 1]?.complete && fileNames.has("all_metrics.json")) {
    const read = await readText(join(dir, "all_metrics.json"), "all_metrics.json");
    if (read.text !== null) {
      const parsed = readJsonArtifact("all_metrics.json", read.text, AllMetricsSchema);
      if (parsed.value) allMetricsOrder = parsed.value.map((r) => r.scenario_name ?? "?");
      problems.push(...parsed.problems);
    }
  }
  return {
    isRun: RUN_MARKERS.some((m) => fileNames.has(m)),
    invocations,
    sessions,
    logMtimeMs: log.text !== null ? log.mtimeMs : null,
    allSummary: summary.text !== null ? { text: summary.text, mtimeMs: summary.mtimeMs } : null,
    allMetricsOrder,
    problems,
  };
}
