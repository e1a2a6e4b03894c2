/**
 * Issue 57 on spoken audio: the bundled example's calls are espeak-ng speech (30–40 ms of zeros in its
 * stop closures) over a floor near −75 dBFS. Gated to a clean line (every 10 ms frame under a gate of
 * −64 to −58 dBFS set to exact zeros, as a TTS renders its pauses; a gate at −50 dBFS would chop espeak's
 * slow decays into edges no detector can tell from a cut), 150 ms of exact zeros cut into a word of an agent reply, on
 * or off the 10 ms frame grid, is found where it is, and the call as it is has no dropout.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyseAudio } from "@/lib/core/audio/analyse";
import { readWavFrames } from "@/lib/server/audio/wav-frames";

const RUN = join(__dirname, "../../../examples/results/eval_20261118_140000");
const dir = mkdtempSync(join(tmpdir(), "ved-dropout-speech-"));

async function analysed(path: string) {
  const frames = await readWavFrames(path);
  if (!frames.ok) throw new Error(frames.problem);
  return analyseAudio({ ...frames, turns: [] });
}

describe("a dropout cut into spoken words on a clean line", () => {
  for (const [scenario, GATE] of [
    ["qa__weather_new_york", 20],
    ["tau2_airline__28", 40],
  ] as const) {
    it(`${scenario} (gated at int16 RMS ${GATE}): found where it was cut, on and off the frame grid; none in the call as it is`, async () => {
      const wav = readFileSync(join(RUN, scenario, "conversation_log.wav"));
      const data = wav.indexOf(Buffer.from("data")) + 8;
      const rate = wav.readUInt32LE(24);
      const perFrame = rate / 100;
      const frames = Math.floor((wav.length - data) / 4 / perFrame);
      // The gate: both channels' quiet frames to digital silence.
      for (let f = 0; f < frames; f++)
        for (const ch of [0, 2]) {
          let sum = 0;
          for (let i = f * perFrame; i < (f + 1) * perFrame; i++) sum += wav.readInt16LE(data + 4 * i + ch) ** 2;
          if (Math.sqrt(sum / perFrame) < GATE) for (let i = f * perFrame; i < (f + 1) * perFrame; i++) wav.writeInt16LE(0, data + 4 * i + ch);
        }
      const gated = join(dir, `${scenario}.wav`);
      writeFileSync(gated, wav);
      const plain = await analysed(gated);
      expect(plain.line.agent.noiseFloorDb).toBeNull();
      expect(plain.speech.agent.length).toBeGreaterThan(0);
      expect(plain.findings.filter((f) => f.kind === "dropout")).toEqual([]);
      const agentAt = (i: number) => wav.readInt16LE(data + 4 * i + 2);
      const level = (f: number) => {
        let s = 0;
        for (let i = f * perFrame; i < (f + 1) * perFrame; i++) s += agentAt(i) ** 2;
        return Math.sqrt(s / perFrame);
      };
      // Inside a word: the agent channel sounding for 40 ms before and 200 ms from the cut.
      const inWord: number[] = [];
      for (let f = 100; inWord.length < 3 && f + 30 < frames; f++) {
        let ok = true;
        for (let j = -4; j < 20 && ok; j++) ok = level(f + j) > 800;
        if (ok) {
          inWord.push(f);
          f += 300;
        }
      }
      expect(inWord).toHaveLength(3);
      for (const [k, f] of inWord.entries()) {
        const shift = k === 1 ? Math.round(perFrame * 0.4) : 0;
        const cut = Buffer.from(wav);
        const from = f * perFrame + shift;
        for (let i = from; i < from + 0.15 * rate; i++) cut.writeInt16LE(0, data + 4 * i + 2);
        const out = join(dir, `${scenario}-${f}.wav`);
        writeFileSync(out, cut);
        const a = await analysed(out);
        const drops = a.findings.filter((x) => x.kind === "dropout");
        const at = from / rate;
        expect(
          drops.map((d) => [d.side, d.start, d.end]),
          `cut at ${at} s`,
        ).toEqual([["agent", expect.closeTo(at, 1), expect.closeTo(at + 0.15, 1)]]);
        expect(Math.abs(drops[0]!.start - at)).toBeLessThanOrEqual(0.03);
        expect(Math.abs(drops[0]!.end - (at + 0.15))).toBeLessThanOrEqual(0.03);
      }
    }, 60_000);
  }
});
