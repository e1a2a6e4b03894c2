/** `list_runs` and `get_run`: the runs list and a run's detail, as `GET /api/runs` and `GET /api/runs/{id}` give them. */
import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { RATE_NAMES, type RateName } from "@/lib/core/aggregates";
import { rateLabel, WITHOUT_RETRIES_LABEL } from "@/lib/core/figures";
import { redactArgs } from "@/lib/core/redact";
import { likeForLikeText } from "@/lib/core/run-changes";
import { wilson } from "@/lib/core/stats";
import { RUN_STATES } from "@/lib/core/run-state";
import { RunListItemSchema, ScopedProblemSchema, type RunListItem } from "@/lib/shared/dto";
import { ListChangeSchema, PreviousRunSchema, RunChangesSchema, SuccessChangeSchema } from "@/lib/shared/run-changes";
import { runSuites } from "@/lib/shared/run-suites";
import { runBody } from "../queries/run-detail";
import { themesFor, themeDTO } from "../http/themes";
import type { RunModel } from "../model/run-model";
import { runAudio } from "../views/run-audio";
import { runJudgeSections } from "../views/run-judge-sections";
import { runChanges } from "../views/run-changes";
import { runsList } from "../views/runs-list";
import { argsOf } from "../views/setup";
import type { McpContext } from "./context";
import { runNamed, ToolError } from "./lookup";
import { answer, asJson, DATA_NOTE } from "./result";
import { More, RateOut, RatesOut, RateWithInterval } from "./schemas";
import { capped, count, nameList, num, pointsText, q, rateOut, rateText } from "./text";

const MAX_LIST = 200;

/**
 * A run as `list_runs` gives it: the runs list's item (`RunListItemSchema`, `GET /api/runs`), its own
 * fields picked from that schema; what MCP reshapes for an agent (rates as k/n, counts for lists, the
 * change column's fields flat) is its own, each field's type still taken from the item's schema.
 */
const RunSummaryOut = RunListItemSchema.pick({
  id: true,
  state: true,
  startedAt: true,
  updatedAt: true,
  scenarioCount: true,
  intendedCount: true,
  stalledCount: true,
  partial: true,
}).extend({
  /** Scenarios counted as failed (success rate's n − k). */
  failedCount: z.number(),
  /** Runs that queued the same scenarios share it (the runs list's suites). */
  suite: RunListItemSchema.shape.queueKey,
  /** The suite's name as the runs list shows it (`nightly`); `null` for a run with no queue yet. */
  suiteName: z.string().nullable(),
  rates: RatesOut,
  problemCount: z.number(),
  /** Against the previous run of the suite, as the runs list's change column: Δ success, new failures (null while indexing). */
  previous: z
    .object({
      id: ListChangeSchema.shape.previous,
      successDelta: ListChangeSchema.shape.delta,
      /** `null`: both runs finished. Else the delta is like for like, over this many scenarios finished in both. */
      likeForLike: ListChangeSchema.shape.likeForLike,
      newFailures: ListChangeSchema.shape.newFailures,
    })
    .nullable(),
});

function rates(item: RunListItem) {
  return Object.fromEntries(RATE_NAMES.map((n) => [n, rateOut(item.rates[n])])) as Record<RateName, z.infer<typeof RateOut>>;
}

/** Each suite's name as the runs list shows it, by its key (lib/shared/run-suites.ts). */
function suiteNames(runs: RunListItem[]): Map<string, string> {
  return new Map(runSuites(runs).map((s) => [s.key, s.label]));
}

function summaryOf(item: RunListItem, names: Map<string, string>): z.infer<typeof RunSummaryOut> {
  const success = item.rates.success_rate;
  const change = item.vsPrevious;
  return {
    id: item.id,
    state: item.state,
    startedAt: item.startedAt,
    updatedAt: item.updatedAt,
    scenarioCount: item.scenarioCount,
    intendedCount: item.intendedCount,
    failedCount: count(success.denominator) - count(success.numerator),
    stalledCount: item.stalledCount,
    partial: item.partial,
    suite: item.queueKey,
    suiteName: names.get(item.queueKey) ?? null,
    rates: rates(item),
    problemCount: item.problems.length,
    previous: change ? { id: change.previous, successDelta: num(change.delta), likeForLike: change.likeForLike, newFailures: change.newFailures } : null,
  };
}

function sinceMs(since: string): number {
  const ms = Date.parse(since);
  if (!Number.isFinite(ms)) throw new ToolError(`since: not a date: ${q(since, 60)} (use an ISO date, e.g. 2026-11-01)`);
  return ms;
}

export function registerRunTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "list_runs",
    {
      title: "List evaluation runs",
      description:
        "The runs in the results folder, newest first: state, dates, every rate as k/n, failed and stalled counts, the suite (runs that queued the same scenarios) and, against the suite's previous run, the success rate's change and the new failures. Paged: `limit` (default 20, at most 200) and `offset`.",
      inputSchema: {
        suite: z
          .string()
          .max(4096)
          .optional()
          .describe(
            "a suite's name as the runs list shows it (a run's `suiteName`, e.g. nightly), a suite key (a run's `suite`) or a run id: only the runs of that suite",
          ),
        state: z.enum(RUN_STATES).optional(),
        since: z.string().max(64).optional().describe("only runs started at or after this ISO date/time"),
        limit: z.number().int().min(1).max(MAX_LIST).default(20),
        offset: z.number().int().min(0).default(0),
      },
      outputSchema: {
        total: z.number(),
        matched: z.number(),
        offset: z.number(),
        runs: z.array(RunSummaryOut),
        indexing: z.object({ done: z.number(), total: z.number(), runsPending: z.number() }).nullable(),
        more: More,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ suite, state, since, limit, offset }) => {
      await ctx.store.scanned;
      const list = runsList(ctx.store.index);
      const names = suiteNames(list.runs);
      const named = [...names].find(([, name]) => name === suite)?.[0];
      const suiteKey = suite === undefined ? undefined : (named ?? list.runs.find((r) => r.id === suite)?.queueKey ?? suite);
      const from = since === undefined ? null : sinceMs(since);
      const matched = list.runs.filter(
        (r) =>
          (suiteKey === undefined || r.queueKey === suiteKey) &&
          (state === undefined || r.state === state) &&
          (from === null || (r.startedAt !== null && Date.parse(r.startedAt) >= from)),
      );
      const page = matched.slice(offset, offset + limit).map((r) => summaryOf(r, names));
      const rest = matched.length - offset - page.length;
      const more = rest > 0 ? `${rest} more run(s): call list_runs with offset=${offset + page.length}` : null;
      const lines = page.map(
        (r) =>
          `- ${q(r.id)} ${r.state}${r.suiteName ? ` (suite ${q(r.suiteName)})` : ""}, started ${r.startedAt === null ? "unknown" : q(r.startedAt, 40)}: ${rateLabel("success_rate")} ${rateText(r.rates.success_rate)}, ${r.failedCount} failed, ${r.stalledCount} stalled` +
          (r.previous
            ? `; ${pointsText(r.previous.successDelta)}${r.previous.likeForLike !== null ? ` (${likeForLikeText(r.previous.likeForLike)})` : ""}${r.previous.newFailures ? `, ${r.previous.newFailures} new failure(s)` : ""} vs ${q(r.previous.id)}`
            : ""),
      );
      const text = [
        `${matched.length} run(s)${matched.length === list.runs.length ? "" : ` of ${list.runs.length}`}, showing ${page.length} from ${offset}.`,
        DATA_NOTE,
        ...lines,
        ...(more ? [more] : []),
      ].join("\n");
      return answer({ total: list.runs.length, matched: matched.length, offset, runs: page, indexing: list.indexing ?? null, more }, text);
    },
  );

  server.registerTool(
    "get_run",
    {
      title: "One run in detail",
      description:
        "A run's header, every rate with k/n and its 95% interval, the stall warning, per-domain rates, failed signals, failure themes, the audio summary, run-level problems, and what changed since the previous run of its suite (new failures, fixed, still failing, flaky, the success rate's change with its paired test). Lists are capped; list_scenarios pages through the scenarios.",
      inputSchema: { run: z.string().max(4096).describe("the run id, as list_runs gives it") },
      outputSchema: GetRunOut,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ run: id }) => {
      const run = await runNamed(ctx.store, id);
      const out = await runView(ctx, run);
      return answer(out, runText(out));
    },
  );
}

const MAX_NAMES = 50;

const NamesOut = z.object({ count: z.number(), names: z.array(z.string()) });
const namesOf = (all: readonly string[]) => ({ count: all.length, names: all.slice(0, MAX_NAMES) });

/**
 * `get_run`'s answer: the run detail's fields it shares with the runs list's item are that schema's
 * (`RunListItemSchema`); what it reshapes for an agent (rates with k/n and intervals, capped lists,
 * counts) is its own, and its `previous` takes each field's type from `RunChangesSchema`.
 */
export const GetRunOut = {
  ...RunListItemSchema.pick({
    id: true,
    state: true,
    startedAt: true,
    lastLogAt: true,
    durationSeconds: true,
    scenarioCount: true,
    intendedCount: true,
    partial: true,
    resumed: true,
    inFlight: true,
  }).shape,
  queueLength: z.number(),
  minAgentTurns: z.number(),
  judgeThreshold: z.number().nullable(),
  /** How its calls end (issue 57): the conversation-end policy (`policyKnown` false: the default, a run that predates the flag) and the inactivity timeout. */
  endSettings: z.object({ policy: z.string(), policyKnown: z.boolean(), inactivitySeconds: z.number().nullable() }).optional(),
  /** Scenarios by stop reason ([EXIT], [SIMULATOR_EXIT], [INACTIVITY_TIMEOUT], [TIMEOUT], any other). */
  stopReasons: z.record(z.string(), z.number()).optional(),
  /** metrics.json keys this dashboard does not interpret yet, with how many scenarios carry each. */
  newFields: z.array(z.object({ key: z.string(), scenarios: z.number() })).optional(),
  /** The last invocation's arguments, secrets redacted (lib/core/redact), each value as text cut to 200 characters; null without run_args.json. */
  args: z.record(z.string(), z.string()).nullable(),
  suite: RunListItemSchema.shape.queueKey,
  /** The suite's name as the runs list shows it (`nightly`); `null` for a run with no queue yet. */
  suiteName: z.string().nullable(),
  rates: z.object(Object.fromEntries(RATE_NAMES.map((n) => [n, RateWithInterval])) as Record<RateName, typeof RateWithInterval>),
  judgeScores: z.object({ errors: z.number(), validMean: RateOut }),
  stallWarning: z.object({ count: z.number(), minAgentTurns: z.number(), scenarios: z.array(z.string()), more: z.number() }).nullable(),
  perDomain: z.array(z.object({ domain: z.string(), success_rate: RateOut, task_success_rate: RateOut })),
  failedSignals: z.array(z.object({ signal: z.string(), failed: z.number(), passed: z.number() })),
  latency: z.object({ p50_ms: z.number().nullable(), p95_ms: z.number().nullable() }).nullable(),
  unfinished: z.object({ count: z.number(), scenarios: z.array(z.string()) }),
  outsideQueue: z.number(),
  problems: z.object({ count: z.number(), first: z.array(ScopedProblemSchema) }),
  themes: z.array(z.object({ label: z.string(), quote: z.string(), count: z.number(), scenarioCount: z.number(), scenarios: z.array(z.string()) })),
  /** Why the failure themes are missing (their analysis failed), `null` when they were made. */
  themesError: z.string().nullable(),
  /** The Audio tab's summary (recordings measured failures first, up to 200): findings by kind, response gaps on the audio, the τ-voice interaction panel pooled over the run. */
  audio: z
    .object({
      recordings: z.number(),
      measured: z.number(),
      truncated: z.boolean(),
      findings: z.record(z.string(), z.number()),
      audioP50: z.number().nullable(),
      audioP95: z.number().nullable(),
      interaction: z.record(z.string(), z.unknown()).nullable(),
      /** τ-voice's dead air over the recordings measured (issue 57): totalSeconds, fraction, maxGapSeconds, longGaps; null figures with `na` saying why. */
      deadAir: z.record(z.string(), z.unknown()).nullable().optional(),
      /** The response latency split into replies after a tool call and plain ones. */
      responseLatencyByTurn: z.record(z.string(), z.unknown()).nullable().optional(),
    })
    .nullable(),
  /** Automatic retries (issue 45): provenance, the retried scenarios, reasons counted, the success rate as if each retried scenario had failed. */
  retries: z.object({
    provenance: z.string(),
    retried: z.number(),
    scenarios: z.array(z.object({ name: z.string(), count: z.number() })),
    attempts: z.number(),
    reasons: z.array(z.object({ reason: z.string(), count: z.number() })),
    withoutRetries: RateWithInterval.nullable(),
  }),
  /** What the judges saw (issue 45): of the judged scenarios looked at (failures first, up to 300), how many were judged without each section. */
  judgeSections: z.object({
    judged: z.number(),
    unrecorded: z.number(),
    lookedAt: z.number(),
    total: z.number(),
    without: z.record(z.string(), z.number()),
    flagged: z.record(z.string(), z.number()),
  }),
  /** What changed since the previous run of the suite, as the run page's line says it (views/run-changes). */
  previous: z
    .object({
      id: PreviousRunSchema.shape.id,
      startedAt: PreviousRunSchema.shape.startedAt,
      successBefore: SuccessChangeSchema.shape.before,
      successAfter: SuccessChangeSchema.shape.after,
      successDelta: SuccessChangeSchema.shape.delta,
      /** `null`: both runs finished, their own rates. Else one did not: the rates are over this many scenarios finished in both (like for like). */
      likeForLike: SuccessChangeSchema.shape.likeForLike,
      /** The paired McNemar exact test over the scenarios with a verdict in both runs. */
      pValue: SuccessChangeSchema.shape.pValue,
      paired: SuccessChangeSchema.shape.paired,
      newFailures: NamesOut,
      fixed: NamesOut,
      stillFailing: NamesOut,
      flaky: NamesOut,
      /** Stalled before, passing now: not counted as fixed. */
      wasStalled: NamesOut,
      /** Passed before, stalled now: not counted as a new failure. */
      nowStalled: NamesOut,
      /** What changed in the setup, one line each (redacted), as compare and `check` name it (the first 50). */
      setup: RunChangesSchema.shape.setup,
    })
    .nullable(),
};
type RunOut = z.infer<z.ZodObject<typeof GetRunOut>>;

const MAX_THEMES = 10;

const MAX_ARGS = 100;
const ARG_CHARS = 200;

/** The run arguments as shown: redacted first, then each value as text, cut (a queue of 10,000 names stays short). */
function argsText(run: RunModel): Record<string, string> | null {
  const args = redactArgs(argsOf(run));
  if (!args) return null;
  const entries = Object.entries(args)
    .slice(0, MAX_ARGS)
    .map(([k, v]): [string, string] => {
      const text = typeof v === "string" ? v : (JSON.stringify(v) ?? "null");
      return [k, text.length > ARG_CHARS ? `${text.slice(0, ARG_CHARS - 1)}…` : text];
    });
  return Object.fromEntries(entries);
}

/** The run as get_run and the run resource show it. */
export async function runView(ctx: McpContext, run: RunModel): Promise<RunOut> {
  const body = runBody(run);
  const withInterval = (name: RateName) => {
    const r = rateOut(body.rates[name]);
    const w = name === "judge_score_mean" || r.k === null ? null : wilson(r.k, r.n);
    return { ...r, low: num(w?.low), high: num(w?.high), label: rateLabel(name) };
  };
  const stalled = capped(body.stalled, MAX_NAMES);
  const domains = Object.keys(body.perDomain.success_rate).sort();
  const changes = await runChanges(ctx.store.index, run);
  const previous: RunOut["previous"] = changes.previous
    ? {
        id: changes.previous.id,
        startedAt: changes.previous.startedAt,
        successBefore: num(changes.success.before),
        successAfter: num(changes.success.after),
        successDelta: num(changes.success.delta),
        likeForLike: changes.success.likeForLike,
        pValue: num(changes.success.pValue),
        paired: changes.success.paired,
        newFailures: namesOf(changes.newFailures),
        fixed: namesOf(changes.fixed),
        stillFailing: namesOf(changes.stillFailing),
        flaky: namesOf(changes.flaky),
        wasStalled: namesOf(changes.wasStalled),
        nowStalled: namesOf(changes.nowStalled),
        setup: changes.setup.slice(0, 50),
      }
    : null;
  // The themes are one analysis of the run: when they cannot be made, the answer says why, and the rest stands.
  let themesError: string | null = null;
  const themes = (
    await themesFor(run).catch((err: unknown) => {
      themesError = `the failure themes could not be made: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500);
      return [];
    })
  )
    .slice(0, MAX_THEMES)
    .map((t) => {
      const d = themeDTO(t);
      return { label: d.label, quote: d.quote, count: d.count, scenarioCount: d.scenarioCount, scenarios: d.scenarios.slice(0, 10) };
    });
  const [audio, sections] = await Promise.all([runAudio(run), runJudgeSections(run)]);
  const r = body.retries;
  const problems = body.problems;
  return {
    id: body.id,
    state: body.state,
    startedAt: body.startedAt,
    lastLogAt: body.lastLogAt,
    durationSeconds: num(body.durationSeconds),
    scenarioCount: body.scenarioCount,
    intendedCount: body.intendedCount,
    queueLength: body.queueLength,
    minAgentTurns: body.minAgentTurns,
    judgeThreshold: num(body.judgeThreshold),
    endSettings: { ...body.endSettings, inactivitySeconds: num(body.endSettings.inactivitySeconds) },
    stopReasons: { ...body.stopReasons },
    newFields: body.newFields.map((f) => ({ ...f })),
    args: argsText(run),
    partial: body.partial,
    resumed: body.resumed,
    inFlight: body.inFlight,
    suite: body.queueKey,
    suiteName: suiteNames(runsList(ctx.store.index).runs).get(body.queueKey) ?? null,
    rates: Object.fromEntries(RATE_NAMES.map((n) => [n, withInterval(n)])) as RunOut["rates"],
    judgeScores: { errors: body.judgeScores.errors, validMean: rateOut(body.judgeScores.valid) },
    stallWarning: body.stalled.length ? { count: body.stalled.length, minAgentTurns: body.minAgentTurns, scenarios: stalled.items, more: stalled.more } : null,
    perDomain: domains.map((domain) => ({
      domain,
      success_rate: rateOut(body.perDomain.success_rate[domain]),
      task_success_rate: rateOut(body.perDomain.task_success_rate[domain]),
    })),
    failedSignals: Object.entries(body.successBreakdown)
      .filter(([, c]) => c.failed > 0)
      .sort((x, y) => y[1].failed - x[1].failed)
      .map(([signal, c]) => ({ signal, failed: c.failed, passed: c.passed })),
    latency: body.latency ? { p50_ms: num(body.latency.p50_ms), p95_ms: num(body.latency.p95_ms) } : null,
    unfinished: { count: body.unfinished.length, scenarios: body.unfinished.slice(0, MAX_NAMES).map((u) => u.name) },
    outsideQueue: body.outsideQueue.length,
    problems: { count: problems.length, first: problems.slice(0, 20).map((p) => ({ file: p.file, kind: p.kind, message: p.message, scenario: p.scenario })) },
    themes,
    themesError,
    audio:
      audio.recordings > 0
        ? {
            recordings: audio.recordings,
            measured: audio.scenarios,
            truncated: audio.truncated,
            findings: { ...audio.totals },
            audioP50: num(audio.audioP50),
            audioP95: num(audio.audioP95),
            interaction: audio.interaction ? asJson({ ...audio.interaction }) : null,
            deadAir: audio.deadAir ? asJson({ ...audio.deadAir }) : null,
            responseLatencyByTurn: audio.responseLatencyByTurn ? asJson({ ...audio.responseLatencyByTurn }) : null,
          }
        : null,
    retries: {
      provenance: r.provenance,
      retried: r.retried.length,
      scenarios: r.retried.slice(0, MAX_NAMES).map((x) => ({ name: x.name, count: x.count })),
      attempts: r.attempts,
      reasons: r.reasons.slice(0, 10).map((x) => ({ reason: x.reason.length > 300 ? `${x.reason.slice(0, 299)}…` : x.reason, count: x.count })),
      withoutRetries: r.withoutRetries
        ? {
            value: num(r.withoutRetries.value),
            k: num(r.withoutRetries.numerator),
            n: count(r.withoutRetries.denominator),
            low: num(r.withoutRetries.interval?.low),
            high: num(r.withoutRetries.interval?.high),
            label: WITHOUT_RETRIES_LABEL,
          }
        : null,
    },
    judgeSections: {
      judged: sections.judged,
      unrecorded: sections.unrecorded,
      lookedAt: sections.lookedAt,
      total: sections.total,
      without: { ...sections.without },
      flagged: { ...sections.flagged },
    },
    previous,
  };
}

function runText(r: RunOut): string {
  const lines = [
    `Run ${q(r.id)}${r.suiteName ? ` of the suite ${q(r.suiteName)}` : ""}: ${r.state}${r.partial ? " (partial: not finished)" : ""}, ${r.scenarioCount}/${r.intendedCount} scenarios, started ${r.startedAt === null ? "unknown" : q(r.startedAt, 40)}.`,
    DATA_NOTE,
    `${(["success_rate", "task_success_rate", "judge_pass_rate", "clean_exit_rate"] as const).map((n) => `${rateLabel(n)} ${rateText(r.rates[n])}`).join("; ")}.`,
  ];
  if (r.stallWarning)
    lines.push(
      `Stall warning: ${r.stallWarning.count} scenario(s) made fewer than ${r.stallWarning.minAgentTurns} agent turns and count as failures: ${nameList(r.stallWarning.scenarios, 10)}.`,
    );
  if (r.args) {
    const shown = ["judge_model", "judge_threshold", "min_agent_turns", "agent_model", "user_model"].filter((k) => Object.hasOwn(r.args!, k));
    if (shown.length)
      lines.push(`Arguments: ${shown.map((k) => `${k}=${q(r.args![k], 120)}`).join(", ")} (all ${Object.keys(r.args).length} in \`args\`, secrets redacted).`);
  }
  if (r.perDomain.length > 1) lines.push(`Per domain: ${r.perDomain.map((d) => `${q(d.domain, 80)} ${rateText(d.success_rate)}`).join("; ")}.`);
  if (r.failedSignals.length) lines.push(`Failed signals: ${r.failedSignals.map((s) => `${q(s.signal, 80)} ${s.failed}`).join(", ")}.`);
  if (r.themesError) lines.push(`Failure themes: unknown (${q(r.themesError, 200)}).`);
  if (r.themes.length)
    lines.push(
      `Failure themes: ${r.themes
        .slice(0, 5)
        .map((t) => `${q(t.label, 120)} (${t.scenarioCount})`)
        .join("; ")}.`,
    );
  if (r.audio) {
    const p = r.audio.interaction as { responseRate?: number | null; yieldRate?: number | null } | null;
    lines.push(
      `Audio: ${r.audio.recordings} recording(s) measured; findings ${Object.entries(r.audio.findings)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}` +
        (p ? `; interaction: response rate ${p.responseRate ?? "unknown"}, yield rate ${p.yieldRate ?? "unknown"}` : "") +
        ".",
    );
  }
  if (r.previous)
    lines.push(
      `Since the previous run of the suite, ${q(r.previous.id)}: ${rateLabel("success_rate")} ${pointsText(r.previous.successDelta)}${r.previous.likeForLike !== null ? ` (${likeForLikeText(r.previous.likeForLike)})` : ""}${r.previous.pValue !== null ? ` (McNemar p=${r.previous.pValue.toPrecision(3)} over ${r.previous.paired})` : ""}; ${r.previous.newFailures.count} new failure(s) ${nameList(r.previous.newFailures.names, 10)}; ${r.previous.fixed.count} fixed; ${r.previous.stillFailing.count} still failing; ${r.previous.flaky.count} flaky; ${r.previous.wasStalled.count} was stalled; ${r.previous.nowStalled.count} now stalled.` +
        (r.previous.setup.length ? ` Setup changes: ${r.previous.setup.map((l) => q(l, 300)).join("; ")}.` : ""),
    );
  if (r.retries.retried)
    lines.push(
      `Automatic retries: ${r.retries.retried} scenario(s) retried (${r.retries.attempts} discarded attempt(s)); ${WITHOUT_RETRIES_LABEL} ${rateText(r.retries.withoutRetries)}; reasons ${r.retries.reasons
        .slice(0, 3)
        .map((x) => `${q(x.reason, 100)} ×${x.count}`)
        .join(", ")}.`,
    );
  else if (r.retries.provenance === "unknown") lines.push("Automatic retries: unknown (the run's metrics.json files predate the field).");
  const blind = Object.entries(r.judgeSections.without).filter(([, n]) => n > 0);
  if (blind.length)
    lines.push(
      `The judge did not see: ${blind.map(([section, n]) => `${section} in ${n}`).join(", ")} (of ${r.judgeSections.judged} judged scenario(s) read).`,
    );
  if (r.problems.count) lines.push(`${r.problems.count} problem(s) reading the run's files.`);
  lines.push(`Failing scenarios: list_scenarios run=${JSON.stringify(r.id)} quick=["failed"].`);
  return lines.join("\n");
}
