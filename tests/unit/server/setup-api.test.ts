/** `GET /api/setup`: the setup diff read from two real run folders, bad config files named, an older run without run_args.json said so. */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupRoute } from "@/lib/server/http/api";
import { SETUP_RECHECK_MS } from "@/lib/server/views/setup";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import type { SetupDiff } from "@/lib/core/setup/diff";
import { metrics, tempDir, writeRun, type ScenarioSpec } from "../../helpers/run-builder";

let store: Store;
let root: string;
const NAMES = ["retail__1", "retail__2", "retail__3"];

function scenario(name: string, prompt: string, tools: string[]): ScenarioSpec {
  return {
    metrics: metrics(name),
    files: {
      "scenario_config/agent_prompt.txt": prompt,
      "scenario_config/user_prompt.txt": "You want a refund.",
      "scenario_config/agent_tools.json": JSON.stringify(JSON.stringify(Object.fromEntries(tools.map((t) => [t, {}])))),
      "scenario_config/user_tools.json": JSON.stringify("{}"),
    },
  };
}

beforeAll(async () => {
  root = await tempDir("ved-setup-");
  const inv = (model: string) => [
    {
      started_at: "2026-11-01T08:00:00",
      argv: ["run_evaluation.py"],
      parsed_args: { judge_model: model, judge_threshold: 0.9, min_agent_turns: 3 },
      resolved_scenario_count: 3,
      resolved_scenario_names: NAMES,
    },
  ];
  await writeRun(join(root, "eval_20261101_080000"), {
    invocations: inv("judge-a"),
    scenarios: Object.fromEntries(NAMES.map((n) => [n, scenario(n, "Greet.\nConfirm before cancelling.", ["cancel_order", "get_order"])])),
  });
  await writeRun(join(root, "eval_20261102_080000"), {
    invocations: inv("judge-b"),
    scenarios: Object.fromEntries(NAMES.map((n) => [n, scenario(n, "Greet.\nAlways confirm before cancelling.", ["get_order", "refund_order"])])),
  });
  await writeRun(join(root, "eval_20261103_080000"), {
    noRunArgs: true,
    scenarios: Object.fromEntries(NAMES.map((n) => [n, scenario(n, "Greet.\nConfirm before cancelling.", ["cancel_order", "get_order"])])),
  });
  // A malformed tools file in one scenario of the second run.
  await writeFile(join(root, "eval_20261102_080000", "retail__3", "scenario_config", "agent_tools.json"), "{ not json");
  store = createStore(root, { watch: false });
  await store.scanned;
}, 60_000);
afterAll(async () => closeStore(store));

const get = async (base: string, run: string) => setupRoute(store, new Request(`http://localhost/api/setup?base=${base}&run=${run}`));

describe("/api/setup", () => {
  it("names the judge change, the prompt edit made everywhere, the tools added and removed, and the bad file", async () => {
    const res = await get("eval_20261101_080000", "eval_20261102_080000");
    expect(res.status).toBe(200);
    const d = (await res.json()) as SetupDiff;
    expect(d.judge.model).toEqual({ name: "judge_model", base: "judge-a", other: "judge-b" });
    expect(d.prompts.map((p) => [p.file, p.changed, p.of, p.edits.length])).toEqual([["agent_prompt.txt", 3, 3, 1]]);
    expect(d.tools.map((t) => [t.tool, t.change, t.scenarios])).toEqual([
      ["refund_order", "added", 2],
      ["cancel_order", "removed", 2],
    ]);
    expect(d.problems.join("\n")).toMatch(/other retail__3: agent_tools.json/);
    expect(d.same).toBe(false);
  });

  it("says the same setup is the same, and that an older run has no run arguments", async () => {
    const same = (await (await get("eval_20261101_080000", "eval_20261101_080000")).json()) as SetupDiff;
    expect(same.same).toBe(true);
    const older = (await (await get("eval_20261103_080000", "eval_20261101_080000")).json()) as SetupDiff;
    expect(older.runArgs).toEqual({ base: false, other: true });
    expect(older.args).toEqual([]);
    expect(older.prompts).toEqual([]);
  });

  it("answers 400 and 404 on bad queries, never a 500", async () => {
    expect((await setupRoute(store, new Request("http://localhost/api/setup?base=x"))).status).toBe(400);
    expect((await get("nope", "eval_20261101_080000")).status).toBe(404);
  });

  it("answers the new diff after a scenario's config changes in place, without a restart (issue 54)", async () => {
    const lines = async () => {
      const d = (await (await get("eval_20261101_080000", "eval_20261102_080000")).json()) as SetupDiff;
      return d.prompts.flatMap((p) => p.edits.flatMap((e) => e.lines.map((l) => `${l.op}${l.text}`)));
    };
    expect(await lines()).toContain("+Always confirm before cancelling.");
    // Edited where it lies: neither run's revision moves (this store does not watch).
    for (const n of NAMES)
      await writeFile(join(root, "eval_20261102_080000", n, "scenario_config", "agent_prompt.txt"), "Greet.\nNever cancel without the manager.");
    await new Promise((r) => setTimeout(r, SETUP_RECHECK_MS + 100));
    const now = await lines();
    expect(now).toContain("+Never cancel without the manager.");
    expect(now).not.toContain("+Always confirm before cancelling.");
  });
});
