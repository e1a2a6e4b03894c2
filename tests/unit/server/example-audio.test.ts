/** The bundled example's recordings (issue 34): the spoken calls find what was planted in them, and nothing else. */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AudioAnalysis } from "@/lib/core/audio/analyse";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";

const ROOT = join(__dirname, "../../../examples/results");
const SPOKEN = "eval_20261118_140000";
const SHOWCASE = "eval_20261130_093000";
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
  it("a talk-over: the agent answers over the caller's goodbye, which the logs do not show", async () => {
    const a = await analysis(SPOKEN, "qa__weather_new_york");
    expect(a.sampleRate).toBe(8000);
    expect(kinds(a)).toEqual(["talk_over:agent"]);
    expect(a.speech.user).toHaveLength(2);
    expect(a.speech.agent).toHaveLength(3);
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
