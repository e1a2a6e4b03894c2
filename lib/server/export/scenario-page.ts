/** One scenario's page in the export: verdict, audio, transcript, judge evidence and hints (all escaped). */
import "server-only";
import type { ScenarioDetail } from "@/lib/shared/dto";
import { esc, href, page, verdictHtml } from "./html";

interface NlVerdict {
  assertion?: unknown;
  passed?: unknown;
  reason?: unknown;
}

function judgeHtml(judge: unknown): string {
  if (!judge || typeof judge !== "object") return `<p class="muted">No judge_result.json.</p>`;
  const j = judge as { score?: unknown; reason?: unknown; nl_assertion_verdicts?: unknown };
  const verdicts = Array.isArray(j.nl_assertion_verdicts) ? (j.nl_assertion_verdicts as NlVerdict[]) : [];
  const list = verdicts
    .map((v) => `<tr><td>${v.passed === true ? verdictHtml(true) : verdictHtml(false)}</td><td>${esc(v.assertion)}</td><td>${esc(v.reason)}</td></tr>`)
    .join("");
  return `<p>Score <strong>${esc(typeof j.score === "number" ? j.score : String(j.score ?? "–"))}</strong></p>
<blockquote data-testid="judge-reason">${esc(j.reason ?? "")}</blockquote>
${verdicts.length ? `<table><thead><tr><th>Verdict</th><th>NL assertion</th><th>Reason</th></tr></thead><tbody>${list}</tbody></table>` : ""}`;
}

function transcriptHtml(d: ScenarioDetail): string {
  const turns = d.conversation?.turns ?? [];
  if (turns.length === 0) return `<p class="muted">No transcript (conversation_log.txt missing or empty).</p>`;
  return turns
    .map(
      (t) =>
        `<div class="turn ${t.role === "user" ? "user" : "agent"}" data-role="${t.role === "user" ? "user" : "agent"}"><div class="role">${t.role === "user" ? "User" : "Agent"} · ${esc(t.start.toFixed(1))}s${t.responseLatencyMs !== null ? ` · ${esc(Math.round(t.responseLatencyMs))} ms` : ""}${t.interrupted ? " · interrupted" : ""}</div>${esc(t.text)}</div>`,
    )
    .join("\n");
}

export function scenarioHtml(d: ScenarioDetail, opts: { audioFile: string | null; audioLeftOut: boolean; back: string }): string {
  const row = d.row;
  const audio = opts.audioFile
    ? `<audio controls preload="metadata" src="${href(opts.audioFile)}" data-testid="audio"></audio>`
    : opts.audioLeftOut
      ? `<p class="note">The recording was left out of this export (export again with --audio to include it).</p>`
      : `<p class="muted">No recording.</p>`;
  const hints = d.insights.hints.map((h) => `<li>${esc(h.owner)}: ${esc(h.message)}</li>`).join("");
  const body = `
<nav><a href="${href(opts.back)}">← Run ${esc(d.run)}</a></nav>
<h1 class="mono">${esc(d.name)}</h1>
<table><tbody>
<tr><th>Verdict</th><td>${verdictHtml(row?.verdict ?? null)}${row?.stalled ? " (stalled)" : ""}</td></tr>
<tr><th>Failing signals</th><td>${esc(row?.success_breakdown.failed.join(", ") || "–")}</td></tr>
<tr><th>Passed signals</th><td>${esc(row?.success_breakdown.passed.join(", ") || "–")}</td></tr>
<tr><th>Stop reason</th><td>${esc(row?.stop_reason ?? "–")}</td></tr>
<tr><th>Turns</th><td>${esc(row?.turns ?? "–")}</td></tr>
</tbody></table>
${hints ? `<h2>Likely causes</h2><ul>${hints}</ul>` : ""}
<h2>Audio</h2>
${audio}
<h2>Transcript</h2>
<div data-testid="transcript">${transcriptHtml(d)}</div>
<h2>Judge</h2>
${judgeHtml(d.judge)}`;
  return page(`${d.name} · ${d.run}`, body);
}
