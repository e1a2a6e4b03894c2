/** The run-level fold (ARTIFACTS.md §4.7): buckets, per-domain maps, stalls and token totals. */
import { domainOf } from "./domain";
import { truthy } from "./py";
import { agentTurnCount, isStalled } from "./stall";
import { tokenSide } from "./token-usage";

/** One finished scenario as the fold sees it: its raw `metrics.json` plus the two side inputs of §2.1. */
export interface ScenarioRecord {
  /** The scenario's directory name. */
  name: string;
  /** The raw `metrics.json` object, read with Python semantics (never coerced by a schema). */
  metrics: Record<string, unknown>;
  /** Truthiness of `judge_result.json` → `nl_assertion_verdicts[*].passed`; `null` when that file is missing or unparseable. */
  nlPassed: boolean[] | null;
  /** Assistant messages in `bot_logs_agent/llm_context.json`; `null` when missing, unparseable, or not read. */
  agentContextAssistantCount: number | null;
}

export const BUCKETS = ["success", "task", "action", "judge_score", "judge_pass", "db", "nl", "dba", "clean_exit"] as const;
export type BucketName = (typeof BUCKETS)[number];

export interface Bucket<T> {
  all: T[];
  byDomain: Map<string, T[]>;
}

export interface TokenSide {
  n_calls: number;
  prompt: number;
  completion: number;
}

export interface Fold {
  success: Bucket<boolean>;
  task: Bucket<boolean>;
  action: Bucket<boolean>;
  judge_score: Bucket<number>;
  judge_pass: Bucket<boolean>;
  db: Bucket<boolean>;
  nl: Bucket<boolean>;
  dba: Bucket<boolean>;
  clean_exit: Bucket<boolean>;
  stalled: string[];
  tokens: { agent: TokenSide; user: TokenSide };
}

function bucket<T>(): Bucket<T> {
  return { all: [], byDomain: new Map() };
}

function push<T>(b: Bucket<T>, domain: string, value: T): void {
  b.all.push(value);
  const list = b.byDomain.get(domain);
  if (list) list.push(value);
  else b.byDomain.set(domain, [value]);
}

export function emptyFold(): Fold {
  return {
    success: bucket(),
    task: bucket(),
    action: bucket(),
    judge_score: bucket(),
    judge_pass: bucket(),
    db: bucket(),
    nl: bucket(),
    dba: bucket(),
    clean_exit: bucket(),
    stalled: [],
    tokens: { agent: { n_calls: 0, prompt: 0, completion: 0 }, user: { n_calls: 0, prompt: 0, completion: 0 } },
  };
}

/** The name the harness scores a record under: `scenario_name`, else the folder name. */
export function scenarioNameOf(record: ScenarioRecord): string {
  const name = record.metrics.scenario_name;
  return typeof name === "string" ? name : record.name;
}

/** A record's domain as the harness's per-domain breakdowns count it (§4.9); every page uses this one. */
export function recordDomain(record: ScenarioRecord): string {
  return domainOf(scenarioNameOf(record));
}

export function recordIsStalled(record: ScenarioRecord, minAgentTurns: number): boolean {
  return isStalled(agentTurnCount(record.metrics, record.agentContextAssistantCount), minAgentTurns);
}

/** `failed` has no entry other than `clean_exit` (missing breakdown → empty). */
export function taskVerdictFromBreakdown(metrics: Record<string, unknown>): boolean {
  return failedSignals(metrics).every((s) => s === "clean_exit");
}

export function failedSignals(metrics: Record<string, unknown>): string[] {
  const breakdown = metrics.success_breakdown;
  if (!breakdown || typeof breakdown !== "object") return [];
  const failed = (breakdown as Record<string, unknown>).failed;
  return Array.isArray(failed) ? failed.map(String) : [];
}

export function foldRecords(records: readonly ScenarioRecord[], minAgentTurns: number): Fold {
  const fold = emptyFold();
  for (const record of records) foldOne(fold, record, minAgentTurns);
  return fold;
}

function foldOne(fold: Fold, record: ScenarioRecord, minAgentTurns: number): void {
  const m = record.metrics;
  const domain = recordDomain(record);

  if (recordIsStalled(record, minAgentTurns)) {
    push(fold.success, domain, false);
    push(fold.task, domain, false);
    fold.stalled.push(typeof m.scenario_name === "string" ? m.scenario_name : "?");
    addTokens(fold, m);
    return;
  }
  if (typeof m.is_action_match === "boolean") push(fold.action, domain, m.is_action_match);
  if (typeof m.judge_score === "number" || typeof m.judge_score === "boolean") push(fold.judge_score, domain, Number(m.judge_score));
  if (typeof m.judge_passed === "boolean") push(fold.judge_pass, domain, m.judge_passed);
  if (typeof m.db_state_match === "boolean") push(fold.db, domain, m.db_state_match);
  if (typeof m.clean_exit === "boolean") push(fold.clean_exit, domain, m.clean_exit);
  if (typeof m.nl_assertion_pass_rate === "number" && record.nlPassed) {
    for (const passed of record.nlPassed) push(fold.nl, domain, passed);
  }
  if (Array.isArray(m.db_state_assertion_verdicts)) {
    for (const v of m.db_state_assertion_verdicts)
      push(fold.dba, domain, truthy(v && typeof v === "object" ? (v as Record<string, unknown>).passed : undefined));
  }
  if (typeof m.is_successful === "boolean") {
    push(fold.success, domain, m.is_successful);
    push(fold.task, domain, taskVerdictFromBreakdown(m));
  }
  addTokens(fold, m);
}

function addTokens(fold: Fold, m: Record<string, unknown>): void {
  for (const side of ["agent", "user"] as const) {
    const raw = tokenSide(m, side) ?? {};
    for (const key of ["n_calls", "prompt", "completion"] as const) {
      const v = raw[key];
      if (typeof v === "number" && Number.isFinite(v)) fold.tokens[side][key] += v;
      else if (v === true) fold.tokens[side][key] += 1;
    }
  }
}

/** Truthiness of each `nl_assertion_verdicts[i].passed` of a parsed `judge_result.json`. */
export function nlPassedFromJudge(judge: unknown): boolean[] {
  if (!judge || typeof judge !== "object" || Array.isArray(judge)) return [];
  const verdicts = (judge as Record<string, unknown>).nl_assertion_verdicts;
  if (!Array.isArray(verdicts)) return [];
  return verdicts.map((v) => truthy(v && typeof v === "object" ? (v as Record<string, unknown>).passed : undefined));
}
