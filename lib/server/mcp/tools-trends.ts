/**
 * `get_trends`: a suite's runs over time as the trends page builds them (`buildTrends`): each run's
 * rates with k/n and their Wilson band, the paired test against the previous run (a significant
 * drop or rise is an anomaly), setup changes, and a page of the scenario × run strip. Asked for
 * (`include`), the failure themes over the range (`rangeThemesFor`) and the τ-voice interaction panel
 * per night (`interactionPerNight`), as the trends page shows them.
 */
import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { rateLabel } from "@/lib/core/figures";
import { percent } from "@/lib/core/format";
import { TREND_RANGES } from "@/lib/core/trends/range";
import { STRIP_SORTS } from "@/lib/core/trends/strip";
import { SuiteSummarySchema, type Band, type PairedDrop, type TrendRun } from "@/lib/shared/trends";
import { interactionRows } from "@/lib/core/audio/interaction";
import { RANGE_TREND_ORDER, type RangeTrend } from "@/lib/core/themes";
import { rangeThemesFor } from "../http/themes";
import { interactionPerNight } from "../views/trend-interaction";
import { buildTrends, trendRuns, trendSuite } from "../views/trends";
import type { McpContext } from "./context";
import { hostileName, ToolError } from "./lookup";
import { answer, DATA_NOTE } from "./result";
import { More } from "./schemas";
import { count, num, q } from "./text";

const MAX_RUNS = 60;

const BandOut = z.object({ value: z.number().nullable(), k: z.number(), n: z.number(), low: z.number().nullable(), high: z.number().nullable() });
const DropOut = z.object({
  against: z.string(),
  n: z.number(),
  b: z.number(),
  c: z.number(),
  pValue: z.number().nullable(),
  estimate: z.number().nullable(),
  drop: z.boolean(),
  rise: z.boolean(),
});

function band(b: Band): z.infer<typeof BandOut> {
  return { value: num(b.v), k: count(b.k), n: count(b.n), low: num(b.lo), high: num(b.hi) };
}

function drop(d: PairedDrop | null): z.infer<typeof DropOut> | null {
  return d ? { against: d.against, n: d.n, b: d.b, c: d.c, pValue: num(d.pValue), estimate: num(d.estimate), drop: d.drop, rise: d.rise } : null;
}

function runOut(r: TrendRun) {
  return {
    id: r.id,
    startedAt: r.startedAt,
    state: r.state,
    completed: r.completed,
    intended: r.intended,
    success: band(r.rates.success_rate),
    task: band(r.rates.task_success_rate),
    judgePass: band(r.rates.judge_pass_rate),
    judgeErrors: r.judgeErrors,
    p50: num(r.p50),
    p95: num(r.p95),
    vsPrevious: drop(r.vsPrevious),
    setupChanges: r.setupChanges.slice(0, 20),
    notComparable: (r.notComparable ?? []).slice(0, 20),
    previous: r.previous,
    /** Outside the band of the suite's trailing runs (the trends page's ring), or null. */
    anomaly: r.anomaly
      ? { direction: r.anomaly.direction, pValue: num(r.anomaly.pValue), expected: num(r.anomaly.expected), trailing: r.anomaly.trailing }
      : null,
    newFailures: { count: r.newFailureCount, names: r.newFailures.slice(0, 20) },
  };
}

const pct = (v: number | null) => (v === null ? "unknown" : percent(v));

/** Themes listed at most. */
const MAX_THEMES = 20;

const ThemeOut = z.object({
  trend: z.enum(Object.keys(RANGE_TREND_ORDER) as [RangeTrend, ...RangeTrend[]]),
  label: z.string(),
  quote: z.string(),
  count: z.number(),
  scenarioCount: z.number(),
  firstRun: z.string(),
  lastRun: z.string(),
  perNight: z.array(z.number()),
});
const InteractionOut = z.object({
  run: z.string(),
  recordings: z.number(),
  /** Each figure's text as the trends page shows it ("hidden (n events, under 10)" for a rate backed by too few). */
  figures: z.array(z.object({ key: z.string(), label: z.string(), text: z.string(), value: z.number().nullable(), events: z.number() })),
});

export function registerTrendsTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "get_trends",
    {
      title: "A suite over time",
      description: `A suite's runs (runs that queued the same scenarios) over time, as the trends page shows them: per run the success, task and judge-pass rates with k/n and 95% band, latency p50/p95, the paired test against the previous run, its new failures, and setup changes; anomalies (runs outside the band of the trailing runs, as the trends page rings them); setup changes (what changed in the setup before a run, as the trends page ticks them); and a page of ${100} scenario strips (one cell per run, oldest first: P pass, F fail, S stalled, N n/a, - absent). The newest ${MAX_RUNS} runs of the range are listed.`,
      inputSchema: {
        suite: z
          .string()
          .max(4096)
          .optional()
          .describe("a suite's name as the runs list shows it (e.g. nightly), a run id (its suite) or a suite id; default: the largest suite"),
        range: z.enum(TREND_RANGES).optional().describe("days back from the suite's newest run (default 90)"),
        sort: z.enum(STRIP_SORTS).optional().describe("strip order (default first_failed)"),
        strip_page: z.number().int().min(0).default(0),
        include: z
          .array(z.enum(["themes", "interaction"]))
          .max(2)
          .optional()
          .describe(
            "themes: the failure themes over the range (each theme's first and last night, its reasons per night, new / rising / came and went / gone / fading); interaction: the τ-voice interaction panel per night with recordings. Both read files the first time (judge results, recordings).",
          ),
      },
      outputSchema: {
        /** `name`: as the runs list names the suite (`nightly`); `id`: its first run, what `suite` also accepts. */
        suites: z.array(SuiteSummarySchema),
        suite: z.string().nullable(),
        suiteName: z.string().nullable(),
        range: z.object({ value: z.string(), shown: z.number(), total: z.number() }),
        runs: z.array(
          z.object({
            id: z.string(),
            startedAt: z.string().nullable(),
            state: z.string(),
            completed: z.number(),
            intended: z.number(),
            success: BandOut,
            task: BandOut,
            judgePass: BandOut,
            judgeErrors: z.number(),
            p50: z.number().nullable(),
            p95: z.number().nullable(),
            vsPrevious: DropOut.nullable(),
            setupChanges: z.array(z.string()),
            /** Why the night is not like for like with the one before (issue 57): another conversation-end policy or timeout, a domain's scoring changed. */
            notComparable: z.array(z.string()).optional(),
            previous: z.string().nullable(),
            anomaly: z
              .object({ direction: z.enum(["drop", "rise"]), pValue: z.number().nullable(), expected: z.number().nullable(), trailing: z.number() })
              .nullable(),
            newFailures: z.object({ count: z.number(), names: z.array(z.string()) }),
          }),
        ),
        anomalies: z.array(z.object({ run: z.string(), kind: z.enum(["drop", "rise"]), message: z.string() })),
        setupChanges: z.array(z.object({ run: z.string(), previous: z.string().nullable(), changes: z.array(z.string()), notComparable: z.array(z.string()) })),
        strip: z.object({
          sort: z.string(),
          page: z.number(),
          pageSize: z.number(),
          total: z.number(),
          failingEver: z.number(),
          rows: z.array(
            z.object({ name: z.string(), domain: z.string(), cells: z.string(), firstFailed: z.number().nullable(), flips: z.number(), streak: z.number() }),
          ),
        }),
        themes: z.array(ThemeOut).nullable(),
        interaction: z.array(InteractionOut).nullable(),
        more: More,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ suite, range, sort, strip_page, include }) => {
      if (suite !== undefined && hostileName(suite, "run")) throw new ToolError(`refused ${hostileName(suite, "run")}: ${q(suite, 120)}`);
      await ctx.store.scanned;
      // The trends page's suite for `suite` (an id, a name as the runs list shows it, or a run); buildTrends
      // shows the largest suite for one it does not know, where MCP answers with an error.
      if (suite !== undefined && !trendSuite(ctx.store.index, suite)) {
        throw new ToolError(
          `${ctx.store.index.runs.has(suite) ? "the run has no queue, so no suite:" : "unknown suite or run:"} ${q(suite, 200)} (get_trends without a suite lists the suites)`,
        );
      }
      const data = buildTrends(ctx.store.index, { suite, range, sort, page: String(strip_page) });
      const all = data.runs.map(runOut);
      const runs = all.slice(-MAX_RUNS);
      // The trends page's anomaly nights (outside the band of the trailing runs), and apart from them its setup changes.
      const anomalies = all.flatMap((r) =>
        r.anomaly
          ? [
              {
                run: r.id,
                kind: r.anomaly.direction,
                message: `${rateLabel("success_rate")} ${r.success.k}/${r.success.n} is a ${r.anomaly.direction} against the ${r.anomaly.trailing} trailing run(s) (expected ${pct(r.anomaly.expected)}, p=${r.anomaly.pValue?.toPrecision(3)}); ${r.newFailures.count} new failure(s)`,
              },
            ]
          : [],
      );
      // A night that is not like for like with the one before (another conversation-end policy or timeout, a domain's scoring changed) is a setup change too.
      const setupChanges = all.flatMap((r) =>
        r.setupChanges.length || r.notComparable?.length
          ? [{ run: r.id, previous: r.previous, changes: r.setupChanges.slice(0, 20), notComparable: (r.notComparable ?? []).slice(0, 20) }]
          : [],
      );
      const strip = {
        ...data.strip,
        rows: data.strip.rows.map((s) => ({ name: s.name, domain: s.domain, cells: s.cells, firstFailed: s.firstFailed, flips: s.flips, streak: s.streak })),
      };
      const pages = Math.ceil(strip.total / strip.pageSize);
      const rangeRuns = trendRuns(
        ctx.store.index,
        data.runs.map((r) => r.id),
      );
      const themeSet = include?.includes("themes") && rangeRuns.length > 1 ? await rangeThemesFor(rangeRuns, ctx.store) : null;
      const themes = themeSet
        ? themeSet.themes.slice(0, MAX_THEMES).map((t) => ({
            trend: t.trend,
            label: t.theme.label,
            quote: t.theme.quote,
            count: t.theme.count,
            scenarioCount: t.theme.scenarioCount,
            firstRun: t.firstRun,
            lastRun: t.lastRun,
            perNight: t.perNight,
          }))
        : null;
      const interaction = include?.includes("interaction")
        ? (await interactionPerNight(rangeRuns)).map((n) => ({
            run: n.runId,
            recordings: n.recordings,
            figures: interactionRows(n.interaction).map((r) => ({ key: r.key, label: r.label, text: r.text, value: num(r.value), events: r.events })),
          }))
        : null;
      const notes = [
        ...(all.length > runs.length ? [`${all.length - runs.length} older run(s) of the range are not listed (a shorter range lists fewer)`] : []),
        ...(strip.page + 1 < pages ? [`strip page ${strip.page + 1} of ${pages}: call get_trends with strip_page=${strip.page + 1}`] : []),
      ];
      const more = notes.length ? notes.join("; ") : null;
      const text = [
        data.suite
          ? `Suite ${q(data.suite.name)} (id ${q(data.suite.id)}): ${data.range.shown} of ${data.suite.runCount} run(s) in the last ${data.range.value === "all" ? "all" : `${data.range.value} days`}; ${data.suites.length} suite(s) in all.`
          : "No suite: no run has a queue yet.",
        DATA_NOTE,
        ...runs.map(
          (r) =>
            `- ${q(r.id)} ${r.startedAt === null ? "(start unknown)" : q(r.startedAt, 40)}: ${rateLabel("success_rate")} ${r.success.k}/${r.success.n} (${pct(r.success.value)})${r.anomaly ? ` ANOMALY (${r.anomaly.direction})` : ""}${r.newFailures.count ? `, ${r.newFailures.count} new failure(s)` : ""}${r.setupChanges.length ? " (setup changes)" : ""}`,
        ),
        ...anomalies.map((a) => `Anomaly ${a.kind} at ${q(a.run)}: ${a.message}`),
        ...setupChanges.map(
          (c) =>
            `Setup changes before ${q(c.run)}${c.previous ? ` (since ${q(c.previous)})` : ""}: ${[...c.notComparable, ...c.changes]
              .slice(0, 5)
              .map((x) => q(x, 400))
              .join("; ")}`,
        ),
        `Strip (${strip.sort}, ${strip.total} scenarios, ${strip.failingEver} ever failed):`,
        ...strip.rows.slice(0, 30).map((s) => `  ${q(s.name, 120)} ${s.cells}${s.streak ? ` (failing ${s.streak} in a row)` : ""}`),
        ...(themes
          ? [
              `Failure themes over the range (${themeSet!.nights.length} night(s)${themeSet!.cut ? `, the ${themeSet!.cut} oldest not read` : ""}):`,
              ...themes.map((t) => `  ${t.trend}: ${q(t.label, 200)} (${t.count} reason(s); first ${q(t.firstRun)}, last ${q(t.lastRun)})`),
            ]
          : []),
        ...(interaction
          ? [
              `Interaction per night (${interaction.length} night(s) with recordings):`,
              ...interaction.map((n) => `  ${q(n.run)} (${n.recordings} recording(s)): ${n.figures.map((f) => `${f.key} ${f.text}`).join("; ")}`),
            ]
          : []),
        ...(more ? [more] : []),
      ].join("\n");
      return answer(
        {
          suites: data.suites.slice(0, 50),
          suite: data.suite?.id ?? null,
          suiteName: data.suite?.name ?? null,
          range: { value: data.range.value, shown: data.range.shown, total: data.range.total },
          runs,
          anomalies,
          setupChanges,
          strip,
          themes,
          interaction,
          more,
        },
        text,
      );
    },
  );
}
