/**
 * The one place that says what a path under the results folder is (ARTIFACTS.md §1.1–§1.5), shared by
 * the first scan, the watcher's ignore rule, the event router and the audits: a run folder, a
 * run-level file, a killed attempt, a scenario folder, a file of a scenario, or nothing we read.
 */
import "server-only";

import { isKilledFolder } from "@/lib/core/discovery";

/** How deep under the results folder a run folder may sit; the scan and the watcher both stop here. */
export const MAX_RUN_DEPTH = 8;

export const RUN_LEVEL_FILES: ReadonlySet<string> = new Set(["evaluation_log.txt", "run_args.json", "all_summary.txt", "all_metrics.json"]);

/** What a scenario's index record is read from: a change to any of these re-reads the scenario. */
export const RECORD_FILES: ReadonlySet<string> = new Set(["metrics.json", "judge_result.json", "bot_logs_agent/llm_context.json"]);
/** Files that only say the scenario is still talking (a run's last activity, §5.3). */
export const ACTIVITY_FILES: ReadonlySet<string> = new Set(["bridge_log.txt", "conversation_log.txt"]);
/** Entries that make a folder without `metrics.json` a scenario still in flight (§1.4). */
export const SCENARIO_MARKERS = ["bridge_log.txt", "scenario_config"] as const;

/** Every file of a scenario folder the dashboard reads or serves, by its path in the folder. */
export const SCENARIO_FILES = [
  "metrics.json",
  "judge_result.json",
  "final_agent_response.json",
  "final_scenario_db_hash.txt",
  "conversation_log.txt",
  "conversation_log.seglst.json",
  "conversation_log.wav",
  "bridge_log.txt",
  "trace_metrics.json",
  "analysis_report.md",
  "scenario_config/metadata.json",
  "scenario_config/reference_answer.json",
  "scenario_config/user_prompt.txt",
  "scenario_config/user_tools.json",
  "scenario_config/agent_prompt.txt",
  "scenario_config/agent_tools.json",
  "bot_logs_user/llm_context.json",
  "bot_logs_agent/llm_context.json",
  "bot_logs_agent/trace_metrics.json",
] as const;
export type ScenarioFile = (typeof SCENARIO_FILES)[number];

/** The read limits the dashboard states: an LLM context may run to tens of megabytes, other files not. */
export const MAX_CONTEXT_BYTES = 64 * 1024 * 1024;
export const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** How large a file may be to be read into memory; a larger one is a `too-large` problem. */
export function maxBytesOf(file: string): number {
  return file.endsWith("llm_context.json") || file === "all_metrics.json" || file === "evaluation_log.txt" ? MAX_CONTEXT_BYTES : MAX_FILE_BYTES;
}
const SCENARIO_FOLDERS = new Set(SCENARIO_FILES.filter((f) => f.includes("/")).map((f) => f.split("/")[0] as string));

/** A path inside a run folder, by its components under the run folder. */
export type InRun =
  | { kind: "run" }
  | { kind: "run-file"; file: string }
  | { kind: "killed"; name: string }
  | { kind: "scenario"; name: string }
  | { kind: "record-file"; name: string; file: string }
  | { kind: "activity-file"; name: string; file: string }
  /** A sub-folder a record file lives in (`bot_logs_agent`): its appearing can bring the file. */
  | { kind: "scenario-folder"; name: string; folder: string }
  | { kind: "nothing" };

export function classifyInRun(rel: readonly string[]): InRun {
  const [first, second] = rel;
  if (first === undefined) return { kind: "run" };
  if (rel.length === 1) {
    const kind = classifyRunEntry(first);
    return kind === "run-file" ? { kind, file: first } : { kind, name: first };
  }
  if (isKilledFolder(first)) return { kind: "nothing" };
  const file = rel.slice(1).join("/");
  if (RECORD_FILES.has(file)) return { kind: "record-file", name: first, file };
  if (ACTIVITY_FILES.has(file)) return { kind: "activity-file", name: first, file };
  if (rel.length === 2 && second !== undefined && SCENARIO_FOLDERS.has(second)) return { kind: "scenario-folder", name: first, folder: second };
  return { kind: "nothing" };
}

/** What an entry of a run folder is (`classifyInRun` of a one-part path), without allocating: a restart asks it 100,000 times. */
export function classifyRunEntry(name: string): "run-file" | "killed" | "scenario" {
  if (RUN_LEVEL_FILES.has(name)) return "run-file";
  return isKilledFolder(name) ? "killed" : "scenario";
}

/** Whether the watcher needs to see this path inside a run at all. */
export function watchedInRun(rel: readonly string[], runIsLive: boolean): boolean {
  const c = classifyInRun(rel);
  switch (c.kind) {
    case "run":
    case "run-file":
      return true;
    case "killed":
    case "nothing":
      return false;
    case "scenario":
    case "record-file":
    case "activity-file":
      // A finished run's scenario folders are audited from the run folder's listing instead (cheap
      // on folders with 100k scenarios, where one inotify watch per folder is not).
      return runIsLive;
    case "scenario-folder":
      return runIsLive && c.folder === "bot_logs_agent";
  }
}
