/**
 * Where a failing call first went differently from the last time it passed (issue 43): the newest
 * earlier run of the scenario's suite in which it passed, and the first exchange where the agent's
 * tool calls differ (when both sides' are known), else where its words part for good
 * (`firstLastingDivergence`). Not the first reworded reply: a greeting changed by a prompt change
 * differs at the first reply of every call, and what a task's outcome turns on is what the agent did.
 * A likely cause on the scenario page.
 */
import "server-only";
import type { DivergenceFromPass } from "@/lib/core/insights/likely-causes";
import { alignedTranscript, firstDivergence, firstLastingDivergence, type Exchange } from "@/lib/core/transcript";
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
  if (!passed) return null;
  const [here, there] = await Promise.all([scenarioDetail(run, name), scenarioDetail(passed, name)]);
  if (!here || !there) return null;
  const mine = alignedTranscript(here.conversation, here.agentContext, here.metrics);
  const theirs = alignedTranscript(there.conversation, there.agentContext, there.metrics);
  const names = { base: "the passing run", other: "this run" };
  // Tool calls compared only when both are known: a call kept with metrics.json alone has none to compare.
  const tools = mine.toolsKnown && theirs.toolsKnown;
  // Words: where the calls part, not a reply reworded and then the same again.
  const any = firstLastingDivergence(theirs.exchanges, mine.exchanges, names, tools);
  if (!any) return null;
  const acts = tools ? firstDivergence(wordless(theirs.exchanges), wordless(mine.exchanges), names) : null;
  const d = acts ?? any;
  return {
    run: passed.id,
    exchange: d.index,
    reason: d.reason,
    byActions: acts !== null,
    wordsFrom: acts !== null && any.index < acts.index ? any.index : null,
    href: compareScenarioHref(passed.id, run.id, name),
  };
}

/** The exchanges with the agent's words left out: what differs then is what the agent did (and where the calls end). */
function wordless(exchanges: readonly Exchange[]): Exchange[] {
  return exchanges.map((e) => (e.agent ? { ...e, agent: { ...e.agent, text: "" } } : e));
}
