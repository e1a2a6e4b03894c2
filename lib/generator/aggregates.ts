/** End-of-session files: all_metrics.json, all_latencies.csv, and the log's closing recap. */
import { fixed, pct, countTrue, pysum } from "@/lib/core/py";
import { readMetrics } from "@/lib/core/evidence/metrics";
import { needsAgentContext, needsJudgeResult, recordFromTexts } from "@/lib/core/record";
import { renderSummary } from "@/lib/core/summary-text";
import type { MetricsResult } from "./artifacts/metrics";
import type { JsonObject } from "./model";
import { plain } from "./pyjson";
import { RULE, type RunLog } from "./runlog";
import type { Micros } from "./time";

export interface RunRecord {
  name: string;
  metrics: MetricsResult;
  text: string;
  /** The scenario's judge_result.json and agent llm_context.json as written (the summary's side inputs). */
  judgeText: string | null;
  agentContextText: string | null;
}

/** all_summary.txt, rendered by the scoring core from the files as written (§2). */
export function summaryText(records: readonly RunRecord[], minAgentTurns: number): string {
  const folded = records.map((r) => {
    const m = readMetrics(r.text).value ?? {};
    return recordFromTexts(r.name, m, {
      judgeText: needsJudgeResult(m) ? r.judgeText : null,
      agentContextText: needsAgentContext(m) ? r.agentContextText : null,
    }).record;
  });
  return renderSummary({ records: folded, queueLength: records.length, minAgentTurns });
}

/** Text chunks of all_metrics.json: the metrics.json texts, re-indented as array elements. */
export function allMetricsChunks(records: readonly RunRecord[]): string[] {
  if (records.length === 0) return ["[]"];
  const out: string[] = ["[\n"];
  records.forEach((r, i) => {
    out.push((i > 0 ? ",\n" : "") + "  " + r.text.replace(/\n/g, "\n  "));
  });
  out.push("\n]");
  return out;
}

const csvText = (s: string) => `"${s.replace(/"/g, '""')}"`;

export function allLatenciesChunks(records: readonly RunRecord[]): string[] {
  const out = ["Scenario,User_Transcript,Agent_Transcript,Latency_ms\n"];
  for (const r of records) {
    for (const l of (r.metrics.obj.latencies ?? []) as JsonObject[]) {
      out.push(`"${r.name}",${csvText(String(l.user_transcript))},${csvText(String(l.agent_transcript))},${fixed(plain(l.latency_ms) as number, 1)}\n`);
    }
  }
  return out;
}

function domainOf(name: string): string {
  const i = name.indexOf("__");
  return i < 0 ? name : name.slice(0, i);
}

/** The console recap the runner logs after `Evaluation Complete!` (§5.2). */
export function completionRecap(log: RunLog, t: Micros, records: readonly RunRecord[], runDir: string, stamp: string, minAgentTurns: number): void {
  const success: boolean[] = [];
  const task: boolean[] = [];
  const byDomain = new Map<string, boolean[]>();
  const stalled: string[] = [];
  const tok = { agent: 0, user: 0 };
  const lat: number[] = [];
  let turns = 0;
  const durations: number[] = [];
  for (const r of records) {
    const m = r.metrics.obj;
    turns += (m.total_turns as number) ?? 0;
    durations.push(plain(m.scenario_duration) as number);
    for (const l of (m.latencies ?? []) as JsonObject[]) lat.push(plain(l.latency_ms) as number);
    const usage = m.token_usage as JsonObject | undefined;
    for (const side of ["agent", "user"] as const) {
      const u = usage?.[side] as JsonObject | undefined;
      tok[side] += ((u?.prompt as number) ?? 0) + ((u?.completion as number) ?? 0);
    }
    const d = domainOf(r.name);
    const list = byDomain.get(d) ?? [];
    byDomain.set(d, list);
    if (r.metrics.stalled) {
      stalled.push(r.name);
      success.push(false);
      task.push(false);
      list.push(false);
      continue;
    }
    if (typeof m.is_successful === "boolean") {
      success.push(m.is_successful);
      list.push(m.is_successful);
      task.push((r.metrics.breakdown?.failed ?? []).every((s) => s === "clean_exit"));
    }
  }
  log.runner(t, 407, RULE);
  log.runner(t, 842, "Evaluation Complete!");
  log.runner(t, 407, RULE);
  if (success.length) {
    log.runner(t, 845, `Overall Success Rate: ${fixed(pct(success), 2)}% (${countTrue(success)}/${success.length})`);
    log.runner(t, 846, `Task Success Rate (excl. clean_exit): ${fixed(pct(task), 2)}% (${countTrue(task)}/${task.length})`);
  } else {
    log.runner(t, 848, "Overall Success Rate: N/A");
  }
  for (const d of [...byDomain.keys()].sort()) {
    const l = byDomain.get(d) as boolean[];
    if (l.length) log.runner(t, 852, `  [${d}] Success Rate: ${fixed(pct(l), 2)}% (${countTrue(l)}/${l.length})`);
  }
  log.runner(t, 858, `Token Usage: agent=${tok.agent} + user=${tok.user} = ${tok.agent + tok.user} total`);
  const sorted = [...lat].sort((a, b) => a - b);
  const p = (q: number) => (sorted.length ? (sorted[Math.floor(sorted.length * q)] as number) : -1);
  log.runner(t, 861, `Overall Latency P95: ${fixed(p(0.95), 1)}ms`);
  log.runner(t, 862, `Overall Latency P50: ${fixed(p(0.5), 1)}ms`);
  if (stalled.length) {
    log.runner(
      t,
      865,
      `\nWARNING: ${stalled.length} scenario(s) had fewer than ${minAgentTurns} agent turn(s) (likely stalled LLM / server hang) \u2014 counted as failures in aggregate rates.\n  Stalled: ${stalled.join(", ")}\n  Run with --resume ${stamp} --min-agent-turns ${minAgentTurns} to retry.`,
      "WARNING",
    );
  }
  log.runner(t, 870, `All metrics saved to: ${runDir}/all_metrics.json`);
  log.runner(t, 871, `Latencies saved to: ${runDir}/all_latencies.csv`);
  log.runner(t, 872, `Summary saved to: ${runDir}/all_summary.txt`);
  log.runner(t, 875, `\nScenario directories:\n${records.map((r) => `  ${runDir}/${r.name}`).join("\n")}`);
  log.runner(t, 878, `\nTotal: ${records.length} scenarios, ${turns} turns, ${fixed(pysum(durations) / 60, 1)}mins`);
}
