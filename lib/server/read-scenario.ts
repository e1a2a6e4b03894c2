/** Reads what the index needs of one scenario folder: `metrics.json` and, only when the fold needs them, two side files. */
import { join } from "node:path";
import { readMetrics, recordFromTexts, needsAgentContext, needsJudgeResult, type ScenarioRecord, type Problem } from "@/lib/core";
import { exists, readText } from "./files";

export type ScenarioRead =
  | { kind: "completed"; record: ScenarioRecord; problems: Problem[]; metricsMtimeMs: number }
  /** A scenario folder without a usable `metrics.json`: in flight, killed, or corrupt (see problems). */
  | { kind: "unfinished"; problems: Problem[] }
  | { kind: "not-scenario" };

export async function readScenario(dir: string, name: string): Promise<ScenarioRead> {
  const metricsRead = await readText(join(dir, "metrics.json"), "metrics.json");
  if (metricsRead.text === null) {
    const problems = metricsRead.missing ? [] : [metricsRead.problem];
    if (metricsRead.missing && !(await exists(join(dir, "bridge_log.txt"))) && !(await exists(join(dir, "scenario_config")))) {
      return { kind: "not-scenario" };
    }
    return { kind: "unfinished", problems };
  }
  const metrics = readMetrics(metricsRead.text);
  if (!metrics.value) return { kind: "unfinished", problems: metrics.problems };
  const problems = [...metrics.problems];
  const judgeText = needsJudgeResult(metrics.value) ? await sideText(join(dir, "judge_result.json"), "judge_result.json", problems) : null;
  const agentContextText = needsAgentContext(metrics.value)
    ? await sideText(join(dir, "bot_logs_agent", "llm_context.json"), "bot_logs_agent/llm_context.json", problems)
    : null;
  const built = recordFromTexts(name, metrics.value, { judgeText, agentContextText });
  problems.push(...built.problems);
  if (needsJudgeResult(metrics.value) && built.record.nlPassed === null && judgeText === null) {
    problems.push({ file: "judge_result.json", kind: "inconsistent", message: "nl_assertion_pass_rate is set but judge_result.json is missing; its assertions are not counted" });
  }
  return { kind: "completed", record: built.record, problems, metricsMtimeMs: metricsRead.mtimeMs };
}

async function sideText(path: string, label: string, problems: Problem[]): Promise<string | null> {
  const read = await readText(path, label);
  if (read.text !== null) return read.text;
  if (!read.missing) problems.push(read.problem);
  return null;
}
