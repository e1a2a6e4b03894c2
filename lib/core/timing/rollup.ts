/**
 * A run's timing rollup (ARTIFACTS.md §7.13): every scenario's measurements pooled (events
 * concatenated, not averaged), the judge-score and stop-reason distributions, wall clock against
 * Σ scenario_duration, per-domain figures and cross-scenario patterns. Killed attempts are not
 * scenarios of the run and never reach this fold.
 */
import type { Side } from "./bridge-events";
import { timingFigures, type TimingFigures } from "./figures";
import type { FlowKind } from "./flow";
import { crossScenarioPatterns, type Pattern, type PatternInput } from "./patterns";
import { emptyRaw, mergeRaw, type TimingRaw } from "./raw";
import type { SlowTurn } from "./scenario-timing";

/** What the rollup keeps of one scenario (the scenario API computes the rest on demand). */
export interface RollupItem extends PatternInput {
  domain: string;
  raw: TimingRaw;
  slowest: Record<Side, SlowTurn[]>;
  over60: SlowTurn[];
  flowKinds: FlowKind[];
  wall: { start_ms: number | null; end_ms: number | null };
  /** It has a log to time (conversation_log.txt or bridge_log.txt lines); optional in items saved before it was kept. */
  logged?: boolean;
  /** From metrics.json (else the transcript). */
  stopReason: string | null;
  judgeScore: unknown;
  scenarioDuration: unknown;
}

export interface JudgeScores {
  one: number;
  from_0_8: number;
  from_0_5: number;
  below_0_5: number;
  /** Judge errors (`Error: …` reasons) and NaN scores, counted apart from the bins. */
  errors: number;
}

export type ScenarioTurnRef = SlowTurn & { scenario: string };

export interface RunTiming extends TimingFigures {
  /** Scenarios measured. */
  scenarios: number;
  /** Of them, those with a log to time (the pooled latency and stage figures come from these alone). */
  logged_scenarios: number;
  /** Scenarios not read yet. */
  pending: number;
  stop_reasons: Record<string, number>;
  judge_scores: JudgeScores;
  /**
   * Latest `End time:` − earliest `Start Time:` over the conversation logs, when every scenario has
   * both (the run's span); null otherwise: a span of some of the run's logs is not the run's.
   */
  wall_clock_s: number | null;
  /** Σ metrics.json scenario_duration. */
  scenario_duration_s: number;
  /**
   * The run's time (lib/core/run-time.ts: first invocation's start to evaluation_log.txt's last line),
   * the runs list's figure; null when unknown. Set by whoever has the run (the fold has only scenarios).
   */
  run_time_s: number | null;
  patterns: Pattern[];
  over_60s: ScenarioTurnRef[];
  slowest: Record<Side, ScenarioTurnRef[]>;
  flow: Record<FlowKind, string[]>;
  by_domain: Record<string, TimingFigures & { scenarios: string[] }>;
}

/** How many of a run's scenarios the pooled timing figures come from: "2 of 12 have logs" (issue 55). */
export function loggedOf(t: Pick<RunTiming, "scenarios" | "logged_scenarios">): string {
  return t.logged_scenarios === t.scenarios ? `all ${t.scenarios} scenario(s) have logs` : `${t.logged_scenarios} of ${t.scenarios} scenario(s) have logs`;
}

export function judgeScores(items: ReadonlyArray<{ judgeScore: unknown; judgeError: boolean }>): JudgeScores {
  const out: JudgeScores = { one: 0, from_0_8: 0, from_0_5: 0, below_0_5: 0, errors: 0 };
  for (const it of items) {
    const s = it.judgeScore;
    if (it.judgeError || (typeof s === "number" && Number.isNaN(s))) out.errors++;
    else if (typeof s !== "number") continue;
    else if (s === 1) out.one++;
    else if (s >= 0.8) out.from_0_8++;
    else if (s >= 0.5) out.from_0_5++;
    else out.below_0_5++;
  }
  return out;
}

function topTurns(items: readonly RollupItem[], pick: (i: RollupItem) => SlowTurn[], limit: number): ScenarioTurnRef[] {
  const all = items.flatMap((i) => pick(i).map((t) => ({ ...t, scenario: i.name })));
  all.sort((a, b) => b.latency_s - a.latency_s || a.scenario.localeCompare(b.scenario) || a.turn - b.turn);
  return all.slice(0, limit);
}

export function runTiming(items: readonly RollupItem[], pending: number): RunTiming {
  const pooled = emptyRaw();
  const domains = new Map<string, { raw: TimingRaw; names: string[] }>();
  const stop: Record<string, number> = {};
  let start: number | null = null;
  let end: number | null = null;
  let duration = 0;
  let logged = 0;
  let walled = 0;
  const flow: Record<FlowKind, string[]> = { fabrication: [], loop: [], echo: [], "skipped-confirmation": [] };
  for (const it of items) {
    mergeRaw(pooled, it.raw);
    const d = domains.get(it.domain) ?? { raw: emptyRaw(), names: [] };
    mergeRaw(d.raw, it.raw);
    d.names.push(it.name);
    domains.set(it.domain, d);
    if (it.stopReason !== null) stop[it.stopReason] = (stop[it.stopReason] ?? 0) + 1;
    if (it.logged ?? (it.wall.start_ms !== null || it.raw.ttfb.length > 0)) logged++;
    if (it.wall.start_ms !== null && it.wall.end_ms !== null) walled++;
    if (it.wall.start_ms !== null) start = start === null ? it.wall.start_ms : Math.min(start, it.wall.start_ms);
    if (it.wall.end_ms !== null) end = end === null ? it.wall.end_ms : Math.max(end, it.wall.end_ms);
    if (typeof it.scenarioDuration === "number" && Number.isFinite(it.scenarioDuration)) duration += it.scenarioDuration;
    for (const k of new Set(it.flowKinds)) flow[k].push(it.name);
  }
  const byDomain: RunTiming["by_domain"] = {};
  for (const [name, d] of [...domains].sort((a, b) => a[0].localeCompare(b[0]))) byDomain[name] = { ...timingFigures(d.raw), scenarios: d.names };
  return {
    scenarios: items.length,
    logged_scenarios: logged,
    pending,
    ...timingFigures(pooled),
    stop_reasons: stop,
    judge_scores: judgeScores(items),
    wall_clock_s: start !== null && end !== null && walled === items.length ? (end - start) / 1000 : null,
    scenario_duration_s: duration,
    run_time_s: null,
    patterns: crossScenarioPatterns(items),
    over_60s: topTurns(items, (i) => i.over60, Infinity),
    slowest: { agent: topTurns(items, (i) => i.slowest.agent, 3), user: topTurns(items, (i) => i.slowest.user, 3) },
    flow,
    by_domain: byDomain,
  };
}
