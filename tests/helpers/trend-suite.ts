/** A generated suite of runs with a regression planted in one run, for the trends tests. */
import type { OutcomeKind, RunOptions } from "@/lib/generator";
import { writeGenerated } from "./generated";

export const SUITE_SCENARIOS = 40;
/** Queue positions that pass until the planted run and fail from it on. */
export const PLANTED = [3, 7, 11, 15, 19, 23, 27, 31, 35, 39];
/** Queue position that alternates fail / pass (a flaky scenario). */
export const FLAKY = 0;

export function suiteRunName(i: number): string {
  return `eval_202611${String(i + 1).padStart(2, "0")}_080000`;
}

/** `runs` finished runs of one suite; from run `plantedAt` on, the PLANTED scenarios fail. Plus one run of another suite. */
export async function writeTrendSuite(root: string, runs = 20, plantedAt = 13): Promise<void> {
  const list: RunOptions[] = [];
  for (let i = 0; i < runs; i++) {
    const outcomes: Record<string, OutcomeKind> = {};
    for (let k = 0; k < SUITE_SCENARIOS; k++) outcomes[`#${k}`] = "success";
    if (i >= plantedAt) for (const k of PLANTED) outcomes[`#${k}`] = "zero_turn";
    if (i % 2 === 1) outcomes[`#${FLAKY}`] = "timeout";
    list.push({ name: suiteRunName(i), scenarios: SUITE_SCENARIOS, domains: ["tau2_retail", "qa"], lean: true, outcomes, audio: false });
  }
  await writeGenerated(root, { seed: 21, runs: list });
  // Another suite (another scenario set) in the same results folder.
  await writeGenerated(root, { seed: 99, runs: [{ name: "other/eval_20261201_080000", scenarios: 6, domains: ["restaurant"], lean: true }] });
}
