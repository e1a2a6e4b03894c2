/**
 * Retries across two runs (issue 45): whether the runs retried alike, and which fixed or regressed
 * scenarios were retried in one run only ("fixed by a retry"). Pure: the views pass each run's rows,
 * retry summary and retry switches.
 */
import type { ComparedScenario } from "./compare";
import type { RunRetries } from "./retries";
import type { ScenarioRow } from "./scenario-row";

/** One run's side of the retries panel. */
export interface RetrySide {
  provenance: RunRetries["provenance"];
  retried: number;
  attempts: number;
  withoutRetries: RunRetries["withoutRetries"];
  /** Retry switches and `min_agent_turns` of the run's last invocation (`null`: no run_args.json). */
  switches: Record<string, unknown> | null;
}

/** A fixed or regressed scenario that was retried in one run and not (or not as often) in the other. */
export interface RetriedChange {
  name: string;
  change: "fixed" | "regressed";
  base: number | null;
  other: number | null;
}

export interface RetryComparison {
  base: RetrySide;
  other: RetrySide;
  changes: RetriedChange[];
  /** Switch names whose values differ (min_agent_turns included). */
  differingSwitches: string[];
}

export function retrySide(r: RunRetries, switches: Record<string, unknown> | null): RetrySide {
  return { provenance: r.provenance, retried: r.retried.length, attempts: r.attempts, withoutRetries: r.withoutRetries, switches };
}

const show = (v: unknown) => (v === undefined ? "not set" : JSON.stringify(v));

export function compareRetries(
  base: RetrySide,
  other: RetrySide,
  scenarios: readonly Pick<ComparedScenario, "name" | "change">[],
  baseRows: readonly ScenarioRow[],
  otherRows: readonly ScenarioRow[],
): RetryComparison {
  const a = new Map(baseRows.map((r) => [r.name, r.retries]));
  const b = new Map(otherRows.map((r) => [r.name, r.retries]));
  const changes: RetriedChange[] = [];
  for (const s of scenarios) {
    if (s.change !== "fixed" && s.change !== "regressed") continue;
    const x = a.get(s.name) ?? null;
    const y = b.get(s.name) ?? null;
    // Retried in one run and not the other: the verdict that counts came from a later attempt on one side only.
    if ((x ?? 0) > 0 !== (y ?? 0) > 0) changes.push({ name: s.name, change: s.change, base: x, other: y });
  }
  const differingSwitches: string[] = [];
  if (base.switches && other.switches) {
    for (const key of [...new Set([...Object.keys(base.switches), ...Object.keys(other.switches)])].sort()) {
      if (show(base.switches[key]) !== show(other.switches[key])) differingSwitches.push(key);
    }
  }
  return { base, other, changes, differingSwitches };
}

/** The compare page's warnings for retries, as sentences. */
export function retryWarningMessages(c: RetryComparison, baseId: string, otherId: string): Array<{ kind: "retry_flags" | "retried_change"; message: string }> {
  const out: Array<{ kind: "retry_flags" | "retried_change"; message: string }> = [];
  const flags = c.differingSwitches.filter((k) => k !== "min_agent_turns");
  if (flags.length) {
    out.push({
      kind: "retry_flags",
      message: `different automatic-retry settings: ${flags.map((k) => `${k} ${show(c.base.switches?.[k])} in ${baseId}, ${show(c.other.switches?.[k])} in ${otherId}`).join("; ")}. Retrying scenarios with too few agent turns inflates scores.`,
    });
  }
  for (const change of ["fixed", "regressed"] as const) {
    const list = c.changes.filter((x) => x.change === change);
    if (!list.length) continue;
    const names = list.slice(0, 10).map((x) => `${x.name} (retried ${(x.base ?? 0) > 0 ? `×${x.base} in ${baseId}` : `×${x.other} in ${otherId}`})`);
    out.push({
      kind: "retried_change",
      message: `${list.length} ${change} scenario(s) were retried automatically in one run only${change === "fixed" ? " — fixed by a retry, perhaps, not by the change" : ""}: ${names.join(", ")}${list.length > 10 ? ", …" : ""}`,
    });
  }
  return out;
}
