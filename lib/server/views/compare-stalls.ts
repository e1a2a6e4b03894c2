/** The compare page's stall warning: stalled scenarios on either side make verdict changes suspect. */
import type { Comparison } from "@/lib/core";
import "server-only";
import type { RunModel } from "../model/run-model";
import { runAnalysis } from "./run-views";

const MAX_NAMES = 10;

function names(list: readonly string[]): string {
  return list.slice(0, MAX_NAMES).join(", ") + (list.length > MAX_NAMES ? ", …" : "");
}

/**
 * One warning per run with stalled scenarios (the run page says to compare only after checking
 * them): they count as failed, so a flip to or from one is not a fix or a regression.
 */
export function stallWarnings(base: RunModel, other: RunModel, comparison: Comparison): Array<{ kind: "stalled"; message: string }> {
  const out: Array<{ kind: "stalled"; message: string }> = [];
  const sides = [
    { run: base, role: "the baseline", stalled: comparison.scenarios.filter((s) => s.baseStalled).map((s) => s.name) },
    { run: other, role: "the other run", stalled: comparison.scenarios.filter((s) => s.otherStalled).map((s) => s.name) },
  ];
  for (const { run, role, stalled } of sides) {
    if (stalled.length === 0) continue;
    const m = runAnalysis(run).plan.minAgentTurns;
    out.push({
      kind: "stalled",
      message: `${stalled.length} scenario(s) stalled in ${role} ${run.id} (fewer than ${m} agent turns; counted as failed, an infrastructure failure): ${names(stalled)}. Their rows are marked; a flip to or from a stall shows as "was stalled" / "now stalled", not as fixed or regressed.`,
    });
  }
  return out;
}
