/**
 * Which signals gate a scenario and which files its whitelist therefore needs (ARTIFACTS.md §4.1,
 * §7.1). The whitelist is metadata.json's `success_signals`; `null` means it is unknown.
 */
import type { ScenarioRow } from "./scenario-row";
import { SIGNALS, type SignalName } from "./schemas";

export { SIGNALS, type SignalName };

export type SignalBucket = "passed" | "failed" | "not_applicable" | "excluded";

/** Which bucket of the row's `success_breakdown` holds the signal; `null` when none (or no row). */
export function signalBucket(row: ScenarioRow | undefined, signal: string): SignalBucket | null {
  if (!row) return null;
  for (const bucket of ["passed", "failed", "not_applicable", "excluded"] as const) if (row.success_breakdown[bucket].includes(signal)) return bucket;
  return null;
}

/** `true` when the whitelist gates on the signal, `false` when informational, `null` when unknown. */
export function gatesOn(whitelist: readonly string[] | null, signal: SignalName): boolean | null {
  return whitelist ? whitelist.includes(signal) : null;
}

/** The metrics.json value a signal reads: the assertion signals read their pass rates. */
export function signalMetric(metrics: Record<string, unknown>, signal: SignalName): unknown {
  if (signal === "db_state_assertion") return metrics.db_state_assertion_pass_rate;
  if (signal === "nl_assertion") return metrics.nl_assertion_pass_rate;
  return metrics[signal];
}

export interface FileNeed {
  /** `null` = not a scoring input (or the whitelist is unknown). */
  needed: boolean | null;
  why: string;
}

/** The signals each scoring input feeds, with how the page names them when none gates. */
const INPUTS = new Map<string, { signals: SignalName[]; what: string }>([
  ["judge_result.json", { signals: ["judge_passed", "nl_assertion"], what: "the judge" }],
  ["scenario_config/reference_answer.json", { signals: ["is_action_match"], what: "is_action_match" }],
  ["final_agent_response.json", { signals: ["is_action_match"], what: "is_action_match" }],
  ["final_scenario_db_hash.txt", { signals: ["db_state_match"], what: "db_state_match" }],
]);

/** Whether the whitelist needs a file (§7.1): metrics.json always, a scoring input when a signal it feeds gates. */
export function neededBy(path: string, whitelist: readonly string[] | null): FileNeed {
  if (path === "metrics.json") return { needed: true, why: "always: a scenario is finished only with it" };
  const input = INPUTS.get(path);
  if (!input) return { needed: null, why: "" };
  if (!whitelist) return { needed: null, why: "whitelist unknown (no metadata.json)" };
  const on = input.signals.filter((s) => whitelist.includes(s));
  return on.length ? { needed: true, why: `${on.join(", ")} gates` } : { needed: false, why: `${input.what} does not gate` };
}
