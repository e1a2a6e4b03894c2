/**
 * Issue 55: a judge_result.json whose `score` is the text "0.2" is read by one reader everywhere: the
 * score is unknown and named as a problem, and its reason still reaches the Why card, the hints, the
 * run's failure themes, the reports' reasons and `check`'s.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Why } from "@/components/scenario/why";
import { JudgeEvidence } from "@/components/scenario/judge";
import { themeRunOf } from "@/lib/server/http/themes";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { failureReasons } from "@/lib/server/views/failure-reasons";
import { judgeReasons } from "@/lib/server/views/judge-reasons";
import { runThemeSet } from "@/lib/server/views/run-themes";
import { scenarioDetail } from "@/lib/server/views/scenario-detail";
import { whyOfDetail } from "@/lib/server/views/scenario-why";
import { tempDir } from "../../helpers/run-builder";

const HARNESS = join(__dirname, "../../fixtures/harness");
const RUN = "eval_20260804_144300";
const MALFORMED = ["customer_service__defective_refund", "customer_service__warranty_claim", "tau2_retail__15"];
const NAME = MALFORMED[0]!;
const REASON = "Error: judge timeout while reading the refund transcript; the refund confirmation step was never evaluated";

let store: Store;
let root = "";

beforeAll(async () => {
  root = await tempDir("ved-judge-");
  await cp(join(HARNESS, "stalls", "run", RUN), join(root, RUN), { recursive: true });
  for (const name of MALFORMED) {
    const path = join(root, RUN, name, "judge_result.json");
    const judge = JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
    await writeFile(path, JSON.stringify({ ...judge, score: "0.2", reason: REASON }));
  }
  store = createStore(root, { watch: false });
  await store.scanned;
}, 60_000);
afterAll(async () => closeStore(store));

const run = () => store.index.runs.get(RUN)!;

describe('a judge_result.json with the score "0.2"', () => {
  it("is a named problem on the scenario; the score reads unknown", async () => {
    const d = (await scenarioDetail(run(), NAME))!;
    const named = d.problems.filter((p) => p.file === "judge_result.json");
    expect(named.map((p) => p.message)).toEqual(['score is the text "0.2"; expected a number']);
    const html = renderToStaticMarkup(
      createElement(JudgeEvidence, {
        judge: d.judge!,
        present: true,
        needed: true,
        gating: { judge_passed: true, nl_assertion: null },
        threshold: 0.5,
        verdictTurns: [],
        nlAssertions: [],
      }),
    );
    // The score reads unknown ("–"), never 0.200; the panel still reads the reason (a judge failure, quoted above it).
    expect(html).toMatch(/data-testid="judge-score".*?<strong[^>]*>–<\/strong>/s);
    expect(html).not.toContain("0.200");
    expect(html).toContain("the judge&#x27;s reason is quoted above");
  });

  it("gives the Why card its reason, and the page's hints the judge failure it reports", async () => {
    const d = (await scenarioDetail(run(), NAME))!;
    expect(d.insights.hints.map((h) => h.kind)).toContain("judge-error");
    const why = whyOfDetail(d, { judgeThreshold: 0.5, latencyP95Ms: null, agentTurnCount: null });
    expect(why.reason).toBe(REASON);
    const html = renderToStaticMarkup(
      createElement(Why, { failed: why.failed, signals: why.signals, reason: why.reason, judgeNote: why.judgeNote, causes: why.causes }),
    );
    expect(html).toContain("judge timeout while reading the refund transcript");
    expect(html).toContain("a judge failure: not evidence about the agent");
  });

  it("puts its reason in the run's failure themes, the reports' reasons and check's", async () => {
    const set = await runThemeSet(themeRunOf(run()));
    const theme = set.themes.find((t) => t.quote === REASON || t.scenarios.includes(NAME));
    expect(theme?.scenarios).toEqual(expect.arrayContaining(MALFORMED));
    expect((await failureReasons(run().dir, [NAME])).get(NAME)).toBe(REASON);
    expect((await judgeReasons(run().dir, [NAME])).get(NAME)).toBe(REASON);
  });
});
