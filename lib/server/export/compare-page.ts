/** The export's comparison page: the paired test, change counts, rate deltas and the changed scenarios. */
import "server-only";
import { RATE_NAMES } from "@/lib/core";
import { describeTest } from "@/lib/core/gate";
import type { comparePair } from "../views/compare";
import { esc, href, page, pct, verdictHtml } from "./html";

type Pair = Awaited<ReturnType<typeof comparePair>>;

export function compareHtml(pair: Pair, baseId: string, files: ReadonlyMap<string, string>, back: string): string {
  const rates = RATE_NAMES.filter((n) => pair.rates[n].base.denominator > 0 || pair.rates[n].other.denominator > 0)
    .map((n) => {
      const r = pair.rates[n];
      const fmt = (v: number | null) => (n === "judge_score_mean" ? (v === null ? "N/A" : v.toFixed(3)) : pct(v));
      return `<tr><td>${esc(n)}</td><td>${esc(fmt(r.base.value))}</td><td>${esc(fmt(r.other.value))}</td><td>${r.delta === null ? "–" : esc(n === "judge_score_mean" ? r.delta.toFixed(3) : `${(r.delta * 100).toFixed(1)} pp`)}</td></tr>`;
    })
    .join("");
  const changed = pair.scenarios
    .filter((s) => s.change === "regressed" || s.change === "fixed")
    .map((s) => {
      const file = files.get(s.name);
      const name = file ? `<a href="${href(file)}">${esc(s.name)}</a>` : esc(s.name);
      return `<tr><td>${esc(s.change)}</td><td class="mono">${name}</td><td>${verdictHtml(s.base)}</td><td>${verdictHtml(s.other)}</td><td>${esc(s.signals.map((f) => `${f.signal}: ${f.base ?? "–"} → ${f.other ?? "–"}`).join("; "))}</td></tr>`;
    })
    .join("\n");
  const c = pair.counts;
  const body = `
<nav><a href="${href(back)}">← Run ${esc(pair.run)}</a></nav>
<h1>Baseline <span class="mono">${esc(baseId)}</span> vs <span class="mono">${esc(pair.run)}</span></h1>
<p data-testid="paired-test">Success: ${esc(describeTest(pair.tests.success))}.</p>
<p>Task success: ${esc(describeTest(pair.tests.task))}.</p>
<p>${c.regressed} regressed, ${c.fixed} fixed, ${c.still_failing} still failing, ${c.still_passing} still passing, ${c.not_comparable} not comparable, ${c.only_base} only in the baseline, ${c.only_other} only in the run.</p>
${pair.warnings.map((w) => `<p class="note">${esc(w.message)}</p>`).join("")}
<h2>Rates</h2>
<table><thead><tr><th>Rate</th><th>Baseline</th><th>Run</th><th>Δ</th></tr></thead><tbody>${rates}</tbody></table>
<h2>Changed scenarios</h2>
<table><thead><tr><th>Change</th><th>Scenario</th><th>Baseline</th><th>Run</th><th>Signals</th></tr></thead><tbody>${changed}</tbody></table>`;
  return page(`Compare ${baseId} vs ${pair.run}`, body);
}
