/**
 * Six nights of one 12-scenario suite (issue 44), generated. In `regression` scenario #4 passes five
 * nights and fails on the sixth (a new failure of a stable scenario), #9 fails from night 4 on (still
 * failing), #2 fails on night 4 only (fixed on night 5). In `flaky` the only change on night 6 is #7
 * failing, after it flipped twice before (P F P P P F).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { OutcomeKind, RunOptions } from "@/lib/generator";
import { writeGenerated } from "./generated";

export const NIGHTS = 6;
export const SCENARIOS = 12;
export const REGRESSED = 4;
export const STILL_FAILING = 9;
export const FIXED = 2;
export const FLAKY = 7;

export const nightName = (night: number) => `nightly/eval_202611${String(20 + night).padStart(2, "0")}_020000`;

function nights(fail: (night: number, k: number) => boolean): RunOptions[] {
  const out: RunOptions[] = [];
  for (let night = 1; night <= NIGHTS; night++) {
    const outcomes: Record<string, OutcomeKind> = {};
    for (let k = 0; k < SCENARIOS; k++) outcomes[`#${k}`] = fail(night, k) ? "db_mismatch" : "success";
    out.push({ name: nightName(night), scenarios: SCENARIOS, domains: ["tau2_retail", "tau2_airline"], lean: true, outcomes, audio: false });
  }
  return out;
}

export async function writeNightlySuite(root: string, kind: "regression" | "flaky"): Promise<void> {
  const runs =
    kind === "regression"
      ? nights((night, k) => (k === REGRESSED && night === 6) || (k === STILL_FAILING && night >= 4) || (k === FIXED && night === 4))
      : nights((night, k) => k === FLAKY && (night === 2 || night === 6));
  await writeGenerated(root, { seed: 44, runs });
}

/** The folder name of queue position `k` (from the run's own run_args.json). */
export function scenarioAt(root: string, night: number, k: number): string {
  const args = JSON.parse(readFileSync(join(root, nightName(night), "run_args.json"), "utf8")) as { invocations: Array<{ resolved_scenario_names: string[] }> };
  return args.invocations[0]!.resolved_scenario_names[k]!;
}
