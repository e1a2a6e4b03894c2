/**
 * Issue 55: every artifact is read by its one reader, on every surface alike: a malformed field in
 * any of a scenario's files is a named problem on the scenario page, and every other field of the same
 * file still shows there; the setup diff names the same tools file the same way.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readReferenceFile } from "@/lib/server/evidence/reference-file";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { readScenarioSetup } from "@/lib/server/setup/read-setup";
import { scenarioDetail } from "@/lib/server/views/scenario-detail";
import { tempDir } from "../../helpers/run-builder";

const HARNESS = join(__dirname, "../../fixtures/harness");
const RUN = "eval_20260804_144300";
const NAME = "tau2_retail__15";

let store: Store;
let root = "";
const file = (rel: string) => join(root, RUN, NAME, rel);
const json = async (rel: string) => JSON.parse(await readFile(file(rel), "utf8")) as unknown;
let agentMessages = 0;
let segments = 0;

beforeAll(async () => {
  root = await tempDir("ved-evidence-");
  await cp(join(HARNESS, "stalls", "run", RUN), join(root, RUN), { recursive: true });
  const metrics = (await json("metrics.json")) as Record<string, unknown>;
  await writeFile(file("metrics.json"), JSON.stringify({ ...metrics, judge_score: "high" }));
  const metadata = (await json("scenario_config/metadata.json")) as Record<string, unknown>;
  await writeFile(file("scenario_config/metadata.json"), JSON.stringify({ ...metadata, success_signals: "db_state_match" }));
  const segs = (await json("conversation_log.seglst.json")) as Array<Record<string, unknown>>;
  segments = segs.length;
  await writeFile(file("conversation_log.seglst.json"), JSON.stringify(segs.map((s, i) => (i === 1 ? { ...s, start_time: "x" } : s))));
  const context = (await json("bot_logs_agent/llm_context.json")) as unknown[];
  agentMessages = context.length;
  await writeFile(file("bot_logs_agent/llm_context.json"), JSON.stringify([...context.slice(0, 1), { content: "no role" }, ...context.slice(1)]));
  await writeFile(file("scenario_config/user_tools.json"), JSON.stringify(JSON.stringify(["EndConversationTool"])));
  const response = (await json("final_agent_response.json")) as unknown[];
  await writeFile(file("final_agent_response.json"), JSON.stringify([...response, "done"]));
  store = createStore(root, { watch: false });
  await store.scanned;
}, 60_000);
afterAll(async () => closeStore(store));

describe("a malformed field in each of a scenario's files", () => {
  it("is a named problem on the scenario page, and the other fields of the same file still show", async () => {
    const d = (await scenarioDetail(store.index.runs.get(RUN)!, NAME))!;
    const named = (f: string) => d.problems.filter((p) => p.file === f).map((p) => p.message);

    expect(named("metrics.json")).toEqual(['judge_score is the text "high"; expected a number']);
    expect(d.metrics?.scenario_name).toBe(NAME);

    expect(named("scenario_config/metadata.json")).toEqual(['success_signals is the text "db_state_match"; expected a list']);
    expect(d.metadata?.success_signals).toBeUndefined();
    expect(d.metadata?.domain).toBe("tau2_retail");
    expect(d.metadata?.nl_assertions).toHaveLength(2);

    expect(named("conversation_log.seglst.json")).toEqual(['[1].start_time is the text "x"; expected a number']);
    expect(d.segments).toHaveLength(segments - 1);

    expect(named("bot_logs_agent/llm_context.json")).toEqual(["message 1 has no role; left out"]);
    expect(d.agentContext).toHaveLength(agentMessages);
    expect(d.agentContext?.map((m) => (m as { role: string }).role)).toEqual(["system", "assistant", "user"]);

    expect(named("scenario_config/user_tools.json")).toEqual(["the file is a list; expected an object"]);
    expect(d.tools.user).toBeNull();
    expect(Object.keys(d.tools.agent ?? {})).toContain("EndConversationTool");

    expect(named("final_agent_response.json")).toEqual([`[${d.finalAgentResponse!.length}] is the text "done"; expected an object`]);
    expect(d.insights.actions).not.toBeNull();
  });

  it("is named the same way by the setup diff, which still reads the other tools file", async () => {
    const setup = await readScenarioSetup(join(root, RUN), NAME);
    expect(setup.problems).toEqual(["user_tools.json: the file is a list; expected an object"]);
    expect(setup.userTools).toBeNull();
    expect(setup.agentTools).toContain("EndConversationTool");
  });
});

describe("a kept reader", () => {
  it("reads the file again once its signature changes", async () => {
    const first = await readReferenceFile(join(root, RUN), NAME);
    expect(first?.value).toHaveProperty("actions");
    expect(await readReferenceFile(join(root, RUN), NAME)).toBe(first);
    await writeFile(file("scenario_config/reference_answer.json"), JSON.stringify({ message: "a longer answer than before" }));
    const second = await readReferenceFile(join(root, RUN), NAME);
    expect(second?.value).toEqual({ message: "a longer answer than before" });
    expect(await readReferenceFile(join(root, RUN), "no_such_scenario")).toBeNull();
    expect(await readReferenceFile(join(root, RUN), "../elsewhere")).toBeNull();
  });
});
