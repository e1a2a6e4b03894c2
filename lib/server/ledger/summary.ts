/** A run's triage figures: reviewed / failing, causes, judge–human agreement, the review queue. */
import "server-only";
import { agreement } from "@/lib/core/kappa";
import { CAUSES, type Cause, type Label, type Override, type RunLedgerSummary } from "@/lib/shared/ledger";
import type { ScenarioFacts } from "./facts";

/**
 * Agreement is over the reviewed scenarios (a label or an override) that have a judge verdict: the
 * human agrees with the judge unless they overrode its overall verdict.
 */
export function summarize(facts: ScenarioFacts[], labels: Label[], overrides: Override[]): RunLedgerSummary {
  const labelled = new Map(labels.map((l) => [l.scenario, l]));
  const overall = new Set(overrides.filter((o) => o.target === "overall").map((o) => o.scenario));
  const anyOverride = new Set(overrides.map((o) => o.scenario));
  const byCause = Object.fromEntries(CAUSES.map((c) => [c, 0])) as Record<Cause, number>;
  let failing = 0;
  let reviewed = 0;
  const unreviewed: string[] = [];
  const pairs: [boolean, boolean][] = [];
  for (const f of facts) {
    const label = labelled.get(f.name);
    const isReviewed = (label !== undefined && label.status !== "unreviewed") || anyOverride.has(f.name);
    if (f.failing) {
      failing++;
      if (label && label.status !== "unreviewed") {
        reviewed++;
        byCause[label.cause]++;
      } else unreviewed.push(f.name);
    }
    if (isReviewed && f.judgePassed !== null) pairs.push([f.judgePassed, overall.has(f.name) ? !f.judgePassed : f.judgePassed]);
  }
  const names = new Set(facts.map((f) => f.name));
  return { failing, reviewed, byCause, agreement: agreement(pairs), overridden: [...anyOverride].filter((n) => names.has(n)).sort(), unreviewed };
}
