/**
 * The scenario-level triage report: headline, latency breakdown, tool-call trace against the
 * reference, ASR diff (real mistranscriptions first, benign normalisation apart), flow issues,
 * gold-replay cross-check, root-cause attribution (primary and secondary owner), recommended actions.
 */
import { count } from "../../format";
import type { ActionDiff } from "../../insights/action-diff";
import type { AsrDiff } from "../../insights/asr-diff";
import type { Hint } from "../../insights/hints";
import type { ScenarioWhy } from "../../insights/scenario-why";
import { tokenSide } from "../../token-usage";
import type { ToolCall } from "../../insights/tool-calls";
import type { ScenarioRow } from "../../scenario-row";
import type { ScenarioTiming } from "../scenario-timing";
import { mdInline } from "../../markdown";
import { latencySections, NO_LOGS } from "./latency-sections";
import { REPORT_REASON_CHARS } from "./run-report";
import { num, pct, table } from "./md";

export interface ScenarioReportInput {
  run: string;
  name: string;
  row: ScenarioRow | null;
  metrics: Record<string, unknown> | null;
  /** `null` when no conversation log or bridge log was there: the figures only they give read NO_LOGS. */
  timing: ScenarioTiming | null;
  /** The transcript, failing signals, judge's reason and likely causes, as the scenario page shows them. */
  why: ScenarioWhy;
  toolCalls: ToolCall[] | null;
  actions: ActionDiff | null;
  asr: AsrDiff | null;
  /** Kept for callers that pass them; the attribution reads `why.causes`, which includes them. */
  hints?: Hint[];
}

const ASR_FLAG = 0.08;

const ACTION: Record<Hint["owner"], string> = {
  agent: "Fix the agent (prompt, tool use or policy) and re-run this scenario.",
  "user-sim": "Check the user simulator's prompt and behaviour; the agent may not be at fault.",
  ASR: "Check the speech recognizer on the misheard words; have the agent confirm spelled values.",
  framework: "Fix the harness or infrastructure issue, then re-run; do not count this against the agent.",
  judge: "Re-run the judge (its endpoint failed); the verdict is not evidence about the agent.",
};

function headline(x: ScenarioReportInput): string {
  const r = x.row;
  const m = x.metrics ?? {};
  if (!r) return "_No usable metrics.json: the scenario has not finished or its metrics are unreadable._\n";
  const v = (b: unknown) => (b === true ? "pass" : b === false ? "FAIL" : "N/A");
  return table(
    ["Fact", "Value"],
    [
      ["Verdict (as counted)", v(r.verdict) + (r.stalled ? " (stalled)" : "")],
      ["Task verdict", v(r.task_verdict)],
      ["Failed signals", r.success_breakdown.failed.map((f) => mdInline(f)).join(", ") || "—"],
      ["Stop reason", r.stop_reason === null ? "—" : mdInline(r.stop_reason)],
      ["Judge score", num(r.judge_score, 2)],
      [
        "DB match",
        `${v(r.db_state_match)} (actual ${mdInline(m.db_state_actual_hash ?? "null", 20)} vs expected ${mdInline(m.db_state_expected_hash ?? "null", 20)})`,
      ],
      ["DB assertions", pct(r.db_state_assertion_pass_rate)],
      ["NL assertions", pct(r.nl_assertion_pass_rate)],
      ["Turns", String(r.turns)],
      ["Duration s", num(r.duration_seconds, 1)],
      ["Tokens (metrics.json)", tokensText(m)],
    ],
  );
}

function tokensText(m: Record<string, unknown>): string {
  const side = (name: "agent" | "user") => {
    const t = tokenSide(m, name);
    const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? count(v) : "?");
    return t ? `${name} ${n(t.n_calls)} calls, ${n(t.prompt)} prompt + ${n(t.completion)} completion` : `${name} not recorded`;
  };
  return `${side("agent")}; ${side("user")}`;
}

/** Failing signals with their values, the judge's reason, the likely causes and the turn where it went wrong. */
function whySection(w: ScenarioWhy): string {
  const out: string[] = [];
  for (const s of w.signals) out.push(`- **${mdInline(s.signal)}**: ${mdInline(s.value)}\n`);
  if (w.reason !== null)
    out.push(`- Judge's reason${w.judgeNote ? ` (${w.judgeNote})` : ""}: ${w.reason ? `"${mdInline(w.reason, REPORT_REASON_CHARS)}"` : "_(empty)_"}\n`);
  else out.push("- Judge's reason: _no judge_result.json_\n");
  if (w.causes.wentWrongAt) out.push(`- Where it went wrong: turn ${w.causes.wentWrongAt.turn} (${mdInline(w.causes.wentWrongAt.why, 200)})\n`);
  return out.join("");
}

/** How many turns the report lists (the rest are in the files). */
const REPORT_TURNS = 400;

function transcriptSection(w: ScenarioWhy): string {
  const t = w.transcript;
  const out: string[] = [
    `${t.turns.length} turn(s) from ${t.source ?? "nowhere (no file holds a turn)"}.${w.sourcesNote ? ` ${mdInline(w.sourcesNote)}` : ""}\n\n`,
  ];
  for (const p of t.problems) out.push(`- Problem: ${mdInline(p.message, 300)}\n`);
  if (t.problems.length) out.push("\n");
  const when = (x: (typeof t.turns)[number]) => (x.start !== null ? num(x.start, 1) : x.at !== null ? `+${num(x.at, 1)}` : "—");
  out.push(
    table(
      ["#", "Time s", "Side", "Latency ms", "Text"],
      t.turns
        .slice(0, REPORT_TURNS)
        .map((x, i) => [String(i), when(x), x.role, x.latencyMs === null ? "—" : num(x.latencyMs, 0), mdInline(x.text, 300) || "_(no words)_"]),
    ),
  );
  if (t.turns.length > REPORT_TURNS) out.push(`\n_${t.turns.length - REPORT_TURNS} more turn(s) in the files._\n`);
  return out.join("");
}

function toolTrace(x: ScenarioReportInput): string {
  const out: string[] = [];
  if (x.toolCalls === null) out.push("_Agent context missing or empty: tool calls unknown (not zero)._\n");
  else
    out.push(
      table(
        ["Message", "Tool", "Arguments", "Result", "Write"],
        x.toolCalls.map((c) => [
          String(c.messageIndex),
          mdInline(c.name),
          mdInline(JSON.stringify(c.arguments), 80),
          mdInline(c.result ?? "—", 80),
          c.mutating ? "yes" : "",
        ]),
      ),
    );
  const a = x.actions;
  if (a && a.comparable) {
    out.push(
      `\nAgainst the reference: ${a.matched.length} matched, ${a.missing.length} missing, ${a.wrongArgs.length} wrong arguments, ${a.extra.length} extra.\n`,
    );
    for (const w of a.missing) out.push(`- missing: ${mdInline(w.name)}\n`);
    for (const w of a.wrongArgs)
      out.push(
        `- wrong arguments: ${mdInline(w.name)} (${w.differences.map((d) => `${mdInline(d.key)}: expected ${mdInline(JSON.stringify(d.expected), 40)}, got ${mdInline(JSON.stringify(d.actual), 40)}`).join("; ")})\n`,
      );
    for (const w of a.extra) out.push(`- extra: ${mdInline(w.name)}\n`);
  } else out.push("\n_No comparable reference action list._\n");
  return out.join("");
}

/** `turns`: each pair's transcript turn (the page's numbering), `null` where none says it. */
function asrSection(asr: AsrDiff | null, turns: ReadonlyArray<number | null>): string {
  if (!asr) return "_Needs both LLM contexts._\n";
  const at = (i: number) => (typeof turns[i] === "number" ? `turn ${turns[i]}` : `utterance ${i + 1}`);
  const real = asr.pairs.filter((p) => p.wer >= ASR_FLAG);
  const benign = asr.pairs.filter((p) => p.wer < ASR_FLAG && p.meant.trim() !== p.heard.trim());
  const rows = (list: typeof real) => list.map((p) => [at(p.index), mdInline(p.meant, 80), mdInline(p.heard, 80), pct(p.wer)]);
  return [
    `Utterances meant ${asr.meantCount}, heard ${asr.heardCount}${asr.meantCount !== asr.heardCount ? " (count mismatch: interruptions, dropped utterances or echo)" : ""}; overall WER ${pct(asr.wer)}.\n\n`,
    "**Real mistranscriptions**\n\n",
    table(["Turn", "Meant", "Heard", "WER"], rows(real)),
    "\n**Benign normalisation**\n\n",
    table(["Turn", "Meant", "Heard", "WER"], rows(benign)),
  ].join("");
}

export function scenarioReport(x: ScenarioReportInput): string {
  const t = x.timing;
  const m = x.metrics ?? {};
  const out: string[] = [];
  out.push(`# Scenario report: ${mdInline(x.name)}\n\nRun: ${mdInline(x.run)}. Generated by voice-eval-dashboard from the result files.\n\n`);
  out.push("## Headline\n\n", headline(x));
  out.push(`\n## ${x.why.failed ? "Why it failed" : "Outcome"}\n\n`, whySection(x.why));
  out.push("\n## Transcript\n\n", transcriptSection(x.why));
  out.push("\n## Latency breakdown\n\n");
  if (t) {
    out.push(`Alignment: ${t.alignment_text}. Metrics source: ${t.metrics_source}.\n\n`, latencySections(t));
    out.push("\n### Slowest turns\n\n");
    out.push(
      table(
        ["Side", "Turn", "Latency s", "LLM calls", "Text"],
        [...t.slowest.agent, ...t.slowest.user].map((s) => [
          s.role,
          String(s.turn),
          num(s.latency_s),
          s.llm_calls === null ? "—" : String(s.llm_calls),
          mdInline(s.text, 80),
        ]),
      ),
    );
    out.push(`\nTurns over 60 s: ${t.over_60s.length ? t.over_60s.map((o) => `turn ${o.turn} (${num(o.latency_s)} s)`).join(", ") : "none"}.\n`);
    out.push("\n### Waterfall per agent turn\n\n");
    out.push(
      table(
        ["Turn", "Gap s", "LLM calls (TTFB s)", "TTS s", "Other s", "Remainder s"],
        t.waterfall.map((w) => {
          const sum = (k: string) => w.parts.filter((p) => p.kind === k).reduce((a, p) => a + p.seconds, 0);
          return [
            String(w.turn),
            num(w.gap_s),
            w.parts
              .filter((p) => p.kind === "llm")
              .map((p) => num(p.seconds))
              .join(" + ") || "—",
            num(sum("tts")),
            num(sum("other")),
            // Never a negative span: the page marks the turn "!" (stage TTFBs exceed the gap).
            w.overrun ? `— (the stages' TTFBs exceed the gap by ${num(-sum("remainder"))} s)` : num(sum("remainder")),
          ];
        }),
      ),
    );
  } else {
    const ls = m.latency_stats as Record<string, unknown> | undefined;
    const stat = (k: string) => (typeof ls?.[k] === "number" ? num((ls[k] as number) / 1000) : "?");
    out.push(`Stages, turn-taking, budget and waterfall: ${NO_LOGS} (no conversation_log.txt, segLST or bridge_log.txt).\n\n`);
    out.push(
      typeof ls?.count === "number" && ls.count > 0
        ? `Agent response latency (metrics.json latency_stats, s): n=${ls.count}, mean ${stat("mean_ms")}, p50 ${stat("p50_ms")}, p95 ${stat("p95_ms")}, max ${stat("max_ms")}; per turn in the transcript above.\n`
        : "metrics.json holds no latency measurement.\n",
    );
  }
  out.push("\n## Tool-call trace against the reference\n\n", toolTrace(x));
  out.push("\n## ASR diff\n\n", asrSection(x.asr, x.why.asrTurns));
  out.push("\n## Flow issues\n\n");
  if (t) {
    out.push(
      t.flow.findings.length
        ? t.flow.findings
            .map(
              (f) =>
                `- ${f.kind} (${f.message !== null ? `message ${f.message}` : `turn ${f.turns.join(", ")}`}): ${mdInline(f.detail, 300)} Quote: "${mdInline(f.quote, 120)}"\n`,
            )
            .join("")
        : "_none found_\n",
    );
    for (const s of t.flow.skipped) out.push(`- ${s.kind} not checked: ${s.reason}\n`);
  } else out.push(`_Not checked: ${NO_LOGS}._\n`);
  out.push("\n## Gold-replay cross-check\n\n");
  out.push(
    `- Expected DB hash (reference replayed): ${mdInline(m.db_state_expected_hash ?? "none", 70)}\n- Actual DB hash: ${mdInline(m.db_state_actual_hash ?? "none (the bot reported none)", 70)}\n- Match: ${m.db_state_match === true ? "yes" : m.db_state_match === false ? "no" : "N/A"}\n`,
  );
  if (x.actions?.comparable)
    out.push(
      `- Recorded actions against the reference: ${x.actions.matched.length}/${x.actions.matched.length + x.actions.missing.length + x.actions.wrongArgs.length} matched\n`,
    );
  out.push("\n## Root-cause attribution\n\n");
  const causes = x.why.causes.causes;
  out.push(
    table(
      ["Finding", "Primary", "Secondary", "Evidence"],
      causes.map((c) => [mdInline(c.message, 200), c.owner, c.secondary ?? "—", `${c.evidence ? `${mdInline(c.evidence, 80)} ` : ""}#${c.anchor}`]),
    ),
  );
  out.push("\n## Recommended actions\n\n");
  const owners = [...new Set(causes.map((c) => c.owner))];
  out.push(
    owners.length ? owners.map((o, i) => `${i + 1}. ${ACTION[o]}\n`).join("") : "1. No likely cause found: compare with a passing run of the same scenario.\n",
  );
  return out.join("");
}
