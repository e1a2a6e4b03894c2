/** The recording measured: spurts within 100 ms of the planted ones, each finding kind, each malformed form named. */
import { mkdtempSync, openSync, closeSync, ftruncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyseAudio, type LoggedTurn } from "@/lib/core/audio/analyse";
import { readWavFrames, MAX_WAV_BYTES } from "@/lib/server/audio/wav-frames";
import { wavBytes, writeWav, type Burst } from "../../helpers/wav";

const dir = mkdtempSync(join(tmpdir(), "ved-audio-"));
let n = 0;

async function analyse(bursts: Burst[], turns: LoggedTurn[], seconds = 30) {
  const path = join(dir, `call-${n++}.wav`);
  writeWav(path, { seconds, bursts });
  const frames = await readWavFrames(path);
  if (!frames.ok) throw new Error(frames.problem);
  return analyseAudio({ ...frames, turns });
}

const user = (start: number, end: number): Burst => ({ channel: 0, start, end });
const agent = (start: number, end: number): Burst => ({ channel: 1, start, end });
const turn = (role: "user" | "agent", start: number, end: number, interrupted = false): LoggedTurn => ({ role, start, end, interrupted });

describe("audio analysis", () => {
  const planted = [agent(1, 3.5), user(5, 7.2), agent(8, 11), user(12.5, 13.4), agent(14.2, 17)];
  const logged = [turn("agent", 1, 3.5), turn("user", 5, 7.2), turn("agent", 8, 11), turn("user", 12.5, 13.4), turn("agent", 14.2, 17)];

  it("finds each side's talk spurts with edges within 100 ms, and the response gap of each hand-off", async () => {
    const a = await analyse(planted, logged, 20);
    expect(a.sampleRate).toBe(16000);
    expect(a.durationSeconds).toBeCloseTo(20, 2);
    const near = (got: [number, number][], want: Burst[]) => {
      expect(got).toHaveLength(want.length);
      got.forEach(([s, e], i) => {
        expect(Math.abs(s - want[i]!.start)).toBeLessThanOrEqual(0.1);
        expect(Math.abs(e - want[i]!.end)).toBeLessThanOrEqual(0.1);
      });
    };
    near(
      a.speech.agent,
      planted.filter((b) => b.channel === 1),
    );
    near(
      a.speech.user,
      planted.filter((b) => b.channel === 0),
    );
    expect(a.responseGaps.map((g) => Math.round(g.gapMs / 100) * 100)).toEqual([800, 800]);
    expect(a.findings).toEqual([]);
  });

  it("merges pauses under 500 ms and drops blips under 100 ms", async () => {
    const a = await analyse([agent(1, 2), agent(2.3, 3), agent(5, 5.05)], [turn("agent", 1, 3)], 8);
    expect(a.speech.agent).toHaveLength(1);
    expect(a.speech.agent[0]![1]).toBeCloseTo(3, 1);
  });

  it("names a silent turn, unlogged speech, a talk-over, dead air and clipping", async () => {
    const bursts = [
      agent(1, 3),
      user(4, 6),
      agent(5.2, 7.5),
      user(9, 10.5),
      { channel: 1 as const, start: 11, end: 12, level: 1.5 },
      user(25, 27),
      agent(40, 41),
    ];
    const turns = [
      turn("agent", 1, 3),
      turn("user", 4, 6),
      turn("agent", 5.2, 7.5),
      turn("agent", 13, 15),
      turn("agent", 11, 12),
      turn("user", 25, 27),
      turn("agent", 40, 41),
    ];
    const a = await analyse(bursts, turns, 45);
    const kinds = (k: string) => a.findings.filter((f) => f.kind === k);
    expect(kinds("silent_turn").map((f) => [f.side, f.start])).toEqual([["agent", 13]]);
    expect(kinds("unlogged_speech").map((f) => f.side)).toEqual(["user"]);
    expect(Math.abs(kinds("unlogged_speech")[0]!.start - 9)).toBeLessThanOrEqual(0.1);
    expect(kinds("talk_over")).toHaveLength(1);
    expect(kinds("talk_over")[0]!.side).toBe("agent");
    expect(kinds("dead_air").length).toBeGreaterThanOrEqual(1);
    expect(
      kinds("dead_air").some((f) => f.start >= 26.9 && f.start <= 27.1 && f.end >= 39.9 && f.end <= 40.1),
      JSON.stringify(kinds("dead_air")),
    ).toBe(true);
    expect(kinds("clipping").map((f) => f.side)).toEqual(["agent"]);
    for (const f of a.findings) expect(f.message.length).toBeGreaterThan(10);
  });

  it("names clipped syllables of one phrase (runs under 500 ms apart) as one clipping", async () => {
    const hot = (start: number, end: number) => ({ channel: 1 as const, start, end, level: 1.5 });
    const a = await analyse([hot(2, 2.2), hot(2.35, 2.5), hot(2.6, 2.8), hot(5, 5.2)], [turn("agent", 2, 2.8), turn("agent", 5, 5.2)], 8);
    const clipping = a.findings.filter((f) => f.kind === "clipping");
    expect(clipping).toHaveLength(2);
    expect(Math.abs(clipping[0]!.start - 2)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(clipping[0]!.end - 2.8)).toBeLessThanOrEqual(0.05);
  });

  it("knows an interruption the logs record is not a talk-over", async () => {
    const a = await analyse([agent(1, 4), user(3, 5)], [turn("agent", 1, 4, true), turn("user", 3, 5)], 8);
    expect(a.overlaps).toHaveLength(1);
    expect(a.findings.filter((f) => f.kind === "talk_over")).toEqual([]);
  });

  it("names each malformed recording instead of throwing", async () => {
    const write = (name: string, bytes: Buffer) => {
      const p = join(dir, name);
      writeFileSync(p, bytes);
      return p;
    };
    const good = wavBytes({ seconds: 1, bursts: [] });
    const cases: Array<[string, Buffer, RegExp]> = [
      ["text.wav", Buffer.from("not a wav at all"), /not a RIFF\/WAVE/],
      ["mono.wav", wavBytes({ seconds: 1, channels: 1, bursts: [] }), /1 channel/],
      ["8bit.wav", wavBytes({ seconds: 1, bits: 8, bursts: [] }), /8-bit/],
      ["short.wav", good.subarray(0, 2000), /claims \d+ bytes, the file holds/],
      ["empty.wav", Buffer.alloc(0), /not a RIFF/],
    ];
    for (const [name, bytes, why] of cases) {
      const r = await readWavFrames(write(name, bytes));
      expect(r.ok, name).toBe(false);
      if (!r.ok) expect(r.problem, name).toMatch(why);
    }
    // A huge file is refused by its size, never read (a sparse file: no disk used).
    const huge = join(dir, "huge.wav");
    const fd = openSync(huge, "w");
    ftruncateSync(fd, MAX_WAV_BYTES + 1);
    closeSync(fd);
    const r = await readWavFrames(huge);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problem).toMatch(/GB, over the/);
  });

  it("walks the chunks to data whatever their size, and honours WAVE_FORMAT_EXTENSIBLE's subformat", async () => {
    const bursts = [agent(1, 3), user(4, 6)];
    const read = async (name: string, bytes: Buffer) => {
      const p = join(dir, name);
      writeFileSync(p, bytes);
      return readWavFrames(p);
    };
    const plain = await read("plain.wav", wavBytes({ seconds: 8, bursts }));
    // A 200 KB LIST chunk before data (refused when the header was read from the first 64 KB).
    const list = await read(
      "list.wav",
      wavBytes({
        seconds: 8,
        bursts,
        before: [
          { id: "LIST", size: 200_000 },
          { id: "junk", size: 7 },
        ],
      }),
    );
    // Extensible with the float subformat: 32-bit float samples, not 16-bit PCM.
    const float = await read("float.wav", wavBytes({ seconds: 8, bursts, float: true, extensible: true }));
    const extPcm = await read("ext-pcm.wav", wavBytes({ seconds: 8, bursts, extensible: true }));
    for (const [name, r] of [
      ["list", list],
      ["float", float],
      ["ext-pcm", extPcm],
    ] as const) {
      expect(r.ok, name).toBe(true);
      if (!r.ok || !plain.ok) continue;
      expect(r.durationSeconds, name).toBeCloseTo(8, 2);
      const a = analyseAudio({ ...r, turns: [] });
      expect(a.speech.agent.length, name).toBe(1);
      expect(a.speech.user.length, name).toBe(1);
      // The same levels as the 16-bit PCM file (to a 16-bit step).
      expect(Math.abs((r.user.rms[450] as number) - (plain.user.rms[450] as number)), name).toBeLessThan(1e-3);
    }
    const unknown = await read("ext-alaw.wav", wavBytes({ seconds: 1, bursts: [], extensible: true, subFormat: 6 }));
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.problem).toMatch(/format 6 .*unsupported/);
    const noData = await read("no-data.wav", wavBytes({ seconds: 1, bursts: [] }).subarray(0, 36));
    expect(noData.ok).toBe(false);
    if (!noData.ok) expect(noData.problem).toMatch(/no data chunk/);
  });
});
