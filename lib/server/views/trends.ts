/**
 * `/trends`: suites of runs (lib/core/trends), every rate over time with its Wilson band, per domain,
 * latency and tokens, paired drops, and a page of the scenario × run strip. Aggregated here so the
 * page carries only what it shows (100 runs × 2,000 scenarios stay well under 500 KB).
 */
import "server-only";
import { domainOf, RATE_NAMES, wilson, type Rate, type RateName } from "@/lib/core";
import { pairedTest } from "@/lib/core/compare";
import { argChanges } from "@/lib/core/setup/diff";
import { argsOf } from "./setup";
import { endSettingsChanges, endSettingsNote } from "@/lib/core/call-end";
import { scoringChangeNote, scoringChanges } from "@/lib/core/scoring-change";
import { changesVsPrevious } from "@/lib/core/run-changes";
import {
  anomalies,
  DEFAULT_STRIP_SORT,
  groupSuites,
  parseTrendRange,
  rangeStart,
  sortStrip,
  stripRow,
  STRIP_SORTS,
  type StripRow,
  type StripSort,
  type Suite,
} from "@/lib/core/trends";
import { suiteName } from "@/lib/shared/run-suites";
import type { Band, PairedDrop, SuiteSummary, TrendRun, TrendsData } from "@/lib/shared/trends";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { savedTrendFactsOf } from "./saved-trend-facts";
import { trendFacts, type TrendFacts } from "./trend-facts";

/** A rate as a point with its Wilson band; a value that is not a finite number (the harness's nan) is no point. */
function band(name: RateName, r: Rate | undefined): Band {
  if (!r) return { v: null, lo: null, hi: null, k: 0, n: 0 };
  const w = name === "judge_score_mean" ? null : wilson(r.numerator, r.denominator);
  const v = r.value !== null && Number.isFinite(r.value) ? r.value : null;
  return {
    v,
    lo: v === null ? null : (w?.low ?? null),
    hi: v === null ? null : (w?.high ?? null),
    k: Number.isFinite(r.numerator) ? r.numerator : 0,
    n: r.denominator,
  };
}

/** A run's retried count and its success rate without retries (unknown for a run that predates the field, or facts saved before). */
function retriesBand(f: TrendFacts): TrendRun["retries"] {
  const r = f.retries;
  if (!r || r.provenance === "unknown") return { retried: null, withoutRetries: null };
  const w = r.without;
  return { retried: r.retried, withoutRetries: w ? band("success_rate", { value: w.n ? w.k / w.n : null, numerator: w.k, denominator: w.n }) : null };
}

/** A paired drop or rise is significant below this p-value (the compare page's test). */
const ALPHA = 0.05;

function paired(base: TrendFacts, other: TrendFacts, scenarios: readonly string[], against: string): PairedDrop {
  const t = pairedTest(scenarios.map((n) => [base.verdicts.get(n) ?? null, other.verdicts.get(n) ?? null]));
  const significant = t.n > 0 && t.pValue < ALPHA;
  return {
    against,
    n: t.n,
    b: t.b,
    c: t.c,
    pValue: t.pValue,
    estimate: t.difference?.estimate ?? null,
    low: t.difference?.low ?? null,
    high: t.difference?.high ?? null,
    drop: significant && t.b > t.c,
    rise: significant && t.c > t.b,
  };
}

/** Scenario strips a page of the trends page shows. */
export const STRIP_PAGE_SIZE = 100;

/** Suites of the index, each suite's runs oldest first. */
function suitesOf(index: ResultsIndex, now: number): Suite[] {
  const runs = [...index.runs.values()];
  const saved = savedTrendFactsOf(index);
  const facts = new Map(runs.map((r) => [r.id, trendFacts(r, now, saved)]));
  const suites = groupSuites(runs.map((r) => ({ id: r.id, queue: facts.get(r.id)!.queue })));
  for (const s of suites) {
    s.runs.sort((a, b) => {
      const ta = facts.get(a)!.startedAt ?? "";
      const tb = facts.get(b)!.startedAt ?? "";
      return ta < tb ? -1 : ta > tb ? 1 : a < b ? -1 : a > b ? 1 : 0;
    });
  }
  return suites.sort((a, b) => b.runs.length - a.runs.length || (a.id < b.id ? -1 : 1));
}

function summary(s: Suite, taken: Map<string, number>): SuiteSummary {
  const name = suiteName(s.runs, s.scenarios.length, [...new Set(s.scenarios.map(domainOf))].sort(), taken);
  return { id: s.id, name, runCount: s.runs.length, scenarioCount: s.scenarios.length, newest: s.runs[s.runs.length - 1] as string };
}

/** Each suite's summary, named in the suites' order, so a repeated name is numbered the same way every time. */
function summaries(suites: readonly Suite[]): SuiteSummary[] {
  const taken = new Map<string, number>();
  return suites.map((s) => summary(s, taken));
}

/** The suite `key` names: its id, its name as the runs list shows it (`nightly`), or one of its runs; `-1` when none. */
function suiteAt(suites: readonly Suite[], named: readonly SuiteSummary[], key: string | undefined): number {
  if (key === undefined) return -1;
  const byId = suites.findIndex((s) => s.id === key || s.runs.includes(key));
  return byId >= 0 ? byId : named.findIndex((n) => n.name === key);
}

/** The suite `key` names (as `?suite=` and MCP's `suite` take it: an id, a name or a run), `null` when it names none. */
export function trendSuite(index: ResultsIndex, key: string): SuiteSummary | null {
  const suites = suitesOf(index, Date.now());
  const named = summaries(suites);
  return named[suiteAt(suites, named, key)] ?? null;
}

export interface TrendsQuery {
  /** A suite's id, its name as the runs list shows it, or one of its runs; default the largest suite. */
  suite?: string;
  baseline?: string;
  rate?: string;
  sort?: string;
  page?: string;
  /** Days back from the suite's newest run: 30, 90, 365 or all. */
  range?: string;
}

/**
 * The runs of a trends range, by id, as the index holds them: not through `IndexSync.openRun`, whose
 * read of each finished run's `all_metrics.json` order (and the rows it saves again) neither the
 * range's themes nor its recordings need. Over 91 nights of 2,000 scenarios that read held the
 * server's thread for seconds.
 */
export function trendRuns(index: ResultsIndex, ids: readonly string[]): RunModel[] {
  return ids.map((id) => index.runs.get(id)).filter((r): r is RunModel => r !== undefined);
}

export function buildTrends(index: ResultsIndex, q: TrendsQuery): TrendsData {
  const now = Date.now();
  const suites = suitesOf(index, now);
  const rate: RateName = (RATE_NAMES as readonly string[]).includes(q.rate ?? "") ? (q.rate as RateName) : "success_rate";
  const sort: StripSort = (STRIP_SORTS as readonly string[]).includes(q.sort ?? "") ? (q.sort as StripSort) : DEFAULT_STRIP_SORT;
  const named = summaries(suites);
  // A suite named by its id, its name or one of its runs; else the largest.
  const suite = suites[suiteAt(suites, named, q.suite)] ?? suites[0] ?? null;
  const range = parseTrendRange(q.range);
  const empty = { sort, page: 0, pageSize: STRIP_PAGE_SIZE, total: 0, failingEver: 0, rows: [] };
  if (!suite) return { suites: [], suite: null, runs: [], rate, domains: [], baseline: null, range: { value: range, shown: 0, total: 0 }, strip: empty };

  const saved = savedTrendFactsOf(index);
  const allFacts = suite.runs.map((id) => trendFacts(index.runs.get(id)!, now, saved));
  const from = rangeStart(
    allFacts.map((f) => f.startedAt),
    range,
  );
  const shown = suite.runs.slice(from);
  const entries = shown.map((id) => index.runs.get(id)!);
  const facts = allFacts.slice(from);
  const baselineAt = q.baseline ? shown.indexOf(q.baseline) : -1;
  const baseline = baselineAt >= 0 ? shown[baselineAt]! : null;
  const domainSet = new Set<string>();
  for (const f of facts) for (const d of Object.keys(f.aggregates.per_domain[rate])) domainSet.add(d);
  const domains = [...domainSet].sort();

  // Anomalies against the trailing runs, the range's first ones included (their history is before the range).
  const bands = anomalies(
    allFacts.map((f) => {
      const r = f.aggregates.rates.success_rate;
      return r.denominator > 0 ? { k: r.numerator, n: r.denominator } : null;
    }),
  );
  const history = suite.runs.map((id, i) => ({ id, startedAt: allFacts[i]!.startedAt, cells: allFacts[i]!.cells }));
  const runs = entries.map((entry, i): TrendRun => {
    const f = facts[i]!;
    const changes = changesVsPrevious(history, from + i, suite.scenarios);
    const fresh = changes.newFailures;
    const agg = f.aggregates;
    // The judge mean over the valid scores, as the run and compare pages show it; the errors are a series of their own.
    const rates = Object.fromEntries(RATE_NAMES.map((n) => [n, band(n, n === "judge_score_mean" ? f.judge.valid : agg.rates[n])])) as Record<RateName, Band>;
    const perDomain = Object.fromEntries(domains.map((d) => [d, band(rate, agg.per_domain[rate][d])]));
    const count = agg.scenario_count;
    const before = from + i > 0 ? allFacts[from + i - 1]! : null;
    const endNote = before?.endSettings && f.endSettings ? endSettingsNote(endSettingsChanges(before.endSettings, f.endSettings)) : null;
    const scoring = before?.scoring && f.scoring ? scoringChanges(before.scoring, f.scoring) : [];
    return {
      id: entry.id,
      startedAt: f.startedAt,
      state: f.state,
      completed: count,
      intended: f.intended,
      rates,
      domains: perDomain,
      judgeErrors: f.judge.errors,
      p50: agg.latency?.p50_ms ?? null,
      p95: agg.latency?.p95_ms ?? null,
      tokens: count ? { agent: agg.tokens.agent.total / count, user: agg.tokens.user.total / count } : null,
      // Against the suite's previous run, also for the first run in the range.
      vsPrevious: from + i > 0 ? paired(allFacts[from + i - 1]!, f, suite.scenarios, suite.runs[from + i - 1]!) : null,
      // The run arguments (judge, threshold, …) that changed since the previous run: a tick on the time axis.
      setupChanges:
        from + i > 0 ? argChanges(argsOf(index.runs.get(suite.runs[from + i - 1]!)!), argsOf(entry)).map((a) => `${a.name}: ${a.base} → ${a.other}`) : [],
      notComparable: [...(endNote ? [endNote] : []), ...scoring.map(scoringChangeNote)],
      scoringChanges: scoring.map((c) => ({ domain: c.domain, scenarios: c.scenarios.slice(0, 20), scenarioCount: c.scenarios.length, what: c.what })),
      vsBaseline: baseline && i !== baselineAt ? paired(facts[baselineAt]!, facts[i]!, suite.scenarios, baseline) : null,
      previous: from + i > 0 ? suite.runs[from + i - 1]! : null,
      anomaly: bands[from + i] ?? null,
      newFailures: fresh.slice(0, 20),
      newFailureCount: fresh.length,
      nowStalled: changes.nowStalled.slice(0, 20),
      nowStalledCount: changes.nowStalled.length,
      retries: retriesBand(f),
    };
  });

  const rows: StripRow[] = suite.scenarios.map((name) => stripRow(name, domainOf(name), facts.map((f) => f.cells.get(name) ?? "-").join("")));
  const sorted = sortStrip(rows, sort);
  const pages = Math.max(1, Math.ceil(sorted.length / STRIP_PAGE_SIZE));
  const page = Math.min(pages - 1, Math.max(0, Number.parseInt(q.page ?? "0", 10) || 0));
  return {
    suites: named,
    suite: named.find((n) => n.id === suite.id)!,
    runs,
    rate,
    domains,
    baseline,
    range: { value: range, shown: shown.length, total: suite.runs.length },
    strip: {
      sort,
      page,
      pageSize: STRIP_PAGE_SIZE,
      total: sorted.length,
      failingEver: rows.filter((r) => r.firstFailed !== null).length,
      rows: sorted.slice(page * STRIP_PAGE_SIZE, (page + 1) * STRIP_PAGE_SIZE),
    },
  };
}
