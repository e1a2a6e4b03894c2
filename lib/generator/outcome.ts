/** Choosing each scenario's outcome in a run. */
import type { DomainKit, ScenarioDef } from "./model";
import type { Rng } from "./prng";
import type { OutcomeKind, RunOptions } from "./types";

export const DEFAULT_FAILURE_MIX: Partial<Record<OutcomeKind, number>> = {
  timeout: 3,
  db_mismatch: 3,
  null_hash: 1,
  nl_fail: 2,
  dba_fail: 2.5,
  action_mismatch: 2.5,
  summary_not_captured: 0.5,
  tool_error: 1.5,
  judge_error: 0.5,
  judge_low: 2.5,
  stall: 1,
  zero_turn: 0.4,
  inaction: 0.5,
};

/** Closest supported stand-in for an outcome a scenario cannot have. */
function fallback(o: OutcomeKind, kit: DomainKit, def: ScenarioDef): OutcomeKind {
  const chain: OutcomeKind[] = o === "dba_fail" || o === "db_mismatch" || o === "action_mismatch" ? ["tool_error", "timeout"] : ["judge_low", "timeout"];
  return chain.find((c) => kit.supports(c, def)) ?? "timeout";
}

export function chooseOutcome(run: RunOptions, def: ScenarioDef, kit: DomainKit, index: number, rng: Rng): OutcomeKind {
  const forced = run.outcomes?.[def.name] ?? run.outcomes?.[`#${index}`];
  if (forced) return forced === "success" || kit.supports(forced, def) ? forced : fallback(forced, kit, def);
  if (rng.chance(run.quality ?? 0.7)) return "success";
  const mix = { ...(run.failureMix ?? DEFAULT_FAILURE_MIX) };
  for (const k of Object.keys(mix) as OutcomeKind[]) if (!kit.supports(k, def) || k === "success") delete mix[k];
  if (Object.keys(mix).length === 0) return "timeout";
  return rng.weighted(mix);
}

/** Outcome of a scenario re-run by a resume session: never another stall. */
export function chooseRerunOutcome(run: RunOptions, def: ScenarioDef, kit: DomainKit, rng: Rng): OutcomeKind {
  if (rng.chance(Math.min(1, (run.quality ?? 0.7) + 0.1))) return "success";
  const options: OutcomeKind[] = (["timeout", "judge_low", "nl_fail", "db_mismatch"] as OutcomeKind[]).filter((o) => kit.supports(o, def));
  return options.length ? rng.pick(options) : "success";
}
