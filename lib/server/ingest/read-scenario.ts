/**
 * Reads what the index keeps of one scenario folder: `metrics.json` and, only when the fold needs
 * them, `judge_result.json` and the agent's LLM context, each read once. The result names every
 * file it was read from, by size and mtime (its signature), so an audit can tell with a few `lstat`s
 * whether the folder changed since.
 */
import "server-only";
import { needsAgentContext, needsJudgeResult, readMetrics, recordFromTexts, slimMetrics, type Problem, type ScenarioRecord } from "@/lib/core";
import { readJudge, type JudgeRead } from "@/lib/core/evidence/judge";
import { lstatInsideSync, readInsideSync } from "./fs-sync";
import { SCENARIO_MARKERS } from "./layout";
import { folderOf, part, unfinishedSignature } from "./signatures";

const SEARCH_TEXT_LIMIT = 400;
export type ScenarioRead =
  | {
      kind: "completed";
      record: ScenarioRecord;
      problems: Problem[];
      signature: string;
      searchText: string | null;
    }
  /** A scenario folder without a usable `metrics.json`: in flight, killed, or corrupt (see problems). */
  | { kind: "unfinished"; problems: Problem[]; signature: string }
  | { kind: "not-scenario" };

export interface ReadOptions {
  /** Also read `judge_result.json` for the table's text search when the fold does not need it. */
  searchText?: boolean;
}

/** `name` is an entry of the run folder's listing (never a URL value), known there to be a real folder. */
export async function readScenario(runDir: string, name: string, options: ReadOptions = {}): Promise<ScenarioRead> {
  const dir = folderOf(runDir, name);
  const parts: string[] = [];
  const metricsRead = readInsideSync(dir, "metrics.json");
  if (metricsRead.text === null) {
    if (!metricsRead.missing) return { kind: "unfinished", problems: [metricsRead.problem], signature: "metrics.json:?" };
    const markers = SCENARIO_MARKERS.map((m) => lstatInsideSync(dir, m));
    if (markers.every((m) => m.kind === "missing")) return { kind: "not-scenario" };
    return { kind: "unfinished", problems: [], signature: unfinishedSignature(markers.map((m) => m.kind)) };
  }
  parts.push(part("metrics.json", metricsRead.size, metricsRead.mtimeMs));
  const metrics = readMetrics(metricsRead.text);
  if (!metrics.value) return { kind: "unfinished", problems: metrics.problems, signature: parts.join(",") };
  const problems = [...metrics.problems];
  const wantJudge = needsJudgeResult(metrics.value);
  const side = (file: string) => {
    const read = readInsideSync(dir, file);
    if (read.text !== null) {
      parts.push(part(file, read.size, read.mtimeMs));
      return read.text;
    }
    parts.push(read.missing ? `${file}:-` : `${file}:?`);
    if (!read.missing) problems.push(read.problem);
    return null;
  };
  const judgeText = wantJudge || options.searchText ? side("judge_result.json") : null;
  const agentContextText = needsAgentContext(metrics.value) ? side("bot_logs_agent/llm_context.json") : null;
  const built = recordFromTexts(name, metrics.value, { judgeText: wantJudge ? judgeText : null, agentContextText });
  if (wantJudge) problems.push(...built.problems);
  if (wantJudge && built.record.nlPassed === null && judgeText === null) {
    problems.push({
      file: "judge_result.json",
      kind: "inconsistent",
      message: "nl_assertion_pass_rate is set but judge_result.json is missing; its assertions are not counted",
    });
  }
  const record = { ...built.record, metrics: slimMetrics(built.record.metrics) };
  // The judge file is read once: by the fold's read when it needs it, here only for the search.
  const searchText = judgeText === null ? (options.searchText ? "" : null) : searchTextOfJudge(built.judge ?? readJudge(judgeText, { redact: false }));
  return { kind: "completed", record, problems, signature: parts.join(","), searchText };
}

/** The lower-cased start of the judge's reason, for the table's text search. */
export function searchTextOf(judgeText: string): string {
  return searchTextOfJudge(readJudge(judgeText, { redact: false }));
}

function searchTextOfJudge(judge: JudgeRead): string {
  return (judge.fields?.reason ?? "").slice(0, SEARCH_TEXT_LIMIT).toLowerCase();
}
