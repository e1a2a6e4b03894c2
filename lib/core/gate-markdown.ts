/** The CI gate's result as a Markdown pull-request comment. Results text is escaped, never interpreted. */
import { RATE_NAMES, type Rate, type RateName } from "./aggregates";
import { isMeanRate, rateLabel, rateValueText, WITHOUT_RETRIES_LABEL } from "./figures";
import { deltaText, percent } from "./format";
import { mdInline } from "./markdown";
import { formatP, type ChangedScenario, type GateResult, type GateRule } from "./gate";
import type { PairedTest } from "./compare";
import { wilson } from "./stats";

/** How many regressed scenarios the comment lists before "… and N more". */
export const MAX_LISTED = 50;

const pct = (x: number) => percent(x);
const pp = (x: number) => deltaText(x);

/** A rate as the pages write it (lib/core/figures.ts), with its counts and its 95% Wilson interval. */
function rateCell(name: RateName, r: Rate): string {
  if (r.value === null) return "–";
  if (isMeanRate(name)) return `${rateValueText(name, r)} (n = ${r.denominator})`;
  const w = wilson(r.numerator, r.denominator);
  return `${rateValueText(name, r)} (${r.numerator}/${r.denominator}${w ? `; ${pct(w.low)}–${pct(w.high)}` : ""})`;
}

function pairedCell(test: PairedTest): string {
  const d = test.difference;
  if (!d) return "–";
  return `${pp(d.estimate)} (95% CI ${pp(d.low)} to ${pp(d.high)}; p = ${test.n ? formatP(test.pValue) : "–"})`;
}

function deltaCell(name: RateName, a: Rate, b: Rate): string {
  if (a.value === null || b.value === null) return "–";
  const d = b.value - a.value;
  return deltaText(d, name === "judge_score_mean");
}

/** How long a judge's reason may be in the comment. */
export const REASON_CHARS = 160;

const RULES: Record<GateRule, string> = {
  unfinished: "the run is unfinished",
  "paired-test": "the paired test (McNemar exact)",
  "stable-scenario": "a new failure of a stable scenario",
  "max-regressed": "--max-regressed",
  "min-success-rate": "--min-success-rate",
  untestable: "nothing could be paired",
};

const short = (text: string | null) => (text === null ? "–" : mdInline(text.length > REASON_CHARS ? `${text.slice(0, REASON_CHARS - 1)}…` : text));
const signals = (s: ChangedScenario) => (s.failingSignals.length ? s.failingSignals.map((t) => mdInline(t)).join(", ") : "–");

/** "Still failing" and "Fixed": a short list each, with signals and the judge's reason. */
function listSection(lines: string[], title: string, list: readonly ChangedScenario[], withWhy: boolean): void {
  if (!list.length) return;
  lines.push(`### ${title} (${list.length})`, "");
  for (const s of list.slice(0, MAX_LISTED)) lines.push(withWhy ? `- ${mdInline(s.name)}: ${signals(s)}; judge: ${short(s.reason)}` : `- ${mdInline(s.name)}`);
  if (list.length > MAX_LISTED) lines.push(`- … and ${list.length - MAX_LISTED} more`);
  lines.push("");
}

const HEAD: Record<GateResult["verdict"], string> = { pass: "✅ Pass", fail: "❌ Fail", incomplete: "⚠️ Incomplete run", untestable: "⚠️ Nothing to compare" };

export function gateMarkdown(g: GateResult): string {
  const lines: string[] = [];
  lines.push(`## Voice eval check: ${HEAD[g.verdict]}`, "");
  lines.push(`Run **${mdInline(g.run.id)}** against baseline **${mdInline(g.base.id)}**.`, "");
  lines.push(g.reasons.length > 1 ? "**Reasons:**" : `**Reason:** ${mdInline(g.reasons[0] ?? "")}`);
  if (g.reasons.length > 1) for (const r of g.reasons) lines.push(`- ${mdInline(r)}`);
  lines.push("");
  if (g.decidedBy.length) lines.push(`**Decided by:** ${g.decidedBy.map((r) => RULES[r]).join("; ")}.`, "");
  lines.push(
    g.history
      ? `History: ${g.history.runs} earlier run(s) of the suite in ${mdInline(g.history.source)}; a scenario is stable when it passed in each of its last ${g.history.stableRuns}, flaky when it flipped twice or more in its last 10.`
      : "History: no earlier run of the suite was found, so only the paired test and the thresholds apply.",
    "",
  );
  for (const w of g.warnings) lines.push(`> ⚠️ ${mdInline(w)}`);
  if (g.warnings.length) lines.push("");
  if (g.setup?.length) {
    lines.push("**Setup changes:**");
    for (const s of g.setup.slice(0, 20)) lines.push(`- ${mdInline(s)}`);
    if (g.setup.length > 20) lines.push(`- … and ${g.setup.length - 20} more`);
    lines.push("");
  }
  lines.push("| Rate | Baseline | Run | Δ |", "| --- | --- | --- | --- |");
  for (const name of RATE_NAMES) {
    const a = g.base.rates[name];
    const b = g.run.rates[name];
    if (a.denominator === 0 && b.denominator === 0) continue;
    const paired = name === "success_rate" ? g.tests.success : name === "task_success_rate" ? g.tests.task : null;
    const delta = paired ? `paired ${pairedCell(paired)}` : deltaCell(name, a, b);
    lines.push(`| ${rateLabel(name)} | ${rateCell(name, a)} | ${rateCell(name, b)} | ${delta} |`);
  }
  lines.push("", `Rates show 95% Wilson intervals; the paired rows use the compare page's McNemar exact test (α = ${g.options.alpha}).`, "");
  lines.push(
    `Changes: ${g.counts.regressed} new failure(s), ${g.counts.fixed} fixed, ${g.counts.still_failing} still failing, ${g.counts.still_passing} still passing` +
      (g.counts.was_stalled ? `, ${g.counts.was_stalled} was stalled (not a fix)` : "") +
      (g.counts.now_stalled ? `, ${g.counts.now_stalled} now stalled (not a new failure)` : "") +
      ".",
    "",
  );
  lines.push(...retriesSection(g));
  if (g.regressed.length) {
    const withLabels = g.regressed.some((r) => r.labels.length);
    const changed = new Map([...g.changes.newStable, ...g.changes.newOther, ...g.changes.flaky].map((c) => [c.name, c]));
    const stable = new Set(g.changes.newStable.map((c) => c.name));
    const withReasons = g.regressed.some((r) => changed.get(r.name)?.reason);
    const head = [
      "Scenario",
      "Domain",
      "Failing signals",
      ...(g.history ? ["History"] : []),
      ...(withReasons ? ["Judge reason"] : []),
      ...(withLabels ? ["Labels"] : []),
    ];
    lines.push(`### New failures (${g.regressed.length})`, "");
    lines.push(`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`);
    for (const r of g.regressed.slice(0, MAX_LISTED)) {
      const c = changed.get(r.name);
      const cells = [mdInline(r.name), mdInline(r.domain), r.failingSignals.length ? r.failingSignals.map((t) => mdInline(t)).join(", ") : "–"];
      if (g.history)
        cells.push(
          c?.flaky
            ? `flaky (passed ${c.flaky.passes}/${c.flaky.of}, ${c.flaky.flips} flips): does not fail the gate alone`
            : stable.has(r.name)
              ? `**new failure of a stable scenario**`
              : "new failure",
        );
      if (withReasons) cells.push(short(c?.reason ?? null));
      if (withLabels) cells.push(r.labels.length ? r.labels.map((t) => mdInline(t)).join(", ") : "–");
      lines.push(`| ${cells.join(" | ")} |`);
    }
    if (g.regressed.length > MAX_LISTED) lines.push("", `… and ${g.regressed.length - MAX_LISTED} more.`);
    lines.push("");
  }
  const flakyElsewhere = g.changes.flaky.filter((c) => !g.regressed.some((r) => r.name === c.name));
  if (flakyElsewhere.length) {
    lines.push(`### Flaky, failing in both runs (${flakyElsewhere.length})`, "");
    for (const s of flakyElsewhere.slice(0, MAX_LISTED))
      lines.push(`- ${mdInline(s.name)}: passed ${s.flaky?.passes ?? "?"}/${s.flaky?.of ?? "?"} of its last runs; ${signals(s)}; judge: ${short(s.reason)}`);
    lines.push("");
  }
  listSection(lines, "Still failing", g.changes.stillFailing, true);
  listSection(lines, "Fixed", g.changes.fixed, false);
  listSection(lines, "Was stalled, passing now (not a fix)", g.changes.wasStalled, false);
  listSection(lines, "Now stalled (not a new failure)", g.changes.nowStalled, true);
  return lines.join("\n");
}

/** Each run's automatic retries (issue 45): counts side by side, the run's retried scenarios with their reasons. */
function retriesSection(g: GateResult): string[] {
  const a = g.base.retries;
  const b = g.run.retries;
  if (!a || !b) return [];
  if (a.retried.length === 0 && b.retried.length === 0 && !g.options.withoutRetries) return [];
  const count = (s: NonNullable<typeof a>) => (s.provenance === "unknown" ? "unknown (predates auto_retry_count)" : `${s.retried.length} scenario(s)`);
  const without = (s: NonNullable<typeof a>) =>
    s.withoutRetries?.value == null ? "–" : `${percent(s.withoutRetries.value)} (${s.withoutRetries.numerator}/${s.withoutRetries.denominator})`;
  const lines = ["### Automatic retries", "", "| | Baseline | Run |", "| --- | --- | --- |"];
  lines.push(`| Needed an automatic retry | ${count(a)} | ${count(b)} |`);
  lines.push(`| ${WITHOUT_RETRIES_LABEL} | ${without(a)} | ${without(b)} |`, "");
  if (g.options.withoutRetries) lines.push("Gated on first attempts (`--without-retries`): a retried scenario counts as failed.", "");
  if (b.retried.length) {
    lines.push("| Retried in the run | Times | Reasons |", "| --- | --- | --- |");
    for (const r of b.retried.slice(0, MAX_LISTED)) lines.push(`| ${mdInline(r.name)} | ${r.count} | ${r.reasons.map((x) => mdInline(x)).join("; ") || "–"} |`);
    if (b.retried.length > MAX_LISTED) lines.push("", `… and ${b.retried.length - MAX_LISTED} more.`);
    lines.push("");
  }
  return lines;
}
