/**
 * A domain's scoring changed between two nights (issue 57): the harness's task files move (tau2_airline's
 * a093bf6 corrected a gold action, so an expected DB hash changed, and gave 24 tasks NL assertions and
 * `nl_assertion` in their `success_signals`), and success on that domain is then not comparable across
 * the change. Read from each scenario's metrics.json: its expected DB hash and the signals its
 * whitelist gates (all signals but `success_breakdown.excluded`), and whether NL assertions were scored.
 */
import { SIGNALS } from "./schemas";
import { domainOf } from "./domain";

/** What a scenario is scored on, as one comparable string; null when metrics.json says nothing of it. */
export function scoringKey(m: Record<string, unknown>): string | null {
  const b = m.success_breakdown;
  const excluded =
    b && typeof b === "object" && Array.isArray((b as Record<string, unknown>).excluded) ? ((b as Record<string, unknown>).excluded as unknown[]) : null;
  const hash = typeof m.db_state_expected_hash === "string" ? m.db_state_expected_hash : null;
  const nl = typeof m.nl_assertion_pass_rate === "number";
  if (excluded === null && hash === null && !nl) return null;
  const gated = excluded === null ? null : SIGNALS.filter((s) => !excluded.includes(s)).join(",");
  return JSON.stringify([gated, hash, nl]);
}

export interface ScoringChange {
  domain: string;
  scenarios: string[];
  /** What moved: "success_signals", "expected DB hash", "NL assertions". */
  what: string[];
}

/** Per domain, the scenarios present both nights whose scoring differs; domains in name order. */
export function scoringChanges(before: ReadonlyMap<string, string | null>, after: ReadonlyMap<string, string | null>): ScoringChange[] {
  const byDomain = new Map<string, { scenarios: string[]; what: Set<string> }>();
  for (const [name, key] of after) {
    const prev = before.get(name);
    if (prev === undefined || prev === null || key === null || prev === key) continue;
    const [g0, h0, n0] = JSON.parse(prev) as [string | null, string | null, boolean];
    const [g1, h1, n1] = JSON.parse(key) as [string | null, string | null, boolean];
    const domain = domainOf(name);
    const entry = byDomain.get(domain) ?? { scenarios: [], what: new Set<string>() };
    entry.scenarios.push(name);
    if (g0 !== g1) entry.what.add("success_signals");
    if (h0 !== h1) entry.what.add("expected DB hash");
    if (n0 !== n1) entry.what.add("NL assertions");
    byDomain.set(domain, entry);
  }
  return [...byDomain.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([domain, e]) => ({ domain, scenarios: e.scenarios.sort(), what: [...e.what] }));
}

export function scoringChangeNote(c: ScoringChange): string {
  const n = c.scenarios.length;
  return `Scoring of ${c.domain} changed (${c.what.join(", ")} of ${n} scenario${n === 1 ? "" : "s"}): its success is not comparable across this night`;
}
