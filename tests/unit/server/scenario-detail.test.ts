/** The scenario detail is cached by its files' signature: any rewrite, removal or new file shows at once. */
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRoute } from "@/lib/server/http/api";
import { scenarioDetail } from "@/lib/server/views/scenario-detail";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { tempDir } from "../../helpers/run-builder";

const HARNESS = join(__dirname, "../../fixtures/harness");
const RUN = "eval_20260804_144300";
const NAME = "qa__capital_france";

let store: Store;
let dir: string;

beforeAll(async () => {
  const root = await tempDir();
  await cp(join(HARNESS, "stalls", "run", RUN), join(root, RUN), { recursive: true });
  dir = join(root, RUN, NAME);
  store = createStore(root, { watch: false });
  await store.scanned;
});
afterAll(async () => closeStore(store));

const detail = async () => {
  const run = store.index.runs.get(RUN);
  if (!run) throw new Error("run not indexed");
  const d = await scenarioDetail(run, NAME);
  if (!d) throw new Error("scenario not indexed");
  return d;
};

describe("scenario detail cache", () => {
  it("gives the same answer twice, with file sizes", async () => {
    const first = await detail();
    const second = await detail();
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    const metrics = first.files.find((f) => f.path === "metrics.json");
    expect(metrics?.present).toBe(true);
    expect(metrics?.size).toBe((await readFile(join(dir, "metrics.json"))).length);
  });

  it("leaves the LLM contexts out on request, with the same evidence derived from them", async () => {
    const run = store.index.runs.get(RUN)!;
    const whole = (await scenarioDetail(run, NAME))!;
    const lean = (await scenarioDetail(run, NAME, { contexts: false }))!;
    expect(Array.isArray(whole.agentContext) && whole.agentContext.length > 0).toBe(true);
    expect(Array.isArray(whole.userContext)).toBe(true);
    expect(lean.agentContext).toBeNull();
    expect(lean.userContext).toBeNull();
    expect(lean.insights).toEqual(whole.insights);
    expect(lean.insights.toolCalls?.length).toBeGreaterThan(0);
  });

  it("sees a rewritten judge_result.json, a new file and a removed one", async () => {
    await detail();
    const judgePath = join(dir, "judge_result.json");
    const judge = JSON.parse(await readFile(judgePath, "utf8")) as Record<string, unknown>;
    await writeFile(judgePath, JSON.stringify({ ...judge, reason: "rewritten by the test" }));
    expect((await detail()).judge).toMatchObject({ reason: "rewritten by the test" });

    await writeFile(join(dir, "conversation_log.wav"), Buffer.alloc(44));
    const withAudio = await detail();
    expect(withAudio.files.find((f) => f.path === "conversation_log.wav")).toEqual({ path: "conversation_log.wav", present: true, size: 44 });

    await rm(judgePath);
    const without = await detail();
    expect(without.judge).toBeNull();
    expect(without.files.find((f) => f.path === "judge_result.json")?.present).toBe(false);
  });

  it("the API's serialized answer follows a rewrite too", async () => {
    const api = async () =>
      (await (await runRoute(store, new Request(`http://localhost/api/runs/${RUN}/scenarios/${NAME}`))).json()) as { judge: { reason?: string } | null };
    const judgePath = join(dir, "judge_result.json");
    await writeFile(judgePath, JSON.stringify({ score: 0.9, passed: true, reason: "first", nl_assertion_verdicts: [] }));
    expect((await api()).judge?.reason).toBe("first");
    expect((await api()).judge?.reason).toBe("first");
    await writeFile(judgePath, JSON.stringify({ score: 0.9, passed: true, reason: "second", nl_assertion_verdicts: [] }));
    expect((await api()).judge?.reason).toBe("second");
  });

  it("a truncated file becomes a named problem, and whole again once rewritten", async () => {
    const agent = join(dir, "bot_logs_agent", "llm_context.json");
    const text = await readFile(agent, "utf8");
    await writeFile(agent, text.slice(0, Math.floor(text.length / 2)));
    expect((await detail()).problems.map((p) => p.file)).toContain("bot_logs_agent/llm_context.json");
    await writeFile(agent, text);
    expect((await detail()).problems.map((p) => p.file)).not.toContain("bot_logs_agent/llm_context.json");
  });

  it("names the metrics.json turns the transcript cannot use, and keeps the others (issue 43)", async () => {
    const path = join(dir, "metrics.json");
    const original = await readFile(path, "utf8");
    const m = JSON.parse(original) as Record<string, unknown>;
    m.turns = [{ role: "agent", text: "Hello!" }, 7, { text: "no role" }, { role: "user", text: ["x"] }];
    await writeFile(path, JSON.stringify(m));
    try {
      const d = await detail();
      expect(d.problems.map((p) => p.message)).toEqual(
        expect.arrayContaining([
          "turns[1] is not an object: left out of the transcript",
          'turns[2] has no role "user" or "agent": left out of the transcript',
          "turns[3] has a text that is not a string: shown without words",
        ]),
      );
    } finally {
      await writeFile(path, original);
    }
  });
});
