/**
 * Issue 47: a real line's defects on planted speech-like calls (dropout, echo, dead stream, cut-off),
 * each found with its side and time; and the interaction panel's events on the recording (a yield after
 * 0.6 s, a no-yield, an agent interruption, a no-response).
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyseAudio, type LoggedTurn } from "@/lib/core/audio/analyse";
import { readWavFrames } from "@/lib/server/audio/wav-frames";
import { plantedChannels, writePlantedCall, type PlantedCall } from "../../helpers/speech";

const dir = mkdtempSync(join(tmpdir(), "ved-defects-"));
let n = 0;

async function analysed(call: PlantedCall, turns: LoggedTurn[] = []) {
  const path = join(dir, `call-${n++}.wav`);
  const truth = writePlantedCall(path, call);
  const frames = await readWavFrames(path);
  if (!frames.ok) throw new Error(frames.problem);
  return { ...analyseAudio({ ...frames, turns }), truth };
}

const turnsOf = (spans: { user: Array<[number, number]>; agent: Array<[number, number]> }): LoggedTurn[] => [
  ...spans.user.map(([start, end]) => ({ role: "user" as const, start, end, interrupted: false })),
  ...spans.agent.map(([start, end]) => ({ role: "agent" as const, start, end, interrupted: false })),
];

const NOISY = { snrDb: 25 };

/** The first 10 ms frame boundary from `from` on where the agent's planted speech has sounded at full level for 30 ms and keeps on for 200 ms (inside a word). */
function loudMoment(call: PlantedCall, from: number): number {
  const x = plantedChannels(call).agent;
  const frame = call.rate / 100;
  const level = (f: number) => {
    let s = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) s += (x[i] as number) ** 2;
    return Math.sqrt(s / frame);
  };
  for (let f = Math.round(from * 100); ; f++) {
    let ok = true;
    for (let k = -3; k < 20 && ok; k++) ok = level(f + k) > 0.05;
    if (ok) return f / 100;
  }
}

describe("a real line's defects", () => {
  it("a dropout: 120 ms of exact zeros inside the agent's speech, found where it is, and nothing else", async () => {
    const call: PlantedCall = {
      rate: 8000,
      seconds: 14,
      user: [[1, 3.5]],
      agent: [[4.5, 9]],
      lines: { user: NOISY, agent: { ...NOISY, zeros: [[6.5, 6.62]] } },
      seed: 4,
    };
    const a = await analysed(call, turnsOf(call));
    const drops = a.findings.filter((f) => f.kind === "dropout");
    expect(drops.map((f) => f.side)).toEqual(["agent"]);
    expect(Math.abs(drops[0]!.start - 6.5)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(drops[0]!.end - 6.62)).toBeLessThanOrEqual(0.03);
    expect(a.speech.agent).toHaveLength(1);
  }, 30_000);

  it("a dropout on a clean line: 150 ms of exact zeros cut into a word is found; the same call's own word pauses (zeros too) are none (issue 57)", async () => {
    const call: PlantedCall = { rate: 16000, seconds: 12, user: [[1, 3.5]], agent: [[4.5, 10]], seed: 9 };
    const plain = await analysed(call, turnsOf(call));
    expect(plain.line.agent.noiseFloorDb).toBeNull();
    expect(plain.findings.filter((f) => f.kind === "dropout")).toEqual([]);
    // Cut into a word: the middle of a syllable that is sounding at that moment.
    const at = loudMoment(call, 6.5);
    const cut = await analysed({ ...call, lines: { agent: { zeros: [[at, at + 0.15]] } } }, turnsOf(call));
    const drops = cut.findings.filter((f) => f.kind === "dropout");
    expect(drops.map((f) => f.side)).toEqual(["agent"]);
    expect(Math.abs(drops[0]!.start - at)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(drops[0]!.end - (at + 0.15))).toBeLessThanOrEqual(0.03);
    expect(cut.speech.agent).toHaveLength(1);
  }, 30_000);

  it("an echo: the agent's voice on the user channel 150 ms later, 15 dB down, is named and is never user speech, talk-over or unlogged speech", async () => {
    const call: PlantedCall = {
      rate: 8000,
      seconds: 20,
      user: [[6, 8.5]],
      agent: [
        [1, 4.5],
        [10, 14],
      ],
      lines: { user: { snrDb: 35, echo: { delay: 0.15, downDb: 15 } }, agent: { snrDb: 35 } },
      seed: 9,
    };
    const a = await analysed(call, turnsOf(call));
    const echoes = a.findings.filter((f) => f.kind === "echo");
    expect(echoes.map((f) => f.side)).toEqual(["user", "user"]);
    expect(echoes[0]!.message).toMatch(/1[4-6]0 ms later/);
    expect(a.speech.user).toHaveLength(1);
    expect(Math.abs(a.speech.user[0]![0] - 6)).toBeLessThanOrEqual(0.2);
    expect(a.findings.filter((f) => f.side === "user" && (f.kind === "talk_over" || f.kind === "unlogged_speech"))).toEqual([]);
    expect(a.overlaps).toEqual([]);
  }, 30_000);

  it("a dead stream: exact zeros for 2.5 s on a noisy line while the logs say the agent speaks", async () => {
    const call: PlantedCall = {
      rate: 8000,
      seconds: 16,
      user: [[1, 3]],
      agent: [
        [4, 6],
        [9, 12],
      ],
      lines: { user: NOISY, agent: { ...NOISY, zeros: [[9, 11.5]] } },
      seed: 6,
    };
    const a = await analysed(call, turnsOf(call));
    const dead = a.findings.filter((f) => f.kind === "dead_stream");
    expect(dead.map((f) => f.side)).toEqual(["agent"]);
    expect(Math.abs(dead[0]!.start - 9)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(dead[0]!.end - 11.5)).toBeLessThanOrEqual(0.02);
  }, 30_000);

  it("a cut-off: the agent's speech stops dead at full level when the user barges in; a natural ending is none", async () => {
    const call: PlantedCall = {
      rate: 8000,
      seconds: 16,
      user: [[5.6, 8]],
      agent: [
        [1, 6],
        [9, 12],
      ],
      cut: [[1, 6]],
      lines: { user: NOISY, agent: NOISY },
      seed: 8,
    };
    const a = await analysed(call, turnsOf(call));
    const cut = a.findings.filter((f) => f.kind === "cut_off");
    expect(cut.map((f) => f.side)).toEqual(["agent"]);
    expect(Math.abs(cut[0]!.end - a.truth.agent[0]![1])).toBeLessThanOrEqual(0.05);
  }, 30_000);
});

describe("a loop", () => {
  it("the same 400 ms block of the agent's speech played 4 times in a row is a loop, found where it is; speech is none", async () => {
    const call: PlantedCall = {
      rate: 8000,
      seconds: 16,
      user: [[1, 3]],
      agent: [[4, 10]],
      lines: { user: NOISY, agent: { loop: { at: 5, block: 0.4, times: 4 }, snrDb: 25 } },
      seed: 14,
    };
    const a = await analysed(call, turnsOf(call));
    const loops = a.findings.filter((f) => f.kind === "loop");
    expect(loops.map((f) => f.side)).toEqual(["agent"]);
    expect(loops[0]!.message).toMatch(/400 ms block plays [34] times/);
    expect(Math.abs(loops[0]!.start - 5)).toBeLessThanOrEqual(0.1);
    // No loop in speech that does not repeat (the other calls of this file), nor in the caller's here.
    expect(a.findings.filter((f) => f.kind === "loop" && f.side === "user")).toEqual([]);
  }, 30_000);
});

describe("the interaction panel on the recording", () => {
  it("a yield after 0.6 s, a no-yield, an agent interruption and a no-response", async () => {
    const call: PlantedCall = {
      rate: 8000,
      seconds: 30,
      // The user cuts in at 3.4 and the agent stops 0.6 s later (its utterance cut to 1–4.0);
      // cuts in at 10 and the agent talks on to 14 (no yield); the agent cuts in at 17.5 over the user's 16–19;
      // the user speaks at 21–22.5 and again at 24.5–26 before any answer (no response), then the agent answers at 27.
      user: [
        [3.4, 5.5],
        [10, 11],
        [16, 19],
        [21, 22.5],
        [24.5, 26],
      ],
      agent: [
        [1, 4.0],
        [7, 14],
        [17.5, 20],
        [27, 29],
      ],
      cut: [[1, 4.0]],
      lines: { user: NOISY, agent: NOISY },
      seed: 12,
    };
    const a = await analysed(call);
    const ev = (kind: string) => a.interactionEvents.filter((e) => e.kind === kind);
    expect(ev("yield")).toHaveLength(1);
    expect(Math.abs(ev("yield")[0]!.seconds! - 0.6)).toBeLessThanOrEqual(0.1);
    expect(ev("no_yield").map((e) => Math.round(e.at))).toEqual([10]);
    expect(ev("agent_interrupt").map((e) => Math.round(e.at * 2) / 2)).toEqual([17.5]);
    expect(ev("no_response").map((e) => Math.round(e.at * 2) / 2)).toEqual([22.5]);
    expect(a.interaction.counts.agentInterrupts).toBe(1);
    expect(a.interaction.counts.yieldTotal).toBe(2);
    expect(a.interaction.yieldRate).toBe(0.5);
  }, 30_000);
});
