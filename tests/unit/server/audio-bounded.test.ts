/**
 * Issue 42: a legal recording of many short alternating bursts is analysed in bounded time while the
 * event loop keeps answering (what `/api/health` waits for), its lists are bounded, the run's Audio tab
 * reads it, analyses run two at a time server-wide, and the kept answers are bounded by bytes.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LRUCache } from "lru-cache";
import { analyseAudio, MAX_LISTED } from "@/lib/core/audio/analyse";
import { audioAnalysis } from "@/lib/server/audio/analysis";
import { answerBytes, AudioWork, audioWork, CACHE_BYTES, MAX_RUNNING, type AudioAnswer, type KeptAnswer } from "@/lib/server/audio/work";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { runAudio } from "@/lib/server/views/run-audio";
import { writeBurstsWav, writeWav } from "../../helpers/wav";

const FIXTURE = join(import.meta.dirname, "../../fixtures/harness/small-2-domains/run/eval_20260810_031700");
const RUN = "eval_20260810_031700";
const BIG = "tau2_airline__12";
const SMALL = ["tau2_airline__34", "tau2_airline__37", "restaurant__pizza_pepperoni", "restaurant__burger_spicy_feast", "restaurant__deli_italian_sub_lunch"];
let tmp = "";
let store: Store;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "ved-audio-bounded-"));
  const run = join(tmp, RUN);
  cpSync(FIXTURE, run, { recursive: true });
  // 100 MB at 1 kHz: 7.3 hours of 0.15 s bursts, one side then the other every 0.7 s (~37,000 spurts a side).
  writeBurstsWav(join(run, BIG, "conversation_log.wav"), { bytes: 100 * 1024 * 1024, rate: 1000, on: 0.15, period: 0.7 });
  for (const name of SMALL)
    writeWav(join(run, name, "conversation_log.wav"), {
      seconds: 20,
      bursts: [
        { channel: 1, start: 1, end: 4 },
        { channel: 0, start: 6, end: 9 },
      ],
    });
  store = createStore(tmp, { watch: false });
  await store.scanned;
}, 120_000);

afterAll(async () => {
  if (store) await closeStore(store);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

/** The longest the event loop went without running a 10 ms timer while `work` ran. */
async function longestStall<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number; ms: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  try {
    const value = await work();
    const ms = performance.now() - started;
    // One more tick: a stall at the very end shows only when the timer runs after it.
    await new Promise((resolve) => setTimeout(resolve, 30));
    return { value, stallMs, ms };
  } finally {
    clearInterval(timer);
  }
}

describe("a 100 MB recording of short alternating bursts", () => {
  it("is analysed while the event loop keeps answering, its lists bounded and counted", async () => {
    const run = (await store.openRun(RUN))!;
    const { value: answer, stallMs } = await longestStall(() => audioAnalysis(run, BIG));
    expect(answer.status).toBe(200);
    const a = (answer as Extract<AudioAnswer, { status: 200 }>).analysis;
    // The event loop never waited a second (health answers within 1 s).
    expect(stallMs).toBeLessThan(1000);
    // Past the bound, the lists hold the first ones and the counts say how many there were.
    expect(a.counts.userSpurts).toBeGreaterThan(MAX_LISTED);
    expect(a.counts.responseGaps).toBeGreaterThan(MAX_LISTED);
    expect(a.speech.user.length).toBe(MAX_LISTED);
    expect(a.responseGaps.length).toBe(MAX_LISTED);
    expect(a.truncated).toBe(true);
    // At most 3 hours of it are analysed, and the analysis says so.
    expect(a.durationSeconds).toBeGreaterThan(7 * 3600);
    expect(a.analysedSeconds).toBe(3 * 3600);
    expect(Math.abs(a.responseGaps[0]!.gapMs - 200)).toBeLessThanOrEqual(50);
  }, 120_000);

  it("reads on the run's Audio tab (no spread of every gap into one call)", async () => {
    const run = (await store.openRun(RUN))!;
    const audio = await runAudio(run);
    const row = audio.rows.find((r) => r.name === BIG)!;
    expect(row.problem).toBeNull();
    expect(row.handOffs).toBeGreaterThan(MAX_LISTED);
    expect(Math.abs(audio.audioP50! - 200)).toBeLessThanOrEqual(50);
  }, 120_000);
});

describe("the audio work", () => {
  it("runs at most two analyses at once server-wide, the rest queued", async () => {
    const run = (await store.openRun(RUN))!;
    const work = audioWork();
    work.peakRunning = 0;
    // Each file changed: none is kept yet.
    for (const name of SMALL) writeWav(join(run.dir, name, "conversation_log.wav"), { seconds: 21, bursts: [{ channel: 1, start: 1, end: 4 }] });
    const answers = await Promise.all(SMALL.map((name) => audioAnalysis(run, name)));
    expect(answers.map((a) => a.status)).toEqual(SMALL.map(() => 200));
    expect(work.peakRunning).toBe(MAX_RUNNING);
    expect(MAX_RUNNING).toBe(2);
  }, 60_000);

  it("keeps answers by their size in bytes, least recently used out", async () => {
    const work = new AudioWork(new LRUCache<string, KeptAnswer>({ maxSize: 10_000, maxEntrySize: 10_000, sizeCalculation: (v) => v.bytes }));
    const problem = (n: number): AudioAnswer => ({ status: 422, reason: "x".repeat(n) });
    await work.answer("a", async () => problem(1000));
    await work.answer("b", async () => problem(1000));
    await new Promise((r) => setImmediate(r));
    expect(work.kept.size).toBe(2);
    // Weighed once made: 200 bytes + 2 per character.
    expect(work.kept.calculatedSize).toBe(2 * 2200);
    // "a" used again: "b" is the least recently used.
    let made = 0;
    await work.answer("a", async () => (made++, problem(1)));
    expect(made).toBe(0);
    await work.answer("c", async () => problem(3000));
    await new Promise((r) => setImmediate(r));
    expect(work.kept.calculatedSize).toBeLessThanOrEqual(10_000);
    expect(work.kept.has("a")).toBe(true);
    expect(work.kept.has("b")).toBe(false);
    await work.answer("b", async () => (made++, problem(1)));
    expect(made).toBe(1);
  });

  it("holds a compare page's recordings (2 × 200 ten-minute calls) within its budget", () => {
    const typical = answerBytes({ status: 200, analysis: JSON.parse(JSON.stringify(tenMinuteAnalysis())) });
    expect(400 * typical).toBeLessThan(CACHE_BYTES);
  });
});

/** A ten-minute call's analysis: a turn every 9 s, from planted frames (no file needed). */
function tenMinuteAnalysis() {
  const frames = 60_000;
  const channel = (offset: number) => {
    const rms = new Float32Array(frames).fill(0.0005);
    for (let f = 0; f < frames; f++) if ((f + offset) % 900 < 350) rms[f] = 0.1;
    return { rms, band: rms.map((x) => x * 0.8), clipped: new Uint16Array(frames) };
  };
  return analyseAudio({ sampleRate: 16000, durationSeconds: 600, user: channel(430), agent: channel(0), turns: [] });
}
