/**
 * `compare_runs`: a baseline against one or more runs, as `GET /api/compare` computes it (the
 * paired test, the change of each scenario), with the setup diff (`/api/setup`) and the failure
 * themes that are new or gone (`/api/themes?base=`). Scenario lists are capped, with their counts.
 */
import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { likeForLikeText } from "@/lib/core/run-changes";
import { RATE_NAMES, type RateName } from "@/lib/core/aggregates";
import { NlFlipSchema, PairHeadSchema, type PairComparison } from "@/lib/shared/compare";
import { themeChanges } from "../http/themes";
import type { RunModel } from "../model/run-model";
import { compareRuns } from "../views/compare";
import { runSetupDiff } from "../views/setup";
import type { McpContext } from "./context";
import { runNamed, ToolError } from "./lookup";
import { answer, DATA_NOTE } from "./result";
import { rateLabel } from "@/lib/core/figures";
import { RateOut } from "./schemas";
import { capped, nameList, num, pointsText, q, rateOut, rateText } from "./text";

const MAX_NAMES = 100;
const MAX_RUNS = 5;
/** Regressed scenarios shown with what flipped. */
const MAX_DETAILS = 20;

const NameList = z.object({ count: z.number(), names: z.array(z.string()) });
const Test = z.object({
  n: z.number(),
  basePassed: z.number(),
  otherPassed: z.number(),
  b: z.number(),
  c: z.number(),
  pValue: z.number().nullable(),
  estimate: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});
const ThemeOut = z.object({ label: z.string(), count: z.number(), scenarioCount: z.number(), scenarios: z.array(z.string()) });

/** One rate in both runs, with its name as all_summary.txt and the pages give it. */
const RateChange = z.object({ label: z.string(), base: RateOut, other: RateOut, delta: z.number().nullable() });

/**
 * One pair as `compare_runs` gives it: what `GET /api/compare` says of the pair as it says it (its run,
 * counts, like-for-like size and warnings: `PairHeadSchema`), extended with MCP's reshaped parts (the
 * paired tests flat, rates as k/n with their labels, scenario lists capped with their counts, the
 * setup diff and themes in brief), which stay MCP's own.
 */
const PairOut = PairHeadSchema.extend({
  tests: z.object({ success: Test, task: Test }),
  rates: z.object(Object.fromEntries(RATE_NAMES.map((n) => [n, RateChange])) as Record<RateName, typeof RateChange>),
  regressed: NameList,
  /** The first regressed scenarios with what flipped: signals (bucket in the baseline → in the run) and NL assertions. */
  regressedDetail: z.array(
    z.object({
      name: z.string(),
      domain: z.string(),
      signals: z.array(z.object({ signal: z.string(), base: z.string().nullable(), other: z.string().nullable() })),
      /** The first 10, each assertion cut to 300 characters. */
      nlAssertions: z.array(NlFlipSchema),
    }),
  ),
  fixed: NameList,
  stillFailing: NameList,
  /** Scenarios only in this run (new to the suite), and only in the baseline (gone). */
  new: NameList,
  gone: NameList,
  nowStalled: NameList,
  wasStalled: NameList,
  setup: z.object({
    same: z.boolean(),
    args: z.array(z.object({ name: z.string(), base: z.string(), other: z.string() })),
    prompts: z.array(z.object({ file: z.string(), changed: z.number(), of: z.number() })),
    tools: z.array(z.object({ side: z.string(), tool: z.string(), change: z.string(), scenarios: z.number(), of: z.number() })),
    problems: z.array(z.string()),
  }),
  themes: z.object({ new: z.array(ThemeOut), gone: z.array(ThemeOut), grown: z.array(ThemeOut) }),
});
type Pair = z.infer<typeof PairOut>;

function test(t: PairComparison["tests"]["success"]): z.infer<typeof Test> {
  return {
    n: t.n,
    basePassed: t.basePassed,
    otherPassed: t.otherPassed,
    b: t.b,
    c: t.c,
    pValue: num(t.pValue),
    estimate: num(t.difference?.estimate),
    low: num(t.difference?.low),
    high: num(t.difference?.high),
  };
}

function names(pair: PairComparison, change: string): z.infer<typeof NameList> {
  const all = pair.scenarios.filter((s) => s.change === change).map((s) => s.name);
  return { count: all.length, names: capped(all, MAX_NAMES).items };
}

async function pairView(base: RunModel, other: RunModel, pair: PairComparison): Promise<Pair> {
  const [setup, themes] = await Promise.all([runSetupDiff(base, other), themeChanges(base, other)]);
  const theme = (t: { label: string; count: number; scenarioCount: number; scenarios: string[] } | null) =>
    t ? { label: t.label, count: t.count, scenarioCount: t.scenarioCount, scenarios: t.scenarios.slice(0, 10) } : null;
  const themesOf = (change: string, side: "base" | "other") => themes.filter((d) => d.change === change).flatMap((d) => theme(d[side]) ?? []);
  return {
    run: other.id,
    counts: { ...pair.counts },
    tests: { success: test(pair.tests.success), task: test(pair.tests.task) },
    likeForLike: pair.likeForLike,
    rates: Object.fromEntries(
      RATE_NAMES.map((n) => [
        n,
        { label: rateLabel(n), base: rateOut(pair.rates[n].base), other: rateOut(pair.rates[n].other), delta: num(pair.rates[n].delta) },
      ]),
    ) as Pair["rates"],
    regressed: names(pair, "regressed"),
    regressedDetail: pair.scenarios
      .filter((s) => s.change === "regressed")
      .slice(0, MAX_DETAILS)
      .map((s) => ({
        name: s.name,
        domain: s.domain,
        signals: s.signals.map((f) => ({ signal: f.signal, base: f.base, other: f.other })),
        nlAssertions: s.nlAssertions
          .slice(0, 10)
          .map((n) => ({ assertion: n.assertion.length > 300 ? `${n.assertion.slice(0, 299)}…` : n.assertion, base: n.base, other: n.other })),
      })),
    fixed: names(pair, "fixed"),
    stillFailing: names(pair, "still_failing"),
    new: names(pair, "only_other"),
    gone: names(pair, "only_base"),
    nowStalled: names(pair, "now_stalled"),
    wasStalled: names(pair, "was_stalled"),
    setup: {
      same: setup.same,
      args: setup.args.map((a) => ({ name: a.name, base: a.base, other: a.other })),
      prompts: setup.prompts.map((p) => ({ file: p.file, changed: p.changed, of: p.of })),
      tools: setup.tools.map((t) => ({ side: t.side, tool: t.tool, change: t.change, scenarios: t.scenarios, of: t.of })),
      problems: setup.problems.slice(0, 20),
    },
    themes: { new: themesOf("new", "other"), gone: themesOf("gone", "base"), grown: themesOf("grown", "other") },
    warnings: pair.warnings.map((w) => ({ kind: w.kind, message: w.message })),
  };
}

function pairText(base: string, p: Pair): string[] {
  const s = p.tests.success;
  return [
    `${q(base)} → ${q(p.run)}: ${p.rates.success_rate.label} ${rateText(p.rates.success_rate.base)} → ${rateText(p.rates.success_rate.other)} (${pointsText(p.rates.success_rate.delta)}${p.likeForLike !== null ? `, ${likeForLikeText(p.likeForLike)}` : ""}); paired test on ${s.n} scenario(s): ${s.b} pass→fail, ${s.c} fail→pass, p=${s.pValue === null ? "unknown" : s.pValue.toPrecision(3)}.`,
    `Regressed (${p.regressed.count}): ${nameList(p.regressed.names, 20)}.`,
    ...p.regressedDetail
      .slice(0, 10)
      .map(
        (d) =>
          `  ${q(d.name, 200)}: ${[...d.signals.filter((f) => f.other === "failed").map((f) => `${q(f.signal, 80)} now failed`), ...d.nlAssertions.filter((n) => n.other === false).map((n) => `NL ${q(n.assertion, 150)} now failed`)].join("; ") || "verdict flipped"}`,
      ),
    `Fixed (${p.fixed.count}): ${nameList(p.fixed.names, 20)}.`,
    `Still failing: ${p.stillFailing.count}; was stalled (passing now, not a fix): ${p.wasStalled.count}; now stalled (not a new failure): ${p.nowStalled.count}; scenarios new to the run: ${p.new.count}; gone: ${p.gone.count}.`,
    p.setup.same
      ? "Setup: the same."
      : `Setup changes: ${[...p.setup.args.map((a) => `${q(a.name, 80)}: ${q(a.base, 80)} → ${q(a.other, 80)}`), ...p.setup.prompts.map((f) => `${q(f.file, 80)} differs in ${f.changed}/${f.of}`), ...p.setup.tools.map((t) => `${t.side} tool ${q(t.tool, 80)} ${t.change}`)].join("; ") || "none named"}.`,
    ...(p.themes.new.length ? [`New failure themes: ${p.themes.new.map((t) => `${q(t.label, 120)} (${t.scenarioCount})`).join("; ")}.`] : []),
    ...(p.themes.gone.length ? [`Gone failure themes: ${p.themes.gone.map((t) => `${q(t.label, 120)} (${t.scenarioCount})`).join("; ")}.`] : []),
    ...p.warnings.map((w) => `Warning: ${q(w.message, 300)}`),
  ];
}

export function registerCompareTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "compare_runs",
    {
      title: "Compare runs",
      description:
        "A baseline run against `run` (or up to 5 `runs`), as the compare page computes it: the paired McNemar test on success, every rate's change (k/n), the scenarios regressed, fixed, still failing, new and gone, stall changes, the setup diff (run arguments, prompts, tools) and the failure themes new or gone. Lists hold at most 100 names with their counts.",
      inputSchema: {
        base: z.string().max(4096).describe("the baseline run id"),
        run: z.string().max(4096).optional(),
        runs: z.array(z.string().max(4096)).min(1).max(MAX_RUNS).optional(),
      },
      outputSchema: { base: z.string(), runs: z.array(z.string()), comparisons: z.array(PairOut) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ base: baseId, run, runs }) => {
      const ids = [...(run !== undefined ? [run] : []), ...(runs ?? [])];
      if (ids.length === 0) throw new ToolError("name the run to compare with the baseline: `run`, or `runs` for several");
      if (ids.length > MAX_RUNS) throw new ToolError(`at most ${MAX_RUNS} runs against one baseline`);
      const base = await runNamed(ctx.store, baseId);
      const others: RunModel[] = [];
      for (const id of ids) others.push(await runNamed(ctx.store, id));
      const result = await compareRuns(base, others);
      const comparisons = await Promise.all(result.comparisons.map((p, i) => pairView(base, others[i] as RunModel, p)));
      const text = [DATA_NOTE, ...comparisons.flatMap((p) => pairText(base.id, p))].join("\n");
      return answer({ base: base.id, runs: result.runs, comparisons }, text);
    },
  );
}
