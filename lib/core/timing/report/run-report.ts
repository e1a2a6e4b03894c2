/**
 * The run-level triage report (ARTIFACTS.md §7.13) in the layout triagers fill in by hand:
 * aggregate signals, per-scenario status, cross-scenario patterns, latency rollup, next steps.
 * Every number is the one the pages and `summary --json` / `/api/runs/{id}/timing` show.
 */
import { runTimeSentence } from "../../run-time";
import { count } from "../../format";
import { rateLabel } from "../../figures";
import { retriesReportSection } from "../../retries-report";
import type { RunRetries } from "../../retries";
import { RATE_NAMES } from "../../aggregates";
import type { RunSummaryJson } from "../../run-json";
import type { ScenarioRow } from "../../scenario-row";
import { loggedOf, type RunTiming } from "../rollup";
import { mdInline } from "../../markdown";
import type { AudioFinding } from "../../audio/analyse";
import { interactionRows, type PooledPanel } from "../../audio/interaction";
import { STOP_REASON_LABEL } from "../../call-end";
import { deadAirRows, latencySplitRows, type DeadAir, type ResponseLatencyByTurn } from "../../audio/interaction-facts";
import type { FailingSignal } from "../../insights/failing-signals";
import { latencySections, NO_LOGS, type MetricsTokens } from "./latency-sections";
import { num, table } from "./md";

export interface RunReportInput {
  run: string;
  summary: RunSummaryJson;
  rows: ScenarioRow[];
  timing: RunTiming;
  /** Where the recordings and the logs disagree (lib/core/audio), when the run has recordings. */
  audio?: {
    recordings: number;
    findings: ReportedFinding[];
    interaction?: PooledPanel;
    deadAir?: DeadAir & { calls?: number };
    responseLatencyByTurn?: ResponseLatencyByTurn;
  } | null;
  /** The run's automatic retries (issue 45). */
  retries?: RunRetries | null;
  /** Each failing scenario's failing signals and judge's reason (`null`: no judge_result.json or no reason in it). */
  failures?: ReadonlyArray<{ name: string; signals: FailingSignal[]; reason: string | null }>;
  /** metrics.json's token_usage summed over the run: the token totals whatever the logs hold. */
  tokens?: MetricsTokens | null;
}

/** How much of a judge's reason a report carries. */
export const REPORT_REASON_CHARS = 200;

/** A finding of one scenario's recording, or a recording that could not be read ("unreadable", its reason as the message). */
export type ReportedFinding = Omit<AudioFinding, "kind"> & { scenario: string; kind: AudioFinding["kind"] | "unreadable" };

/** `0.3750 (9/24)`: the rate line the report test reads back. */
export function rateText(r: { value: number | null; numerator: number; denominator: number }): string {
  // NaN prints as Python does (a NaN judge score makes the mean nan); an empty bucket has no value.
  const show = (v: number, digits: number) => (Number.isNaN(v) ? "nan" : Number.isInteger(v) && digits === 0 ? String(v) : v.toFixed(digits));
  const numerator = Number.isInteger(r.numerator) ? String(r.numerator) : show(r.numerator, 4);
  return `${r.value === null ? "—" : show(r.value, 4)} (${numerator}/${r.denominator})`;
}

function verdict(v: ScenarioRow["verdict"]): string {
  return v === true ? "pass" : v === false ? "FAIL" : "N/A";
}

function nextSteps(x: RunReportInput): string[] {
  const t = x.timing;
  const steps: string[] = [];
  for (const p of t.patterns)
    if (p.kind !== "misheard" && p.kind !== "fabrication")
      steps.push(`Fix the framework first: ${p.text} (${p.scenarios.slice(0, 5).join(", ")}${p.scenarios.length > 5 ? ", …" : ""}).`);
  if (x.summary.stalled.length)
    steps.push(`Re-run the ${x.summary.stalled.length} stalled scenario(s) (infrastructure, not agent quality): ${x.summary.stalled.join(", ")}.`);
  if (t.flow.fabrication.length) steps.push(`Review fabricated action claims in: ${t.flow.fabrication.join(", ")}.`);
  if (t.flow.loop.length) steps.push(`Look for loops (often behind [TIMEOUT]) in: ${t.flow.loop.join(", ")}.`);
  if (t.flow["skipped-confirmation"].length) steps.push(`Check writes made without a confirmation in: ${t.flow["skipped-confirmation"].join(", ")}.`);
  if (t.flow.echo.length) steps.push(`Check acoustic echo (user turns that read like the agent) in: ${t.flow.echo.join(", ")}.`);
  for (const p of t.patterns.filter((p) => p.kind === "misheard").slice(0, 3)) steps.push(`Recurring mistranscription: ${p.text} (${p.scenarios.join(", ")}).`);
  if (t.over_60s.length) steps.push(`Investigate ${t.over_60s.length} turn(s) over 60 s: ${[...new Set(t.over_60s.map((o) => o.scenario))].join(", ")}.`);
  const cpt = t.calls_per_turn.agent;
  if (cpt.ratio !== null && cpt.ratio > 1.5 && (cpt.gap_s ?? 0) > 5)
    steps.push("Agent latency is dominated by tool-call chains: reduce chained calls per turn.");
  const heard = x.audio?.findings ?? [];
  if (heard.length)
    steps.push(`Listen to the recordings where the audio and the logs disagree: ${[...new Set(heard.map((f) => f.scenario))].slice(0, 10).join(", ")}.`);
  if (!steps.length) steps.push("No systematic issue found: read the failing scenarios' own reports.");
  return steps;
}

export function runReport(x: RunReportInput): string {
  const { summary: s, timing: t } = x;
  const out: string[] = [];
  out.push(`# Triage report: ${mdInline(x.run)}\n\n`);
  out.push(`Generated by voice-eval-dashboard from the result files (nothing is written into the results folder).\n\n`);
  if (s.partial) out.push(`**PARTIAL RUN: ${s.completed_count}/${s.intended_count} analyzed; run state: ${s.state}.**\n\n`);
  if (t.pending > 0) out.push(`**Timing: ${t.pending} scenario(s) not read yet; the latency figures cover ${t.scenarios}.**\n\n`);
  out.push("## Aggregate signals\n\n");
  out.push(
    table(
      ["Signal", "Value (numerator/denominator)", "Rate (as all_summary.txt names it)"],
      RATE_NAMES.map((name) => [name, rateText(s.rates[name]), rateLabel(name)]),
    ),
  );
  const j = t.judge_scores;
  out.push(`\n- Judge scores: = 1.0: ${j.one}; [0.8, 1): ${j.from_0_8}; [0.5, 0.8): ${j.from_0_5}; < 0.5: ${j.below_0_5}; judge errors and NaN: ${j.errors}\n`);
  out.push(
    `- Stop reasons: ${
      Object.entries(t.stop_reasons)
        .map(([k, v]) => `${mdInline(k)} ${v}${STOP_REASON_LABEL[k] ? ` (${STOP_REASON_LABEL[k]})` : ""}`)
        .join(", ") || "none"
    }\n`,
  );
  // The runs list's run time (lib/core/run-time.ts); a span that cannot be measured is unknown, never negative.
  out.push(`- ${runTimeSentence(t)}\n`);
  if (x.tokens) {
    const all = x.tokens.agent.prompt + x.tokens.agent.completion + x.tokens.user.prompt + x.tokens.user.completion;
    out.push(
      `- Tokens (metrics.json token_usage): ${count(all)} total; agent ${count(x.tokens.agent.n_calls)} LLM calls, user ${count(x.tokens.user.n_calls)}\n`,
    );
  }
  out.push(`- Stalled: ${s.stalled.length ? s.stalled.map((n) => mdInline(n)).join(", ") : "none"}\n\n`);
  out.push("## Per-scenario status\n\n");
  out.push(
    table(
      ["Scenario", "Domain", "Verdict", "Stop reason", "Judge", "Turns", "Duration s", "Failed signals"],
      x.rows.map((r) => [
        mdInline(r.name),
        mdInline(r.domain),
        verdict(r.verdict) + (r.stalled ? " (stalled)" : ""),
        r.stop_reason === null ? "—" : mdInline(r.stop_reason),
        num(r.judge_score, 2),
        String(r.turns),
        num(r.duration_seconds, 1),
        r.success_breakdown.failed.map((f) => mdInline(f)).join(", ") || "—",
      ]),
    ),
  );
  if (x.failures) {
    out.push("\n## Failures: why each failed\n\n");
    out.push(
      table(
        ["Scenario", "Failing signals", `Judge's reason (first ${REPORT_REASON_CHARS} characters)`],
        x.failures.map((f) => [
          mdInline(f.name),
          f.signals.map((s) => `${mdInline(s.signal)}: ${mdInline(s.value)}`).join("; ") || "—",
          f.reason === null ? "_no judge reason (no judge_result.json, or no reason in it)_" : mdInline(f.reason, REPORT_REASON_CHARS) || "_(empty)_",
        ]),
      ),
    );
  }
  out.push("\n## Cross-scenario patterns\n\n");
  out.push(t.patterns.length ? t.patterns.map((p) => `- ${mdInline(p.text)}: ${p.scenarios.map((n) => mdInline(n, 300)).join(", ")}\n`).join("") : "_none_\n");
  out.push("\n## Latency rollup\n\n");
  out.push(`Pooled over the scenarios with logs: ${loggedOf(t)} (events concatenated; killed attempts left out).\n\n`);
  out.push(latencySections(t, "###", x.tokens ?? null));
  out.push("\n### Turns over 60 s\n\n");
  if (!t.turns.agent && !t.turns.user) out.push(`_${NO_LOGS}: no turn was timed._\n`);
  else
    out.push(
      table(
        ["Scenario", "Turn", "Side", "Latency s", "LLM calls", "Text"],
        t.over_60s.map((o) => [
          mdInline(o.scenario),
          String(o.turn),
          o.role,
          num(o.latency_s),
          o.llm_calls === null ? "—" : String(o.llm_calls),
          mdInline(o.text, 80),
        ]),
      ),
    );
  if (x.audio && x.audio.recordings > 0) {
    out.push("\n## Audio findings\n\n");
    out.push(`Measured on ${x.audio.recordings} recording(s) (conversation_log.wav): where what was heard and what was logged disagree.\n\n`);
    out.push(
      x.audio.findings.length
        ? table(
            ["Scenario", "Finding", "Side", "Start s", "End s", "What"],
            x.audio.findings.map((f) => [mdInline(f.scenario), f.kind, f.side, num(f.start, 1), num(f.end, 1), mdInline(f.message, 200)]),
          )
        : "_none_\n",
    );
    if (x.audio.interaction) {
      out.push("\n### Interaction (τ-voice panel, on the recordings)\n\n");
      out.push(
        table(
          ["Metric", "Value", "Events"],
          interactionRows(x.audio.interaction).map((r) => [r.label, r.text, String(r.events)]),
        ),
      );
    }
    if (x.audio.deadAir) {
      out.push("\n### Dead air and response latency by turn (τ-voice interaction facts)\n\n");
      const rows = [...deadAirRows(x.audio.deadAir), ...(x.audio.responseLatencyByTurn ? latencySplitRows(x.audio.responseLatencyByTurn) : [])];
      out.push(
        table(
          ["Fact", "Value"],
          rows.map((r) => [r.label, mdInline(r.text, 200)]),
        ),
      );
    }
  }
  out.push(retriesReportSection(x.retries));
  out.push("\n## Next steps\n\n");
  out.push(
    nextSteps(x)
      .map((step, i) => `${i + 1}. ${mdInline(step, 4000)}\n`)
      .join(""),
  );
  return out.join("");
}
