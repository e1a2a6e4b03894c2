/** `GET /api/compare`: two or more runs of the index compared (lib/core/compare does the arithmetic). */
import { join } from "node:path";
import {
  compareRows,
  latencySummary,
  latencyValues,
  domainOf,
  judgeMeanNote,
  readJudgeResult,
  readMetadata,
  RATE_NAMES,
  scenarioRow,
  verdictMatrix,
  type Comparison,
  type Rate,
  type RateName,
  type ScenarioRow,
} from "@/lib/core";
import { stallWarnings } from "./compare-stalls";
import { readText } from "./files";
import { mapLimit } from "./pool";
import type { ResultsIndex } from "./results-index";
import type { RunEntry } from "./run-entry";

/** Domains with fewer paired scenarios than this are marked as small samples. */
export const SMALL_SAMPLE = 10;
/** NL-assertion flips are read from judge files for at most this many changed scenarios. */
const MAX_NL_DIFFS = 500;

export interface Warning {
  kind: "scenario_set" | "min_agent_turns" | "judge" | "judge_threshold" | "whitelist" | "partial" | "stalled";
  message: string;
}

function rowsOf(run: RunEntry): ScenarioRow[] {
  const analysis = run.analysis();
  return analysis.records.map((r) => scenarioRow(r, analysis.plan.minAgentTurns));
}

function parsedArgs(run: RunEntry): Record<string, unknown> {
  const inv = run.runLevel.invocations;
  return inv[inv.length - 1]?.parsed_args ?? {};
}

function judgeOn(run: RunEntry): boolean {
  const args = parsedArgs(run);
  if ("judge_url" in args || "judge_model" in args) return Boolean(args.judge_url) && Boolean(args.judge_model);
  return run.analysis().records.some((r) => typeof r.metrics.judge_score === "number");
}

/**
 * Whitelists by metadata.json path. The runner writes scenario_config/ before a conversation starts
 * and never again, so a read is good for the life of the process (bounded, oldest dropped first).
 */
const WHITELISTS = new Map<string, string | null>();
const WHITELIST_CACHE_SIZE = 200_000;

async function whitelist(run: RunEntry, name: string): Promise<string | null> {
  const path = join(run.dir, name, "scenario_config", "metadata.json");
  const cached = WHITELISTS.get(path);
  if (cached !== undefined) return cached;
  const read = await readText(path, "metadata.json");
  const signals = read.text === null ? undefined : readMetadata(read.text).value?.success_signals;
  const value = signals ? [...signals].sort().join(",") : null;
  // A missing file may still appear (a run in progress): only remember what was read.
  if (read.text !== null) {
    if (WHITELISTS.size >= WHITELIST_CACHE_SIZE) WHITELISTS.delete(WHITELISTS.keys().next().value as string);
    WHITELISTS.set(path, value);
  }
  return value;
}

async function warningsFor(base: RunEntry, other: RunEntry, comparison: Comparison): Promise<Warning[]> {
  const out: Warning[] = [];
  const onlyBase = comparison.counts.only_base;
  const onlyOther = comparison.counts.only_other;
  if (onlyBase || onlyOther) {
    out.push({ kind: "scenario_set", message: `different scenario sets: ${onlyBase} only in ${base.id}, ${onlyOther} only in ${other.id}` });
  }
  const ma = base.analysis().plan.minAgentTurns;
  const mb = other.analysis().plan.minAgentTurns;
  if (ma !== mb) out.push({ kind: "min_agent_turns", message: `different min_agent_turns: ${ma} in ${base.id}, ${mb} in ${other.id}` });
  const ja = judgeOn(base);
  const jb = judgeOn(other);
  if (ja !== jb) out.push({ kind: "judge", message: `the judge is ${ja ? "on" : "off"} in ${base.id} but ${jb ? "on" : "off"} in ${other.id}` });
  const ta = parsedArgs(base).judge_threshold;
  const tb = parsedArgs(other).judge_threshold;
  if (ja && jb && ta !== undefined && tb !== undefined && ta !== tb) {
    out.push({ kind: "judge_threshold", message: `different judge thresholds: ${String(ta)} in ${base.id}, ${String(tb)} in ${other.id}` });
  }
  const common = comparison.scenarios.filter((s) => s.base !== null && s.other !== null).map((s) => s.name);
  const differing = (
    await mapLimit(common, 32, async (name) => ((await whitelist(base, name)) !== (await whitelist(other, name)) ? name : null))
  ).filter((n): n is string => n !== null);
  if (differing.length) {
    out.push({ kind: "whitelist", message: `${differing.length} scenario(s) have different success_signals whitelists: ${differing.slice(0, 10).join(", ")}${differing.length > 10 ? ", …" : ""}` });
  }
  out.push(...stallWarnings(base, other, comparison));
  for (const run of [base, other]) if (run.analysis().partial) out.push({ kind: "partial", message: `${run.id} has not finished: its numbers are partial` });
  return out;
}

async function nlVerdicts(run: RunEntry, name: string): Promise<Map<string, boolean> | null> {
  const read = await readText(join(run.dir, name, "judge_result.json"), "judge_result.json");
  if (read.text === null) return null;
  const verdicts = readJudgeResult(read.text).value?.nl_assertion_verdicts;
  if (!verdicts) return null;
  return new Map(verdicts.filter((v) => typeof v.assertion === "string").map((v) => [v.assertion as string, v.passed === true]));
}

/** NL assertions (matched by text) whose verdict differs between the two runs. */
async function nlFlips(base: RunEntry, other: RunEntry, name: string) {
  const [a, b] = await Promise.all([nlVerdicts(base, name), nlVerdicts(other, name)]);
  if (!a || !b) return [];
  const out: Array<{ assertion: string; base: boolean | null; other: boolean | null }> = [];
  for (const text of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(text) ?? null;
    const y = b.get(text) ?? null;
    if (x !== y) out.push({ assertion: text, base: x, other: y });
  }
  return out;
}

function rateDelta(a: Rate, b: Rate) {
  return { base: a, other: b, delta: a.value !== null && b.value !== null ? b.value - a.value : null };
}

function latencyBlock(run: RunEntry) {
  const records = run.analysis().records;
  const pooled = records.flatMap((r) => latencyValues(r.metrics));
  const byDomain = new Map<string, number[]>();
  for (const r of records) {
    const d = domainOf(r.name);
    byDomain.set(d, [...(byDomain.get(d) ?? []), ...latencyValues(r.metrics)]);
  }
  return {
    pooled: pooled.length ? latencySummary(pooled, -1) : null,
    byDomain: Object.fromEntries([...byDomain].filter(([, v]) => v.length).map(([d, v]) => [d, latencySummary(v, -1)])),
    values: pooled,
  };
}

export async function comparePair(base: RunEntry, other: RunEntry) {
  const baseRows = rowsOf(base);
  const otherRows = rowsOf(other);
  const comparison = compareRows(baseRows, otherRows);
  const changed = comparison.scenarios.filter((s) => s.change === "regressed" || s.change === "fixed").slice(0, MAX_NL_DIFFS);
  const flips = await mapLimit(changed, 16, async (s) => [s.name, await nlFlips(base, other, s.name)] as const);
  const nlByName = new Map(flips);
  const baseRates = base.rates();
  const otherRates = other.rates();
  const rates = Object.fromEntries(RATE_NAMES.map((n) => [n, rateDelta(baseRates[n], otherRates[n])])) as Record<RateName, ReturnType<typeof rateDelta>>;
  const baseDetail = base.detail();
  const otherDetail = other.detail();
  const perDomain: Record<string, Record<string, ReturnType<typeof rateDelta> & { small: boolean }>> = {};
  for (const name of RATE_NAMES) {
    const domains = new Set([...Object.keys(baseDetail.perDomain[name]), ...Object.keys(otherDetail.perDomain[name])]);
    const block: Record<string, ReturnType<typeof rateDelta> & { small: boolean }> = {};
    const empty: Rate = { value: null, numerator: 0, denominator: 0 };
    for (const d of [...domains].sort()) {
      const a = baseDetail.perDomain[name][d] ?? empty;
      const b = otherDetail.perDomain[name][d] ?? empty;
      block[d] = { ...rateDelta(a, b), small: Math.min(a.denominator, b.denominator) < SMALL_SAMPLE };
    }
    perDomain[name] = block;
  }
  const judgeScores = { base: judgeMeanNote(base.analysis().fold.judge_score.all), other: judgeMeanNote(other.analysis().fold.judge_score.all) };
  const la = latencyBlock(base);
  const lb = latencyBlock(other);
  return {
    run: other.id,
    scenarios: comparison.scenarios.map((s) => ({ ...s, nlAssertions: nlByName.get(s.name) ?? [] })),
    counts: comparison.counts,
    tests: comparison.tests,
    rates,
    judgeScores,
    perDomain,
    latency: {
      base: { pooled: la.pooled, byDomain: la.byDomain },
      other: { pooled: lb.pooled, byDomain: lb.byDomain },
      p50Delta: la.pooled && lb.pooled ? lb.pooled.p50_ms - la.pooled.p50_ms : null,
      p95Delta: la.pooled && lb.pooled ? lb.pooled.p95_ms - la.pooled.p95_ms : null,
    },
    tokens: {
      base: baseDetail.tokens,
      other: otherDetail.tokens,
      delta: {
        agent: otherDetail.tokens.agent.total - baseDetail.tokens.agent.total,
        user: otherDetail.tokens.user.total - baseDetail.tokens.user.total,
      },
    },
    warnings: await warningsFor(base, other, comparison),
  };
}

export async function compareRuns(index: ResultsIndex, baseId: string, otherIds: string[]) {
  const base = index.getRun(baseId);
  const others = otherIds.map((id) => index.getRun(id));
  if (!base) return { error: `unknown run: ${baseId}` } as const;
  const missing = otherIds.filter((_, i) => !others[i]);
  if (missing.length) return { error: `unknown run: ${missing.join(", ")}` } as const;
  const comparisons = await Promise.all((others as RunEntry[]).map((o) => comparePair(base, o)));
  const first = comparisons[0]!;
  const all = [base, ...(others as RunEntry[])];
  return {
    base: base.id,
    runs: otherIds,
    scenarios: first.scenarios.map((s) => ({ name: s.name, base: s.base, other: s.other, change: s.change, baseStalled: s.baseStalled, otherStalled: s.otherStalled })),
    counts: first.counts,
    tests: first.tests,
    warnings: first.warnings,
    comparisons,
    matrix: all.length >= 3 ? verdictMatrix(all.map((r) => ({ id: r.id, rows: rowsOf(r) }))) : null,
  };
}
