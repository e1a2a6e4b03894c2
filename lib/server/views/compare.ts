/** `GET /api/compare`: two or more runs of the index compared (lib/core/compare does the arithmetic). */
import "server-only";
import {
  compareRows,
  foldRecords,
  perDomainRatesOf,
  ratesOf,
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
import type { CompareResult, CompareWarning, NlFlip, PairComparison, RateDelta } from "@/lib/shared/compare";
import { readJudgeFile } from "../evidence/judge-file";
import { readInside } from "../ingest/fs-safe";
import { mapLimit, yieldToLoop } from "../ingest/pool";
import { processCaches } from "../process-caches";
import { stoppingSignal } from "../stopping";
import type { RunModel, ScenarioState } from "../model/run-model";
import { runAnalysis, runDetail, runRates, runRows } from "./run-views";
import { stallWarnings } from "./compare-stalls";
import { differingSections } from "@/lib/core/judge-sections";
import { runJudgeSections } from "./run-judge-sections";
import { argsOf } from "./setup";
import { endSettingsChanges, endSettingsNote, endSettingsOf, type EndSettings } from "@/lib/core/call-end";
import { compareRetries, retrySide, retryWarningMessages, type RetryComparison } from "@/lib/core/compare-retries";
import { likeForLikeText } from "@/lib/core/run-changes";

/** Domains with fewer paired scenarios than this are marked as small samples. */
export const SMALL_SAMPLE = 10;
/** NL-assertion flips are read from judge files for at most this many changed scenarios. */
const MAX_NL_DIFFS = 500;

/** The run's last invocation's arguments, `{}` without `run_args.json`. */
const parsedArgs = (run: RunModel): Record<string, unknown> => argsOf(run) ?? {};

/** How the run's calls end: its conversation-end policy and inactivity timeout (issue 57). */
export function runEndSettings(run: RunModel): EndSettings {
  return endSettingsOf(
    parsedArgs(run),
    runAnalysis(run).records.map((r) => r.metrics),
  );
}

function judgeOn(run: RunModel): boolean {
  const args = parsedArgs(run);
  if ("judge_url" in args || "judge_model" in args) return Boolean(args.judge_url) && Boolean(args.judge_model);
  return runAnalysis(run).records.some((r) => typeof r.metrics.judge_score === "number");
}

/**
 * A scenario's success_signals whitelist (metadata.json). The runner writes scenario_config/ before a
 * conversation starts and never again, so it is kept under the scenario's signature (the files its
 * state was read from): a rewritten or replaced folder reads it again, and a run whose states left
 * memory and came back from the index cache (same signatures) does not read 10,000 files again.
 */
const WHITELISTS = () => processCaches().lru<{ signature: string; value: string | null }>("compare-whitelists", { maxEntries: 100_000 });

async function whitelist(run: RunModel, states: ReadonlyMap<string, ScenarioState>, name: string): Promise<string | null> {
  stoppingSignal().throwIfAborted();
  const state = states.get(name);
  if (!state) return null;
  const key = `${run.dir}\0${name}`;
  const cached = WHITELISTS().get(key);
  if (cached && cached.signature === state.signature && state.signature !== "?") return cached.value;
  const read = await readInside(run.dir, `${name}/scenario_config/metadata.json`, "scenario_config/metadata.json");
  const signals = read.text === null ? undefined : readMetadata(read.text).value?.success_signals;
  const value = signals ? [...signals].sort().join(",") : null;
  // A missing file may still appear (a run in progress): only remember what was read.
  if (read.text !== null && state.signature !== "?") WHITELISTS().set(key, { signature: state.signature, value });
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
  // Calls ended under another conversation-end policy or inactivity timeout (issue 57).
  const endNote = endSettingsNote(endSettingsChanges(runEndSettings(base), runEndSettings(other)));
  if (endNote) out.push({ kind: "end_policy", message: endNote });
  const common = comparison.scenarios.filter((s) => s.base !== null && s.other !== null).map((s) => s.name);
  // Each run's states asked once: asking per scenario marked the run used each time (see `LoadedRuns`).
  const baseStates = base.scenarios;
  const otherStates = other.scenarios;
  const differing = (
    await mapLimit(common, 32, async (name) => ((await whitelist(base, baseStates, name)) !== (await whitelist(other, otherStates, name)) ? name : null))
  ).filter((n): n is string => n !== null);
  if (differing.length) {
    out.push({
      kind: "whitelist",
      message: `${differing.length} scenario(s) have different success_signals whitelists: ${differing.slice(0, 10).join(", ")}${differing.length > 10 ? ", …" : ""}`,
    });
  }
  out.push(...stallWarnings(base, other, comparison));
  out.push(...retryWarningMessages(retries, base.id, other.id));
  out.push(...(await judgeSectionWarnings(base, other)));
  const likeFor = likeForLike(base, other)?.scenarios;
  for (const run of [base, other])
    if (runAnalysis(run).partial)
      out.push({
        kind: "partial",
        message: `${run.id} has not finished: its rates are compared ${likeForLikeText(likeFor ?? 0)}; its other numbers are partial`,
      });
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
    const values = byDomain.get(d) ?? [];
    if (!byDomain.has(d)) byDomain.set(d, values);
    for (const v of latencyValues(r.metrics)) values.push(v);
  }
  return {
    pooled: pooled.length ? latencySummary(pooled, -1) : null,
    byDomain: Object.fromEntries([...byDomain].filter(([, v]) => v.length).map(([d, v]) => [d, latencySummary(v, -1)])),
    values: pooled,
  };
}

/**
 * A run that did not finish is compared like for like (lib/core/run-changes.ts): both runs' rates
 * over the scenarios finished in both, folded afresh. `null` when both finished (their own rates).
 */
function likeForLike(base: RunModel, other: RunModel) {
  const a = runAnalysis(base);
  const b = runAnalysis(other);
  if (!a.partial && !b.partial) return null;
  const inOther = new Set(b.records.map((r) => r.name));
  const common = new Set(a.records.filter((r) => inOther.has(r.name)).map((r) => r.name));
  const fold = (x: typeof a) =>
    foldRecords(
      x.records.filter((r) => common.has(r.name)),
      x.plan.minAgentTurns,
    );
  const fa = fold(a);
  const fb = fold(b);
  return { scenarios: common.size, rates: [ratesOf(fa), ratesOf(fb)] as const, perDomain: [perDomainRatesOf(fa), perDomainRatesOf(fb)] as const };
}

async function computePair(base: RunModel, other: RunModel): Promise<PairComparison> {
  // Each step below is one pass over a run (its states loaded, its rows made): requests answer between them.
  await nextStep();
  const baseRows = runRows(base);
  await nextStep();
  const otherRows = runRows(other);
  await nextStep();
  const comparison = compareRows(baseRows, otherRows);
  await nextStep();
  const changed = comparison.scenarios.filter((s) => s.change === "regressed" || s.change === "fixed").slice(0, MAX_NL_DIFFS);
  const flips = await mapLimit(changed, 16, async (s) => [s.name, await nlFlips(base, other, s.name)] as const);
  const nlByName = new Map(flips);
  await nextStep();
  const same = likeForLike(base, other);
  const baseRates = same ? same.rates[0] : runRates(base);
  const otherRates = same ? same.rates[1] : runRates(other);
  const rates = Object.fromEntries(RATE_NAMES.map((n) => [n, rateDelta(baseRates[n], otherRates[n])])) as Record<RateName, RateDelta>;
  const baseDetail = runDetail(base);
  const otherDetail = runDetail(other);
  const basePerDomain = same ? same.perDomain[0] : baseDetail.perDomain;
  const otherPerDomain = same ? same.perDomain[1] : otherDetail.perDomain;
  const perDomain: Record<string, Record<string, RateDelta & { small: boolean }>> = {};
  for (const name of RATE_NAMES) {
    const domains = new Set([...Object.keys(basePerDomain[name]), ...Object.keys(otherPerDomain[name])]);
    const block: Record<string, RateDelta & { small: boolean }> = {};
    const empty: Rate = { value: null, numerator: 0, denominator: 0 };
    for (const d of [...domains].sort()) {
      const a = basePerDomain[name][d] ?? empty;
      const b = otherPerDomain[name][d] ?? empty;
      block[d] = { ...rateDelta(a, b), small: Math.min(a.denominator, b.denominator) < SMALL_SAMPLE };
    }
    perDomain[name] = block;
  }
  const judgeScores = { base: judgeMeanNote(runAnalysis(base).fold.judge_score.all), other: judgeMeanNote(runAnalysis(other).fold.judge_score.all) };
  await nextStep();
  const la = latencyBlock(base);
  await nextStep();
  const lb = latencyBlock(other);
  await nextStep();
  const retries = retriesFor(base, other, comparison);
  return {
    run: other.id,
    scenarios: comparison.scenarios.map((s) => ({ ...s, nlAssertions: nlByName.get(s.name) ?? [] })),
    counts: comparison.counts,
    tests: comparison.tests,
    likeForLike: same?.scenarios ?? null,
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
  const value = holding([base, other], () => computePair(base, other));
  pairs().set(slot, { key, value });
  value.catch(() => pairs().delete(slot));
  return value;
}

/** Lets requests in, and gives up once the server is stopping (see `stopping.ts`). */
async function nextStep(): Promise<void> {
  await yieldToLoop();
  stoppingSignal().throwIfAborted();
}

/**
 * Runs `work` with every run's states held in memory (`RunModel.hold`): compared runs that together
 * pass `LoadedRuns`' bound are each loaded once, not once per step that asks each in turn.
 */
async function holding<T>(runs: RunModel[], work: () => Promise<T>): Promise<T> {
  const releases = runs.map((run) => run.hold());
  try {
    return await work();
  } finally {
    for (const release of releases) release();
  }
}

/** `runs` are looked up by the caller (`store.openRun`), so what each still needed is read. */
export function compareRuns(base: RunModel, others: RunModel[]): Promise<CompareResult> {
  return holding([base, ...others], () => compareHeld(base, others));
}

async function compareHeld(base: RunModel, others: RunModel[]): Promise<CompareResult> {
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
    matrix: all.length >= 3 ? verdictMatrix(await rowsOf(all)) : null,
  };
}

/** Each run's rows, a pass over one run at a time with requests answered in between. */
async function rowsOf(runs: RunModel[]) {
  const out = [];
  for (const run of runs) {
    await nextStep();
    out.push({ id: run.id, rows: runRows(run) });
  }
  return out;
}
