/**
 * Issue 43: where a failing call first went differently from the last run in which it passed. On the
 * bundled example's nightly suite, `tau2_retail__43` regressed on night 9 (Nov 25) and fails since:
 * on the newest night, the call is compared with night 8's, the newest pass. Night 8 kept only
 * metrics.json (no tool calls to compare), so the calls are compared by the agent's words: where
 * they part, not at the reworded greeting the next reply undoes.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alignedTranscript, comparableWords } from "@/lib/core/transcript";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { divergenceFromLastPass } from "@/lib/server/views/divergence";
import { scenarioDetail } from "@/lib/server/views/scenario-detail";

const ROOT = join(__dirname, "../../../examples/results");
const NEWEST = "nightly/eval_20261130_020000";
const LAST_PASS = "nightly/eval_20261124_020000";
const REGRESSED = "tau2_retail__43";

let store: Store;
beforeAll(async () => {
  store = createStore(ROOT, { watch: false });
  await store.scanned;
});
afterAll(async () => {
  await closeStore(store);
});

async function exchanges(runId: string) {
  const run = store.index.runs.get(runId)!;
  const d = (await scenarioDetail(run, REGRESSED))!;
  return alignedTranscript(d.conversation, d.agentContext, d.metrics).exchanges;
}

describe("the first difference from the last passing run", () => {
  it("compares a regressed scenario with the newest earlier run in which it passed, at the first exchange that differs", async () => {
    const run = store.index.runs.get(NEWEST)!;
    const d = await divergenceFromLastPass(store.index, run, REGRESSED);
    expect(d).toMatchObject({ run: LAST_PASS, href: expect.stringContaining("/compare/scenario?") });
    expect(d!.href, "the side-by-side link opens at the exchange it names").toMatch(new RegExp(`#turn-${d!.exchange + 1}$`));
    const mine = await exchanges(NEWEST);
    const theirs = await exchanges(LAST_PASS);
    const words = (x: (typeof mine)[number] | undefined) => (x?.agent ? comparableWords(x.agent.text) : null);
    expect(d!.byActions, "night 8 kept no LLM context: no tool calls compared").toBe(false);
    expect(words(mine[0]), "the greeting was reworded").not.toBe(words(theirs[0]));
    expect(words(mine[1]), "and the next reply is the same again").toBe(words(theirs[1]));
    const at = d!.exchange;
    expect(at, "so the calls part later").toBeGreaterThan(1);
    for (const i of [at, at + 1]) expect(words(mine[i]), `exchange ${i} differs`).not.toBe(words(theirs[i]));
    for (let i = 1; i < at; i++) expect(words(mine[i]), `exchange ${i} agrees`).toBe(words(theirs[i]));
    expect(d!.reason).not.toMatch(/baseline|other run/);
  });

  it("says nothing for a passing scenario, or one that never passed earlier", async () => {
    const run = store.index.runs.get(NEWEST)!;
    const passing = [...run.scenarios.values()].find((s) => s.record && s.name.startsWith("qa__"))!.name;
    expect(await divergenceFromLastPass(store.index, run, passing)).toBeNull();
    const first = store.index.runs.get("nightly/eval_20261117_020000")!;
    expect(await divergenceFromLastPass(store.index, first, REGRESSED)).toBeNull();
  });
});
