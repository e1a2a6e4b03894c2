/** The export's overview page: the run's rates with Wilson intervals, and the included scenarios. */
import "server-only";
import { RATE_NAMES, wilson, type Rate, type RateName, type ScenarioRow } from "@/lib/core";
import { esc, href, page, pct, verdictHtml } from "./html";

export interface OverviewInput {
  runId: string;
  state: string;
  completed: number;
  intended: number;
  rates: Record<RateName, Rate>;
  filter: string | null;
  /** Included scenarios with the file name of their page. */
  scenarios: Array<{ row: ScenarioRow; file: string; audio: "included" | "left-out" | "none" }>;
  total: number;
  audioNote: string | null;
  compareFile: string | null;
  generatedAt: string;
}

function rateRow(name: RateName, r: Rate): string {
  if (r.denominator === 0) return "";
  const w = name === "judge_score_mean" ? null : wilson(r.numerator, r.denominator);
  const value = name === "judge_score_mean" ? (r.value ?? 0).toFixed(3) : pct(r.value);
  return `<tr><td>${esc(name)}</td><td>${esc(value)}</td><td>${r.numerator}/${r.denominator}</td><td>${w ? `${pct(w.low)}–${pct(w.high)}` : "–"}</td></tr>`;
}

export function overviewHtml(o: OverviewInput): string {
  const rows = o.scenarios
    .map(
      (s) =>
        `<tr data-scenario="${esc(s.row.name)}"><td class="mono"><a href="${href(s.file)}">${esc(s.row.name)}</a></td><td>${esc(s.row.domain)}</td><td>${verdictHtml(s.row.verdict)}</td>` +
        `<td>${esc(s.row.success_breakdown.failed.join(", ") || "–")}${s.row.stalled ? " (stalled)" : ""}</td><td>${s.row.judge_score === null ? "–" : esc(s.row.judge_score.toFixed(2))}</td><td>${s.audio === "included" ? "yes" : s.audio === "left-out" ? "left out" : "–"}</td></tr>`,
    )
    .join("\n");
  const body = `
<h1>Run <span class="mono">${esc(o.runId)}</span></h1>
<p class="muted">${esc(o.state)}, ${o.completed} of ${o.intended} scenarios finished. Exported ${esc(o.generatedAt)} by voice-eval-dashboard; opens without a server.</p>
${o.compareFile ? `<nav><a href="${href(o.compareFile)}">Comparison with the baseline →</a></nav>` : ""}
${o.audioNote ? `<p class="note" data-testid="audio-note">${esc(o.audioNote)}</p>` : ""}
<h2>Rates</h2>
<table><thead><tr><th>Rate</th><th>Value</th><th>k/n</th><th>95% Wilson</th></tr></thead><tbody>${RATE_NAMES.map((n) => rateRow(n, o.rates[n])).join("")}</tbody></table>
<h2>Scenarios (${o.scenarios.length} of ${o.total}${o.filter ? `, filter <span class="mono">${esc(o.filter)}</span>` : ""})</h2>
<table><thead><tr><th>Scenario</th><th>Domain</th><th>Verdict</th><th>Failing signals</th><th>Judge</th><th>Audio</th></tr></thead><tbody>
${rows}
</tbody></table>`;
  return page(`Run ${o.runId}`, body);
}
