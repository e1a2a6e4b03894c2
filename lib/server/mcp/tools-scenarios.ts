/**
 * `list_scenarios` (the run table, as `GET /api/runs/{id}/scenarios`) and `get_scenario` (one
 * scenario, from the scenario page's view): verdict, failing signals with their values, the judge,
 * likely causes, and on request the transcript, tool calls, timing, audio findings and files.
 */
import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { judgeFields, type StoredJudge } from "@/lib/core/evidence/judge";
import { QUICK_FILTERS, SORT_KEYS } from "@/lib/shared/scenario-keys";
import type { ScenarioQuery } from "@/lib/shared/scenario-query";
import type { ScenarioRow } from "@/lib/core/scenario-row";
import { audioAnalysis } from "../audio/analysis";
import { scenarioRowsPage } from "../queries/run-detail";
import type { RunModel } from "../model/run-model";
import { scenarioAcrossRuns, verdictChanges } from "../views/run-changes";
import { runFactsOf } from "../views/run-facts";
import { scenarioDetail } from "../views/scenario-detail";
import { whyOfDetail } from "../views/scenario-why";
import { divergenceFromLastPass } from "../views/divergence";
import type { McpContext } from "./context";
import { runNamed, scenarioNamed, ToolError } from "./lookup";
import { answer, asJson, DATA_NOTE } from "./result";
import { More, ProblemOut, ScenarioRowOut } from "./schemas";
import { capped, num, q } from "./text";

export const MAX_ROWS = 500;
const TURNS_PER_CALL = 40;
const TURN_CHARS = 2000;
const REASON_CHARS = 4000;
const MAX_VERDICTS = 50;
const MAX_TOOL_CALLS = 50;
const TOOL_TEXT_CHARS = 500;
const MAX_FINDINGS = 50;

const INCLUDES = ["transcript", "tools", "timing", "audio", "judge", "files"] as const;
type Include = (typeof INCLUDES)[number];

function verdictText(v: boolean | "N/A"): string {
  return v === true ? "pass" : v === false ? "FAIL" : "N/A";
}

function rowLine(r: ScenarioRow): string {
  const failed = r.success_breakdown.failed;
  return (
    `- ${q(r.name, 200)}: ${verdictText(r.verdict)}` +
    (failed.length ? `, failed ${failed.map((f) => q(f, 80)).join(", ")}` : "") +
    (r.stalled ? ", stalled" : "") +
    (r.judge_score !== null ? `, judge ${r.judge_score}` : r.judge_error ? `, judge error ${q(r.judge_error, 120)}` : "") +
    (r.stop_reason ? `, stop ${q(r.stop_reason, 60)}` : "") +
    (r.problems.length ? `, ${r.problems.length} problem(s)` : "") +
    (r.outside_queue ? ", outside the queue (not counted)" : "")
  );
}

export function registerScenarioTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "list_scenarios",
    {
      title: "A run's scenarios",
      description: `The run table's rows (as the HTTP API gives them): verdict as counted, failed signals, judge score, stop reason, latency, stalls, problems. Filters: quick (${QUICK_FILTERS.join(", ")}), domain, signal (a failed signal), q (search in names and judge reasons). Sorted by \`sort\`/\`dir\`; paged by \`limit\` (default 50, at most ${MAX_ROWS}) and \`offset\`.`,
      inputSchema: {
        run: z.string().max(4096),
        quick: z.array(z.enum(QUICK_FILTERS)).max(QUICK_FILTERS.length).optional(),
        domain: z.array(z.string().max(200)).max(100).optional(),
        signal: z.string().max(100).optional(),
        q: z.string().max(500).optional(),
        sort: z.enum(SORT_KEYS).default("order"),
        dir: z.enum(["asc", "desc"]).default("asc"),
        limit: z.number().int().min(1).max(MAX_ROWS).default(50),
        offset: z.number().int().min(0).default(0),
      },
      outputSchema: {
        run: z.string(),
        total: z.number(),
        matched: z.number(),
        offset: z.number(),
        limit: z.number(),
        rows: z.array(ScenarioRowOut),
        more: More,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ run: id, quick, domain, signal, q: search, sort, dir, limit, offset }) => {
      const run = await runNamed(ctx.store, id);
      const query: ScenarioQuery = { quick, domain, signal, q: search, sort, dir, limit, offset };
      const page = asJson(await scenarioRowsPage(ctx.store, run, query));
      const rest = page.matched - offset - page.rows.length;
      const more = rest > 0 ? `${rest} more row(s): call list_scenarios with offset=${offset + page.rows.length}` : null;
      const text = [
        `${page.matched} of ${page.total} scenario(s) of ${q(run.id)} match; rows ${offset}–${offset + page.rows.length}.`,
        DATA_NOTE,
        ...page.rows.map(rowLine),
        ...(more ? [more] : []),
      ].join("\n");
      return answer({ run: run.id, ...page, more }, text);
    },
  );

  server.registerTool(
    "get_scenario",
    {
      title: "One scenario",
      description:
        "A scenario's verdict as counted, its failing signals with the values they read, the judge's score, reason and NL-assertion verdicts, likely causes, problems and the triage ledger's label. `include` adds: transcript (40 turns a call from `turns_offset`), tools (the agent's tool calls), timing (latency by turn, flow findings), audio (findings on the recording), files (which artifacts exist, for get_file). Long texts are cut, and say so.",
      inputSchema: {
        run: z.string().max(4096),
        name: z.string().max(1024).describe("the scenario folder name, as list_scenarios gives it"),
        include: z.array(z.enum(INCLUDES)).max(INCLUDES.length).default(["judge"]),
        turns_offset: z.number().int().min(0).default(0),
      },
      outputSchema: ScenarioOut,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ run: id, name, include, turns_offset }) => {
      const run = await runNamed(ctx.store, id);
      const out = await scenarioView(ctx, run, scenarioNamed(run, name), new Set(include), turns_offset);
      return answer(out, scenarioText(out));
    },
  );
}

const Scalar = z.union([z.number(), z.string(), z.boolean(), z.null()]);

export const ScenarioOut = {
  run: z.string(),
  name: z.string(),
  /** The table row (verdict as counted); null while the scenario has no usable metrics.json. */
  row: ScenarioRowOut.nullable(),
  /** Each failing signal with the value that failed it, as the scenario page says it ("actual 82d691d7… ≠ expected 42abaa49…"). */
  failingSignals: z.array(z.object({ signal: z.string(), value: z.string() })),
  /** How the call ended (issue 57), as the scenario page says it: the sentence, whether it points at the agent, and the conversation-end fields as read. */
  callEnd: z
    .object({ text: z.string(), agentAtFault: z.boolean(), fields: z.record(z.string(), z.unknown()) })
    .nullable()
    .optional(),
  /** metrics.json keys this dashboard does not interpret yet, each value as bounded text (`count`: all of them). */
  unknownFields: z.object({ fields: z.array(z.object({ key: z.string(), value: z.string() })), count: z.number() }).optional(),
  judge: z
    .object({
      score: Scalar,
      passed: z.boolean().nullable(),
      reason: z.string().nullable(),
      reasonChars: z.number(),
      /** Why the reason is not evidence (a judge failure, a call that never happened), when it is not. */
      note: z.string().nullable(),
      verdicts: z.array(z.object({ index: z.number(), assertion: z.string().nullable(), passed: z.boolean().nullable(), reason: z.string().nullable() })),
      moreVerdicts: z.number(),
    })
    .nullable()
    .optional(),
  /** The scenario page's likely causes (lib/core/insights/likely-causes), each with its evidence and the transcript turn it points at. */
  likelyCauses: z.array(
    z.object({
      kind: z.string(),
      owner: z.string(),
      secondary: z.string().nullable(),
      message: z.string(),
      evidence: z.string().nullable(),
      /** Other evidence of the same event (one cause per event). */
      also: z.array(z.string()),
      turn: z.number().nullable(),
    }),
  ),
  /** The first likely cause's turn (the causes are in call order): where the call went wrong, when it points at one. */
  wentWrongAt: z.object({ turn: z.number(), why: z.string() }).nullable(),
  problems: z.array(ProblemOut),
  /** How this failure stands in its suite (views/run-changes): new since the previous run, now stalled, still failing since a run, or flaky; null when it passed or has no suite history. */
  mark: z
    .object({
      kind: z.string(),
      since: z.string().nullable().optional(),
      sinceRun: z.string().optional(),
      runs: z.number().optional(),
      flips: z.number().optional(),
      passes: z.number().optional(),
      of: z.number().optional(),
    })
    .nullable(),
  /** The scenario across its suite's newest runs, oldest first (P pass, F fail, S stalled, N n/a, - absent), and how many earlier runs are not shown. */
  acrossRuns: z.object({ runs: z.array(z.object({ id: z.string(), startedAt: z.string().nullable(), cell: z.string() })), earlier: z.number() }),
  /** Automatic retries: each discarded attempt with its reason and folder (issue 45); null without metrics.json. */
  retries: z
    .object({
      count: z.number().nullable(),
      attempts: z.array(z.object({ attempt: z.number(), reason: z.string().nullable(), folder: z.string().nullable(), at: z.string().nullable() })),
    })
    .nullable(),
  /** Which tagged sections the judge was sent, and the evidence flags; null when no judge input is recorded. */
  judgeSeen: z.object({ sections: z.record(z.string(), z.object({ seen: z.boolean(), chars: z.number() })), flags: z.array(z.string()) }).nullable(),
  label: z
    .looseObject({
      cause: z.string(),
      status: z.string(),
      note: z.string().nullable(),
      ref: z.string().nullable(),
      updatedBy: z.string(),
      revision: z.number(),
    })
    .nullable(),
  ledgerProblem: z.string().nullable(),
  transcript: z
    .object({
      source: z.string().nullable(),
      /** Per-segment times (the log or the segLST); metrics.json's turns carry a time from their timestamps at most. */
      timed: z.boolean(),
      /** Which richer sources are absent, when the turns are not from a timed one. */
      sourcesNote: z.string().nullable(),
      total: z.number(),
      offset: z.number(),
      turns: z.array(
        z.object({ index: z.number(), role: z.string(), at: Scalar, latencyMs: Scalar, text: z.string(), cut: z.boolean(), interrupted: z.boolean() }),
      ),
      more: More,
    })
    .optional(),
  toolCalls: z
    .object({
      total: z.number().nullable(),
      calls: z.array(
        z.object({
          index: z.number(),
          name: z.string(),
          arguments: z.string(),
          result: z.string().nullable(),
          error: z.boolean(),
          unknownTool: z.boolean(),
          mutating: z.boolean(),
        }),
      ),
      more: z.number(),
    })
    .optional(),
  timing: z.record(z.string(), z.unknown()).nullable().optional(),
  audio: z
    .object({
      status: z.number(),
      reason: z.string().nullable(),
      durationSeconds: z.number().nullable(),
      findings: z.array(z.object({ kind: z.string(), side: z.string(), start: z.number().nullable(), end: z.number().nullable(), message: z.string() })),
      /** Findings in all (the list holds the first 50). */
      findingCount: z.number(),
      /** The τ-voice interaction panel of the call (issue 47): response and yield rates and latencies, agent interruptions. */
      interaction: z.record(z.string(), z.unknown()).nullable(),
      /** τ-voice's dead air of the call (issue 57): totalSeconds, fraction, maxGapSeconds, longGaps; null figures with `na` saying why. */
      deadAir: z.record(z.string(), z.unknown()).nullable().optional(),
      /** The response latency split into replies after a tool call and plain ones. */
      responseLatencyByTurn: z.record(z.string(), z.unknown()).nullable().optional(),
      /** Each channel's noise floor and SNR. */
      line: z.record(z.string(), z.unknown()).nullable(),
    })
    .optional(),
  files: z.array(z.object({ path: z.string(), present: z.boolean(), size: z.number().nullable() })).optional(),
};
type ScenarioView = z.infer<z.ZodObject<typeof ScenarioOut>>;

function scalar(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : String(v);
  if (typeof v === "string" || typeof v === "boolean") return v;
  return JSON.stringify(v).slice(0, 300);
}

function cut(text: string | null, max: number): string | null {
  return text === null ? null : text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The scenario as get_scenario and the scenario resource show it. */
export async function scenarioView(ctx: McpContext, run: RunModel, name: string, include: ReadonlySet<Include>, turnsOffset = 0): Promise<ScenarioView> {
  const detail = await scenarioDetail(run, name, { contexts: false });
  if (!detail) throw new ToolError(`unknown scenario: ${q(name, 200)} in run ${q(run.id, 200)}`);
  const row = detail.row ? (asJson(detail.row) as ScenarioView["row"] & ScenarioRow) : null;
  const present = (p: string) => detail.files.some((f) => f.path === p && f.present);
  // As the scenario page: the likely causes see what the recording says (measured once per file signature).
  const audio = present("conversation_log.wav") ? await audioAnalysis(run, name) : null;
  const divergence = detail.row?.verdict === false ? await divergenceFromLastPass(ctx.store.index, run, name) : null;
  const why = whyOfDetail(detail, runFactsOf(run, name), audio?.status === 200 ? audio.analysis.findings : null, divergence);
  const out: ScenarioView = {
    run: run.id,
    name,
    row,
    failingSignals: why.signals.map((f) => ({ signal: f.signal, value: f.value })),
    callEnd: detail.callEnd
      ? (() => {
          const { story, ...fields } = detail.callEnd;
          return { text: story.text, agentAtFault: story.agentAtFault, fields: asJson({ ...fields }) };
        })()
      : null,
    unknownFields: { fields: detail.unknownFields.fields.map((f) => ({ ...f })), count: detail.unknownFields.count },
    likelyCauses: why.causes.causes.map((c) => ({
      kind: c.kind,
      owner: c.owner,
      secondary: c.secondary ?? null,
      message: c.message,
      evidence: c.evidence,
      also: c.also ?? [],
      turn: c.turn,
    })),
    wentWrongAt: why.causes.wentWrongAt,
    problems: detail.problems.map((p) => ({ file: p.file, kind: p.kind, message: p.message })),
    mark: verdictChanges(ctx.store.index, run).marks[name] ?? null,
    acrossRuns: scenarioAcrossRuns(ctx.store.index, run, name),
    retries: detail.retries
      ? {
          count: detail.retries.count,
          attempts: detail.retries.attempts.slice(0, 20).map((a) => ({ attempt: a.attempt, reason: cut(a.reason, 500), folder: a.folder, at: a.at })),
        }
      : null,
    judgeSeen: detail.judgeSeen ? { sections: asJson({ ...detail.judgeSeen.sections }), flags: [...detail.judgeSeen.flags] } : null,
    label: null,
    ledgerProblem: null,
  };
  try {
    const label = await (await ctx.ledger()).getLabel(run.id, name);
    out.label = label
      ? {
          cause: label.cause,
          secondary: label.secondary,
          status: label.status,
          note: label.note,
          ref: label.ref,
          updatedBy: label.updatedBy,
          updatedAt: label.updatedAt,
          revision: label.revision,
        }
      : null;
  } catch (err) {
    out.ledgerProblem = `the triage ledger is unavailable: ${(err as Error).message}`;
  }
  if (include.has("judge")) {
    const j = judgeFields(detail.judge as StoredJudge | undefined);
    const verdicts = capped(j?.verdicts ?? [], MAX_VERDICTS);
    out.judge = j
      ? {
          score: scalar(j.score),
          passed: row?.judge_passed ?? null,
          reason: cut(j.reason, REASON_CHARS),
          reasonChars: j.reason?.length ?? 0,
          note: why.judgeNote,
          verdicts: verdicts.items.map((v, i) => ({
            index: i,
            assertion: cut(v?.assertion ?? null, 1000),
            passed: v?.passed ?? null,
            reason: cut(v?.reason ?? null, 1000),
          })),
          moreVerdicts: verdicts.more,
        }
      : null;
  }
  if (include.has("transcript")) {
    const { turns, source, timed } = why.transcript;
    const shown = turns.slice(turnsOffset, turnsOffset + TURNS_PER_CALL);
    const rest = turns.length - turnsOffset - shown.length;
    out.transcript = {
      source,
      timed,
      sourcesNote: why.sourcesNote,
      total: turns.length,
      offset: turnsOffset,
      turns: shown.map((t, i) => ({
        index: turnsOffset + i,
        role: t.role,
        at: num(t.at),
        latencyMs: num(t.latencyMs),
        text: cut(t.text, TURN_CHARS) as string,
        cut: t.text.length > TURN_CHARS,
        interrupted: t.interrupted,
      })),
      more: rest > 0 ? `${rest} more turn(s): call get_scenario with include=["transcript"] turns_offset=${turnsOffset + shown.length}` : null,
    };
  }
  if (include.has("tools")) {
    const calls = detail.insights.toolCalls;
    const shown = capped(calls ?? [], MAX_TOOL_CALLS);
    out.toolCalls = {
      total: calls ? calls.length : null,
      calls: shown.items.map((c, i) => ({
        index: i,
        name: c.name,
        arguments: cut(typeof c.arguments === "string" ? c.arguments : (JSON.stringify(c.arguments) ?? ""), TOOL_TEXT_CHARS) as string,
        result: cut(c.result, TOOL_TEXT_CHARS),
        error: c.error,
        unknownTool: c.unknownTool,
        mutating: c.mutating,
      })),
      more: shown.more,
    };
  }
  if (include.has("timing")) {
    const t = detail.timing;
    out.timing = t
      ? asJson({
          stop_reason: t.stop_reason,
          turns: t.turns,
          slowest: {
            agent: t.slowest.agent.slice(0, 3).map((s) => ({ ...s, text: cut(s.text, 200) })),
            user: t.slowest.user.slice(0, 3).map((s) => ({ ...s, text: cut(s.text, 200) })),
          },
          over_60s: t.over_60s.length,
          flow: t.flow.findings.slice(0, 20).map((f) => ({ kind: f.kind, turns: f.turns, quote: cut(f.quote, 300), detail: cut(f.detail, 300) })),
          alignment: t.alignment_text,
        })
      : null;
  }
  if (include.has("audio")) {
    const a = audio ?? (await audioAnalysis(run, name));
    out.audio =
      a.status === 200
        ? {
            status: 200,
            reason: null,
            durationSeconds: num(a.analysis.durationSeconds),
            findings: asJson(a.analysis.findings.slice(0, MAX_FINDINGS)).map((f) => ({
              kind: f.kind,
              side: f.side,
              start: num(f.start),
              end: num(f.end),
              message: f.message,
            })),
            findingCount: a.analysis.counts?.findings ?? a.analysis.findings.length,
            interaction: a.analysis.interaction ? asJson({ ...a.analysis.interaction }) : null,
            deadAir: a.analysis.deadAir ? asJson({ ...a.analysis.deadAir }) : null,
            responseLatencyByTurn: a.analysis.responseLatencyByTurn ? asJson({ ...a.analysis.responseLatencyByTurn }) : null,
            line: a.analysis.line ? asJson({ ...a.analysis.line }) : null,
          }
        : { status: a.status, reason: a.reason, durationSeconds: null, findings: [], findingCount: 0, interaction: null, line: null };
  }
  if (include.has("files")) out.files = detail.files.map((f) => ({ path: f.path, present: f.present, size: num(f.size) }));
  return out;
}

function scenarioText(s: ScenarioView): string {
  const lines = [
    `Scenario ${q(s.name, 200)} of run ${q(s.run)}: ${s.row ? verdictText(s.row.verdict) : "no usable metrics.json yet"}${s.row?.stalled ? " (stalled)" : ""}.`,
    DATA_NOTE,
  ];
  if (s.failingSignals.length) lines.push(`Failing signals: ${s.failingSignals.map((f) => `${q(f.signal, 80)} (${q(f.value, 120)})`).join(", ")}.`);
  if (s.callEnd) lines.push(`How the call ended: ${q(s.callEnd.text, 300)}`);
  if (s.unknownFields?.count) lines.push(`metrics.json fields not interpreted yet: ${s.unknownFields.fields.map((f) => q(f.key, 80)).join(", ")}.`);
  if (s.judge) {
    lines.push(
      `Judge: score ${JSON.stringify(s.judge.score)}${s.judge.passed === null ? "" : s.judge.passed ? " (passed)" : " (failed)"}; reason ${q(s.judge.reason, 1000)}${s.judge.note ? ` (${s.judge.note})` : ""}.`,
    );
    for (const v of s.judge.verdicts.filter((v) => v.passed === false).slice(0, 10))
      lines.push(`  NL assertion ${v.index} failed: ${q(v.assertion, 300)} — ${q(v.reason, 500)}`);
  }
  if (s.mark)
    lines.push(
      s.mark.kind === "new"
        ? "New failure: it passed in the previous run of the suite."
        : s.mark.kind === "now_stalled"
          ? "Now stalled: it passed in the previous run of the suite and stalled in this one (an infrastructure failure, not a new failure)."
          : s.mark.kind === "flaky"
            ? `Flaky: ${s.mark.flips} flip(s), ${s.mark.passes} pass(es) of ${s.mark.of} run(s) before this one.`
            : `Still failing: ${s.mark.runs} run(s) in a row, since ${q(s.mark.sinceRun, 200)}.`,
    );
  if (s.acrossRuns.runs.length > 1)
    lines.push(
      `Across the suite (oldest first${s.acrossRuns.earlier ? `, ${s.acrossRuns.earlier} earlier not shown` : ""}): ${s.acrossRuns.runs.map((r) => r.cell).join("")}.`,
    );
  if (s.retries?.count)
    lines.push(
      `Retried ${s.retries.count} time(s) before this attempt was accepted: ${s.retries.attempts.map((a) => `attempt ${a.attempt} ${q(a.reason, 150)}`).join("; ")}.`,
    );
  if (s.judgeSeen) {
    const unseen = Object.entries(s.judgeSeen.sections)
      .filter(([, v]) => !v.seen)
      .map(([k]) => k);
    if (unseen.length || s.judgeSeen.flags.length)
      lines.push(
        `The judge was not sent: ${unseen.join(", ") || "nothing missing"}${s.judgeSeen.flags.length ? `; flags ${s.judgeSeen.flags.map((f) => q(f, 80)).join(", ")}` : ""}.`,
      );
  }
  for (const c of s.likelyCauses)
    lines.push(
      `Likely cause (${c.owner}${c.turn !== null ? `, turn ${c.turn}` : ""}): ${q(c.message, 500)}${c.evidence ? `; evidence ${q(c.evidence, 200)}` : ""}${c.also.map((a) => `; also ${q(a, 200)}`).join("")}`,
    );
  if (s.wentWrongAt) lines.push(`Went wrong at turn ${s.wentWrongAt.turn}: ${q(s.wentWrongAt.why, 300)}.`);
  if (s.label) lines.push(`Ledger label: ${s.label.cause}, ${s.label.status}${s.label.note ? `, note ${q(s.label.note, 300)}` : ""}.`);
  if (s.ledgerProblem) lines.push(s.ledgerProblem);
  if (s.problems.length)
    lines.push(
      `Problems: ${s.problems
        .slice(0, 5)
        .map((p) => `${q(p.file, 100)}: ${q(p.message, 200)}`)
        .join("; ")}.`,
    );
  if (s.transcript) {
    lines.push(
      `Transcript (${s.transcript.total} turns from ${s.transcript.source ?? "no source"}${s.transcript.sourcesNote ? `; ${s.transcript.sourcesNote}` : ""}):`,
    );
    for (const t of s.transcript.turns) lines.push(`  [${t.index}] ${t.role}: ${q(t.text, 500)}`);
    if (s.transcript.more) lines.push(s.transcript.more);
  }
  if (s.toolCalls) {
    lines.push(`Tool calls: ${s.toolCalls.total ?? "unknown (no agent context)"}.`);
    for (const c of s.toolCalls.calls.slice(0, 20))
      lines.push(`  [${c.index}] ${q(c.name, 100)}(${q(c.arguments, 200)})${c.error ? " → error" : ""}${c.result !== null ? ` → ${q(c.result, 200)}` : ""}`);
  }
  if (s.audio) {
    if (s.audio.status !== 200) lines.push(`Audio: ${s.audio.reason}.`);
    else {
      lines.push(
        `Audio: ${s.audio.findingCount} finding(s)${
          s.audio.findings.length
            ? `: ${s.audio.findings
                .slice(0, 10)
                .map((f) => `${f.kind} at ${f.start ?? "?"} s`)
                .join(", ")}`
            : ""
        }.`,
      );
      const p = s.audio.interaction as {
        responseRate?: number | null;
        responseLatencyMean?: number | null;
        yieldRate?: number | null;
        agentInterruptionRate?: number | null;
      } | null;
      if (p)
        lines.push(
          `Interaction: response rate ${p.responseRate ?? "unknown"}, mean response latency ${p.responseLatencyMean ?? "unknown"} s, yield rate ${p.yieldRate ?? "unknown"}, agent interruption rate ${p.agentInterruptionRate ?? "unknown"}.`,
        );
    }
  }
  if (s.files)
    lines.push(
      `Files: ${s.files
        .filter((f) => f.present)
        .map((f) => q(f.path, 200))
        .join(", ")}.`,
    );
  return lines.join("\n");
}
