/** The bundled example's timing showcase: every planted pattern is found through the API. */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunTiming } from "@/lib/core/timing";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import type { ScenarioDetail } from "@/lib/shared/dto";
import { waitFor } from "../../helpers/wait";

const RUN = "eval_20261129_093000";
let store: Store;

beforeAll(async () => {
  // Read only: the store never writes into the folder.
  store = createStore(join(__dirname, "../../../examples/results", RUN), { watch: false });
  await store.scanned;
});
afterAll(async () => closeStore(store));

const get = (path: string) => runRoute(store, new Request(`http://localhost${path}`));

describe("the timing showcase of the bundled example", () => {
  it("plants every pattern in timing_showcase__1", async () => {
    const d = (await (await get(`/api/runs/${RUN}/scenarios/timing_showcase__1`)).json()) as ScenarioDetail;
    const t = d.timing!;
    expect(new Set(t.flow.findings.map((f) => f.kind))).toEqual(new Set(["fabrication", "loop", "echo", "skipped-confirmation"]));
    expect(t.flow.findings.find((f) => f.kind === "fabrication")!.quote).toMatch(/refund of \$54\.20/);
    expect(t.flow.findings.find((f) => f.kind === "loop")!.turns).toHaveLength(3);
    // The chain: four tool calls and the reply, five LLM calls in one agent turn.
    expect(Math.max(...t.waterfall.map((w) => w.llm_calls))).toBe(5);
    for (const w of t.waterfall) expect(w.parts.reduce((s, p) => s + p.seconds, 0)).toBeCloseTo(w.gap_s, 9);
    expect(t.marks.bargeIns.map((b) => b.by).sort()).toEqual(["agent", "user"]);
    expect(t.interaction.dead_air.longest_s.value).toBeGreaterThanOrEqual(10);
    const stages = t.ttfb.map((g) => `${g.side}:${/LLM/.test(g.processor) ? "LLM" : /TTS/.test(g.processor) ? "TTS" : "other"}`);
    expect(new Set(stages)).toEqual(new Set(["agent:LLM", "agent:TTS", "user:LLM", "user:TTS"]));
    expect(d.insights.hints.map((h) => h.kind)).toEqual(expect.arrayContaining(["fabrication", "loop", "echo", "skipped-confirmation"]));
    expect(d.files.find((f) => f.path === "conversation_log.wav")?.present).toBe(true);
  });

  it("the run rollup sees fabrications in both scenarios as a pattern", async () => {
    const t = await waitFor(
      async () => {
        const x = (await (await get(`/api/runs/${RUN}/timing`)).json()) as RunTiming;
        return x.pending === 0 ? x : null;
      },
      20_000,
      "timing pending 0",
    );
    expect(t.patterns.find((p) => p.kind === "fabrication")?.scenarios).toEqual(["timing_showcase__1", "timing_showcase__2"]);
  });
});
