/** `GET /api/compare`: two or more runs of the index compared (lib/core/compare does the arithmetic). */
import {
  compareRows,
  latencySummary,
  latencyValues,
  recordDomain,
  judgeMeanNote,
  readMetadata,
  RATE_NAMES,
  verdictMatrix,
  type Comparison,
  type Rate,
  type RateName,
} from "@/lib/core";
import "server-only";
import type { CompareResult, CompareWarning, NlFlip, PairComparison, RateDelta } from "@/lib/shared/compare";
import { readJudgeFile } from "../evidence/judge-file";
import { readInside } from "../ingest/fs-safe";
import { mapLimit } from "../ingest/pool";
import { processCaches } from "../process-caches";
import type { RunModel, ScenarioState } from "../model/run-model";
import { runAnalysis, runDetail, runRates, runRows } from "./run-views";
import { stallWarnings } from "./compare-stalls";
import { differingSections } from "@/lib/core/judge-sections";
import { runJudgeSections } from "./run-judge-sections";
import { compareRetries, retrySide, retryWarningMessages, type RetryComparison } from "@/lib/core/compare-retries";

/** Domains with fewer paired scenarios than this are marked as small samples. */
export const SMALL_SAMPLE = 10;
/** NL-assertion flips are read from judge files for at most this many changed scenarios. */
const MAX_NL_DIFFS = 500;

function parsedArgs(run: RunModel): Record<string, unknown> {
  const inv = run.runLevel.invocations;
  return inv[inv.length - 1]?.parsed_args ?? {};
}

function judgeOn(run: RunModel): boolean {
  const args = parsedArgs(run);
  if ("judge_url" in args || "judge_model" in args) return Boolean(args.judge_url) && Boolean(args.judge_model);
  return runAnalysis(run).records.some((r) => typeof r.metrics.judge_score === "number");
}

/**
 * A scenario's success_signals whitelist (metadata.json). The runner writes scenario_config/ before a
 * conversation starts and never again, so it is kept with the scenario's indexed state: a new state
 * (a rewritten or replaced folder) reads it again.
 */
const WHITELISTS = () => processCaches().weak<ScenarioState, string | null>("compare-whitelists");

async function whitelist(run: RunModel, name: string): Promise<string | null> {
  const state = run.scenarios.get(name);
  if (!state) return null;
  const cached = WHITELISTS().get(state);
  if (cached !== undefined) return cached;
  const read = await readInside(run.dir, `${name}/scenario_config/metadata.json`, "scenario_config/metadata.json");
  const signals = read.text === null ? undefined : readMetadata(read.text).value?.success_signals;
  const value = signals ? [...signals].sort().join(",") : null;
  // A missing file may still appear (a run in progress): only remember what was read.
  if (read.text !== null) WHITELISTS().set(state, value);
  return value;
}

/** Both runs' retries side by side (issue 45), from their details (kept per revision). */
function retriesFor(base: RunModel, other: RunModel, comparison: Comparison): RetryComparison {
  const a = runDetail(base);
  const b = runDetail(other);
  return compareRetries(retrySide(a.retries, a.retryArgs), retrySide(b.retries, b.retryArgs), comparison.scenarios, runRows(base), runRows(other));
}

async function warningsFor(base: RunModel, other: RunModel, comparison: Comparison, retries: RetryComparison): Promise<CompareWarning[]> {
  const out: CompareWarning[] = [];
  const onlyBase = comparison.counts.only_base;
  const onlyOther = comparison.counts.only_other;
  if (onlyBase || onlyOther) {
    out.push({ kind: "scenario_set", message: `different scenario sets: ${onlyBase} only in ${base.id}, ${onlyOther} only in ${other.id}` });
  }
  const ma = runAnalysis(base).plan.minAgentTurns;
  const mb = runAnalysis(other).plan.minAgentTurns;
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
  const differing = (await mapLimit(common, 32, async (name) => ((await whitelist(base, name)) !== (await whitelist(other, name)) ? name : null))).filter(
    (n): n is string => n !== null,
  );
  if (differing.length) {
    out.push({
      kind: "whitelist",
      message: `${differing.length} scenario(s) have different success_signals whitelists: ${differing.slice(0, 10).join(", ")}${differing.length > 10 ? ", …" : ""}`,
    });
  }
  out.push(...stallWarnings(base, other, comparison));
  out.push(...retryWarningMessages(retries, base.id, other.id));
  out.push(...(await judgeSectionWarnings(base, other)));
  for (const run of [base, other]) if (runAnalysis(run).partial) out.push({ kind: "partial", message: `${run.id} has not finished: its numbers are partial` });
  return out;
}

/** Judges that saw different evidence (issue 45): a section some of one run's judges were sent and none of the other's. */
async function judgeSectionWarnings(base: RunModel, other: RunModel): Promise<CompareWarning[]> {
  const [a, b] = await Promise.all([runJudgeSections(base), runJudgeSections(other)]);
  const diff = differingSections(a, b);
  if (!diff.length) return [];
  const side = (n: number, of: number, id: string) => (n === 0 ? `none of ${id}'s ${of}` : `${n} of ${of} judged scenarios in ${id}`);
  return [
    {
      kind: "judge_sections",
      message: `the judges saw different sections: ${diff.map((d) => `<${d.section}> in ${side(d.base, a.judged, base.id)}, ${side(d.other, b.judged, other.id)}`).join("; ")}`,
    },
  ];
}

async function nlVerdicts(run: RunModel, name: string): Promise<Map<string, boolean> | null> {
  const verdicts = (await readJudgeFile(run.dir, name))?.fields?.verdicts;
  if (!verdicts?.length) return null;
  return new Map(verdicts.flatMap((v) => (v?.assertion != null ? [[v.assertion, v.passed === true] as const] : [])));
}

/** NL assertions (matched by text) whose verdict differs between the two runs. */
async function nlFlips(base: RunModel, other: RunModel, name: string) {
  const [a, b] = await Promise.all([nlVerdicts(base, name), nlVerdicts(other, name)]);
  if (!a || !b) return [];
  const out: NlFlip[] = [];
  for (const text of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(text) ?? null;
    const y = b.get(text) ?? null;
    if (x !== y) out.push({ assertion: text, base: x, other: y });
  }
  return out;
}

function rateDelta(a: Rate, b: Rate): RateDelta {
  return { base: a, other: b, delta: a.value !== null && b.value !== null ? b.value - a.value : null };
}

function latencyBlock(run: RunModel) {
  const records = runAnalysis(run).records;
  const pooled = records.flatMap((r) => latencyValues(r.metrics));
  const byDomain = new Map<string, number[]>();
  for (const r of records) {
    const d = recordDomain(r);
    byDomain.set(d, [...(byDomain.get(d) ?? []), ...latencyValues(r.metrics)]);
  }
  return {
    pooled: pooled.length ? latencySummary(pooled, -1) : null,
    byDomain: Object.fromEntries([...byDomain].filter(([, v]) => v.length).map(([d, v]) => [d, latencySummary(v, -1)])),
    values: pooled,
  };
}

async function computePair(base: RunModel, other: RunModel): Promise<PairComparison> {
  const baseRows = runRows(base);
  const otherRows = runRows(other);
  const comparison = compareRows(baseRows, otherRows);
  const changed = comparison.scenarios.filter((s) => s.change === "regressed" || s.change === "fixed").slice(0, MAX_NL_DIFFS);
  const flips = await mapLimit(changed, 16, async (s) => [s.name, await nlFlips(base, other, s.name)] as const);
  const nlByName = new Map(flips);
  const baseRates = runRates(base);
  const otherRates = runRates(other);
  const rates = Object.fromEntries(RATE_NAMES.map((n) => [n, rateDelta(baseRates[n], otherRates[n])])) as Record<RateName, RateDelta>;
  const baseDetail = runDetail(base);
  const otherDetail = runDetail(other);
  const perDomain: Record<string, Record<string, RateDelta & { small: boolean }>> = {};
  for (const name of RATE_NAMES) {
    const domains = new Set([...Object.keys(baseDetail.perDomain[name]), ...Object.keys(otherDetail.perDomain[name])]);
    const block: Record<string, RateDelta & { small: boolean }> = {};
    const empty: Rate = { value: null, numerator: 0, denominator: 0 };
    for (const d of [...domains].sort()) {
      const a = baseDetail.perDomain[name][d] ?? empty;
      const b = otherDetail.perDomain[name][d] ?? empty;
      block[d] = { ...rateDelta(a, b), small: Math.min(a.denominator, b.denominator) < SMALL_SAMPLE };
    }
    perDomain[name] = block;
  }
  const judgeScores = { base: judgeMeanNote(runAnalysis(base).fold.judge_score.all), other: judgeMeanNote(runAnalysis(other).fold.judge_score.all) };
  const la = latencyBlock(base);
  const lb = latencyBlock(other);
  const retries = retriesFor(base, other, comparison);
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
    warnings: await warningsFor(base, other, comparison, retries),
    retries,
  };
}

/** The comparison of two runs, kept for the pair of revisions it was computed at (32 pairs). */
const pairs = () => processCaches().lru<{ key: string; value: Promise<PairComparison> }>("compare-pairs", { maxEntries: 32 });

export function comparePair(base: RunModel, other: RunModel) {
  // By folder, not id: two results folders in one process (tests, the CLI) may share run ids.
  const slot = `${base.dir}\0${other.dir}`;
  const key = `${base.revision}:${other.revision}:${Math.floor(Date.now() / 10_000)}`;
  const hit = pairs().get(slot);
  if (hit && hit.key === key) return hit.value;
  const value = computePair(base, other);
  pairs().set(slot, { key, value });
  value.catch(() => pairs().delete(slot));
  return value;
}

/** `runs` are looked up by the caller (`store.openRun`), so what each still needed is read. */
export async function compareRuns(base: RunModel, others: RunModel[]): Promise<CompareResult> {
  const comparisons = await Promise.all(others.map((o) => comparePair(base, o)));
  const first = comparisons[0]!;
  const all = [base, ...others];
  return {
    base: base.id,
    runs: others.map((o) => o.id),
    scenarios: first.scenarios.map((s) => ({
      name: s.name,
      base: s.base,
      other: s.other,
      change: s.change,
      baseStalled: s.baseStalled,
      otherStalled: s.otherStalled,
    })),
    counts: first.counts,
    tests: first.tests,
    warnings: first.warnings,
    comparisons,
    matrix: all.length >= 3 ? verdictMatrix(all.map((r) => ({ id: r.id, rows: runRows(r) }))) : null,
  };
}
