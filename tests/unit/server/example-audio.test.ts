/** The bundled example's recordings (issue 34): the spoken calls find what was planted in them, and nothing else. */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AudioAnalysis } from "@/lib/core/audio/analyse";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";

const ROOT = join(__dirname, "../../../examples/results");
const SPOKEN = "eval_20261118_140000";
const SHOWCASE = "eval_20261129_093000";
const stores = new Map<string, Store>();

beforeAll(async () => {
  for (const run of [SPOKEN, SHOWCASE]) {
    // Read only: the store never writes into the folder.
    const store = createStore(join(ROOT, run), { watch: false });
    await store.scanned;
    stores.set(run, store);
  }
});
afterAll(async () => {
  for (const s of stores.values()) await closeStore(s);
});

async function analysis(run: string, scenario: string): Promise<AudioAnalysis> {
  const res = await runRoute(stores.get(run)!, new Request(`http://localhost/api/runs/${run}/scenarios/${scenario}/audio-analysis`));
  expect(res.status).toBe(200);
  return (await res.json()) as AudioAnalysis;
}

const kinds = (a: AudioAnalysis) => a.findings.map((f) => `${f.kind}:${f.side}`);

describe("the bundled example's recordings", () => {
  it("a talk-over: the agent answers over the caller's goodbye (an agent interruption), and the caller cuts into the greeting, which stops 0.6 s later (a yield); the logs show neither", async () => {
    const a = await analysis(SPOKEN, "qa__weather_new_york");
    expect(a.sampleRate).toBe(8000);
    expect(kinds(a)).toEqual(["talk_over:user", "talk_over:agent"]);
    expect(a.speech.user).toHaveLength(2);
    expect(a.speech.agent).toHaveLength(3);
    const ev = a.interactionEvents.map((e) => e.kind);
    expect(ev).toEqual(["yield", "response", "agent_interrupt"]);
    expect(a.interactionEvents[0]!.seconds).toBeCloseTo(0.6, 1);
    expect(a.interaction).toMatchObject({ yieldRate: 1, counts: { yieldTotal: 1, agentInterrupts: 1 } });
  });

  it("a bad line: background noise at about 13 dB SNR on both channels (noisy line), the agent's voice echoed on the caller's channel, and 120 ms of an agent reply dropped", async () => {
    const a = await analysis(SPOKEN, "qa__largest_ocean");
    const found = kinds(a);
    expect(found.filter((k) => k.startsWith("noisy_line")).sort()).toEqual(["noisy_line:agent", "noisy_line:user"]);
    expect(a.line.user.snrDb).toBeLessThan(15);
    expect(a.line.agent.snrDb).toBeLessThan(15);
    // Each agent reply comes back on the caller's channel, and is never the caller's speech.
    expect(found.filter((k) => k === "echo:user")).toHaveLength(a.speech.agent.length);
    expect(found.filter((k) => k.startsWith("talk_over") || k.startsWith("unlogged_speech"))).toEqual([]);
    const drop = a.findings.filter((f) => f.kind === "dropout");
    expect(drop.map((f) => f.side)).toEqual(["agent"]);
    expect(drop[0]!.end - drop[0]!.start).toBeCloseTo(0.12, 1);
  });

  it("a silent turn: an agent reply logged but not heard (and the dead air it leaves)", async () => {
    const a = await analysis(SPOKEN, "tau2_airline__28");
    expect(kinds(a).sort()).toEqual(["dead_air:both", "silent_turn:agent"]);
    const silent = a.findings.find((f) => f.kind === "silent_turn")!;
    const air = a.findings.find((f) => f.kind === "dead_air")!;
    expect(air.start).toBeLessThanOrEqual(silent.start);
    expect(air.end).toBeGreaterThanOrEqual(silent.end);
  });

  it("clipping: one stretch of an agent reply at full scale", async () => {
    const a = await analysis(SPOKEN, "tau2_airline__48");
    expect(kinds(a)).toEqual(["clipping:agent"]);
    const c = a.findings[0]!;
    expect(c.end - c.start).toBeGreaterThan(0.1);
    expect(c.end - c.start).toBeLessThan(0.5);
    // Apart from the plants, the audio's response gaps follow the logged hand-offs.
    expect(a.responseGaps.length).toBeGreaterThanOrEqual(5);
  });

  it("the timing showcase's tones find its planted dead air and its two barge-ins (logged overlaps without an [INTERRUPTED] mark)", async () => {
    const a = await analysis(SHOWCASE, "timing_showcase__1");
    expect(kinds(a).sort()).toEqual(["dead_air:both", "dead_air:both", "talk_over:agent", "talk_over:user"]);
  });
});
