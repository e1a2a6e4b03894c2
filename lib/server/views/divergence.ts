/**
 * Where a failing call first went differently from the last time it passed (issue 43): the newest
 * earlier run of the scenario's suite in which it passed, and where the two calls part
 * (`whereCallsPart`). A likely cause on the scenario page, linked to that exchange side by side.
 */
import "server-only";
import type { DivergenceFromPass } from "@/lib/core/insights/likely-causes";
import { alignedTranscript, whereCallsPart } from "@/lib/core/transcript";
import { compareScenarioHref } from "@/lib/shared/routes";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { suiteOfRun } from "./run-changes";
import { scenarioDetail } from "./scenario-detail";

/** `null` when the scenario did not fail here, never passed earlier in its suite, or the two calls do not differ. */
export async function divergenceFromLastPass(index: ResultsIndex, run: RunModel, name: string, nowMs = Date.now()): Promise<DivergenceFromPass | null> {
  const { runs, at } = suiteOfRun(index, run, nowMs);
  const cell = at < 0 ? undefined : runs[at]!.cells.get(name);
  if (cell !== "F" && cell !== "S") return null;
  const passed = runs
    .slice(0, at)
    .reverse()
    .find((r) => r.cells.get(name) === "P")?.run;
  return passed ? divergenceFrom(run, passed, name) : null;
}

/**
 * Where the failing call `name` of `run` parts from its passing call in `passed` (`export --compare`
 * gives the run it was passing in); `null` when it did not fail here, did not pass there, or the calls
 * do not differ.
 */
export async function divergenceFrom(run: RunModel, passed: RunModel, name: string): Promise<DivergenceFromPass | null> {
  const [here, there] = await Promise.all([scenarioDetail(run, name), scenarioDetail(passed, name)]);
  if (!here || !there || here.row?.verdict !== false || there.row?.verdict !== true) return null;
  const mine = alignedTranscript(here.conversation, here.agentContext, here.metrics);
  const theirs = alignedTranscript(there.conversation, there.agentContext, there.metrics);
  const names = { base: "the passing run", other: "this run" };
  // Tool calls compared only when both are known: a call kept with metrics.json alone has none to compare.
  const part = whereCallsPart(theirs.exchanges, mine.exchanges, names, mine.toolsKnown && theirs.toolsKnown);
  if (!part) return null;
  const { at, byActions, wordsFrom } = part;
  return {
    run: passed.id,
    exchange: at.index,
    reason: at.reason,
    byActions,
    wordsFrom,
    // To the exchange this cause names: the side-by-side page marks it (its rows are `turn-N`).
    href: `${compareScenarioHref(passed.id, run.id, name)}#turn-${at.index + 1}`,
  };
}
