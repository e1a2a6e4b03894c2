/** The triage report's "Automatic retries" section (issue 45): how many, why, and the rate without retries. */
import { WITHOUT_RETRIES_LABEL } from "./figures";
import { mdInline } from "./markdown";
import type { RunRetries } from "./retries";

const MAX_LISTED = 50;
const pct = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(2)}%`);

export function retriesReportSection(r: RunRetries | null | undefined): string {
  if (!r) return "";
  const out: string[] = ["\n## Automatic retries\n\n"];
  if (r.provenance === "unknown") {
    out.push("Retry provenance unknown: this run's metrics.json files predate `auto_retry_count`.\n");
    return out.join("");
  }
  out.push(`${r.retried.length} scenario(s) needed an automatic retry (${r.attempts} discarded attempt(s)).`);
  if (r.provenance === "partial") out.push(` ${r.scenarios - r.known} scenario(s) predate \`auto_retry_count\`: their retries are unknown.`);
  out.push("\n\n");
  const w = r.withoutRetries;
  if (w)
    out.push(
      `- ${WITHOUT_RETRIES_LABEL} (a retried scenario counted as the failure its first attempt was): ${pct(w.value)} (${w.numerator}/${w.denominator})\n`,
    );
  if (r.reasons.length) out.push(`- Reasons: ${r.reasons.map((x) => `${mdInline(x.reason, 200)} ×${x.count}`).join("; ")}\n`);
  if (r.orphans.length)
    out.push(
      `- Attempt folders matching no scenario: ${r.orphans
        .slice(0, 10)
        .map((f) => mdInline(f, 300))
        .join(", ")}${r.orphans.length > 10 ? ", …" : ""}\n`,
    );
  if (r.retried.length) {
    out.push("\n| Scenario | Retries | Reasons |\n| --- | --- | --- |\n");
    for (const s of r.retried.slice(0, MAX_LISTED))
      out.push(`| ${mdInline(s.name)} | ${s.count} | ${s.reasons.map((x) => mdInline(x, 200)).join("; ") || "—"} |\n`);
    if (r.retried.length > MAX_LISTED) out.push(`\n… and ${r.retried.length - MAX_LISTED} more.\n`);
  }
  return out.join("");
}
