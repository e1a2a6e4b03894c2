/** GET /api/runs/{id}/timing and the scenario API's timing, against a copy of the bundled example. */
import { cp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunTiming } from "@/lib/core/timing";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import type { ScenarioDetail } from "@/lib/shared/dto";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

const RUN = "eval_20261118_140000";
const EXAMPLE = join(__dirname, "../../../examples/results", RUN);

let store: Store;
let root: string;

beforeAll(async () => {
  root = await tempDir();
  await cp(EXAMPLE, join(root, RUN), { recursive: true });
  store = createStore(root, { watch: false });
  await store.scanned;
});
afterAll(async () => closeStore(store));

const get = (path: string) => runRoute(store, new Request(`http://localhost${path}`));
const timing = async () => (await (await get(`/api/runs/${RUN}/timing`)).json()) as RunTiming;
const settled = () => waitFor(async () => ((await timing()).pending === 0 ? timing() : null), 20_000, "timing pending to reach 0");

describe("timing API", () => {
  it("has the issue's shape, and pending reaches 0 once every scenario is read", async () => {
    const t = await settled();
    for (const k of [
      "scenarios",
      "pending",
      "turns",
      "budget",
      "ttfb",
      "calls_per_turn",
      "tokens",
      "interaction",
      "stop_reasons",
      "judge_scores",
      "wall_clock_s",
      "run_time_s",
      "scenario_duration_s",
      "patterns",
    ])
      expect(t, k).toHaveProperty(k);
    expect(Object.keys(t.budget).sort()).toEqual([
      "agent_latency_s",
      "agent_playback_s",
      "duration_s",
      "other_s",
      "overlap_s",
      "user_latency_s",
      "user_playback_s",
    ]);
    expect(Object.keys(t.turns.agent!).sort()).toEqual(["max", "mean", "n", "p50", "p90", "p95", "sum"]);
    expect(t.scenarios).toBe(store.index.runs.get(RUN)!.scenarios.size);
  });

  it("pools the same events the scenario API shows one by one", async () => {
    const t = await settled();
    const run = store.index.runs.get(RUN)!;
    let n = 0;
    let sum = 0;
    let llm = 0;
    for (const name of run.scenarios.keys()) {
      const d = (await (await get(`/api/runs/${RUN}/scenarios/${name}`)).json()) as ScenarioDetail;
      n += d.timing?.turns.agent?.n ?? 0;
      sum += d.timing?.turns.agent?.sum ?? 0;
      llm += d.timing?.calls_per_turn.agent.llm_calls ?? 0;
      if (d.timing) {
        expect(d.timing, name).toHaveProperty("slowest");
        expect(d.timing, name).toHaveProperty("waterfall");
        expect(d.timing, name).toHaveProperty("flow");
      }
    }
    expect(t.turns.agent!.n).toBe(n);
    expect(t.turns.agent!.sum).toBeCloseTo(sum, 6);
    expect(t.calls_per_turn.agent.llm_calls).toBe(llm);
  });

  it("follows a change: a rewritten transcript is read again when asked", async () => {
    const before = await settled();
    const file = join(root, RUN, "tau2_retail__37", "conversation_log.txt");
    const text = await readFile(file, "utf8");
    // One more agent turn before the end block.
    await writeFile(file, text.replace("\n\n\n====", "\n[ 90.000s -  91.000s] (1.000s) AGENT: One more thing.\n\n\n===="));
    const after = await waitFor(
      async () => {
        const t = await timing();
        return t.pending === 0 && t.turns.agent!.n !== before.turns.agent!.n ? t : null;
      },
      20_000,
      "the changed transcript to be counted",
    );
    expect(after.turns.agent!.n).toBe(before.turns.agent!.n + 1);
  });

  it("never follows a symbolic link: a bridge log swapped for a link contributes nothing", async () => {
    const before = await settled();
    const name = "tau2_retail__43";
    const outside = join(await tempDir(), "bridge_log.txt");
    const path = join(root, RUN, name, "bridge_log.txt");
    await cp(path, outside);
    await rm(path);
    await symlink(outside, path);
    const d = (await (await get(`/api/runs/${RUN}/scenarios/${name}`)).json()) as ScenarioDetail;
    expect(d.timing?.ttfb).toEqual([]);
    const after = await waitFor(
      async () => {
        const t = await timing();
        return t.pending === 0 && t.calls_per_turn.agent.llm_calls < before.calls_per_turn.agent.llm_calls ? t : null;
      },
      20_000,
      "the linked bridge log to be dropped",
    );
    expect(after.ttfb.find((g) => g.side === "agent" && g.processor.includes("LLM"))!.n).toBeLessThan(
      before.ttfb.find((g) => g.side === "agent" && g.processor.includes("LLM"))!.n,
    );
  });

  it("serves both reports as Markdown downloads", async () => {
    const run = await get(`/api/runs/${RUN}/report.md`);
    expect(run.headers.get("content-type")).toMatch(/^text\/markdown/);
    expect(run.headers.get("content-disposition")).toMatch(/attachment/);
    expect(await run.text()).toMatch(/^# Triage report: eval_20261118_140000\n/);
    const sc = await get(`/api/runs/${RUN}/scenarios/tau2_retail__37/report.md`);
    expect(sc.status).toBe(200);
    expect(await sc.text()).toContain("## Root-cause attribution");
    expect((await get(`/api/runs/${RUN}/scenarios/nope/report.md`)).status).toBe(404);
  });
});
