/**
 * Speech-like calls for the detector's tests (issue 47): each planted utterance is words of voiced
 * syllables (a sawtooth at a drifting pitch, softened, with a 20 ms attack and a 40–80 ms decay) and some
 * unvoiced ones (noise), at syllable levels that vary by ±6 dB, with pauses under 500 ms between words;
 * then a line's defects on top: white noise at an SNR (against the speech's own RMS), a 50 Hz hum,
 * dropped frames, an echo of the other side, a dead stream, a cut-off. Deterministic (seeded).
 */
import { writeFileSync } from "node:fs";
import { wavHeader } from "./wav";

export type Span = [number, number];

export interface Line {
  /** White noise this many dB under the speech's RMS. */
  snrDb?: number;
  /** A 50 Hz hum at this RMS relative to the speech's (dB; -6 is half the speech's amplitude). */
  humDb?: number;
  /** Stretches set to exact zeros (frames dropped, a dead stream). */
  zeros?: Span[];
  /** From `at`, the `block` seconds after it played `times` times in a row (a replaying buffer). */
  loop?: { at: number; block: number; times: number };
  /** The other channel's signal added, delayed (s) and attenuated (dB). */
  echo?: { delay: number; downDb: number };
}

export interface PlantedCall {
  rate: number;
  seconds: number;
  user: Span[];
  agent: Span[];
  /** Utterances that stop dead at full level (no decay). */
  cut?: Span[];
  /** Speech steady in level: each utterance one block of a voiced tone at one level, hard edges, zeros between (a TTS rendering of a simulation's segments). */
  steady?: boolean;
  lines?: { user?: Line; agent?: Line };
  seed?: number;
}

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** One channel's speech for its planted utterances (peak level about 0.3), and where each really is (its first to its last syllable). */
function speechOf(spans: Span[], rate: number, n: number, random: () => number, cut: Span[], steady = false): { x: Float32Array; truth: Span[] } {
  const out = new Float32Array(n);
  const truth: Span[] = [];
  if (steady) {
    for (const [start, end] of spans) {
      const f0 = 100 + 120 * random();
      let phase = 0;
      let lp = 0;
      for (let i = Math.round(start * rate); i < Math.min(n, Math.round(end * rate)); i++) {
        phase = (phase + f0 / rate) % 1;
        lp += 0.35 * (2 * phase - 1 - lp);
        out[i] = 0.2 * lp * 2.2;
      }
      truth.push([start, end]);
    }
    return { x: out, truth };
  }
  for (const [start, end] of spans) {
    let lastEnd = start;
    const hardStop = cut.some(([a, b]) => Math.abs(a - start) < 1e-6 && Math.abs(b - end) < 1e-6);
    let t = start;
    let f0 = 100 + 120 * random();
    while (t < end - 0.08) {
      // A word of 1–3 syllables, then a pause of 60–250 ms (merged into the utterance).
      const syllables = 1 + Math.floor(random() * 3);
      for (let k = 0; k < syllables && t < end - 0.08; k++) {
        const len = Math.min(0.12 + 0.16 * random(), end - t);
        const level = 0.3 * 10 ** ((-6 + 12 * random()) / 20) * 0.7;
        const voiced = random() < 0.8;
        const decay = 0.04 + 0.04 * random();
        const last = t + len >= end - 0.08;
        const a = Math.round(t * rate);
        const b = Math.min(n, Math.round((t + len) * rate));
        let phase = 0;
        let lp = 0;
        for (let i = a; i < b; i++) {
          const u = (i - a) / rate;
          const left = (b - i) / rate;
          const env = Math.min(1, u / 0.02) * (hardStop && last ? 1 : Math.min(1, left / decay));
          f0 *= 1 + (random() - 0.5) * 0.0004;
          phase = (phase + f0 / rate) % 1;
          const src = voiced ? 2 * phase - 1 : 2 * random() - 1;
          // A one-pole low-pass: the harmonics fall like a voice's.
          lp += 0.35 * (src - lp);
          out[i] = (out[i] as number) + level * env * lp * 2.2;
        }
        lastEnd = t + len;
        t += len + 0.01;
      }
      t += 0.06 + 0.19 * random();
    }
    truth.push([start, Math.round(lastEnd * 1000) / 1000]);
  }
  return { x: out, truth };
}

function rmsOver(x: Float32Array, spans: Span[], rate: number): number {
  let s = 0;
  let k = 0;
  for (const [a, b] of spans) {
    for (let i = Math.round(a * rate); i < Math.min(x.length, Math.round(b * rate)); i++) {
      s += (x[i] as number) ** 2;
      k++;
    }
  }
  return k ? Math.sqrt(s / k) : 0;
}

/** The two channels (left = user, right = agent) as floats, and where the speech really is on each. */
export function plantedChannels(call: PlantedCall): { user: Float32Array; agent: Float32Array; truth: { user: Span[]; agent: Span[] } } {
  const random = rng(call.seed ?? 7);
  const n = Math.round(call.seconds * call.rate);
  const made = {
    user: speechOf(call.user, call.rate, n, random, call.cut ?? [], call.steady),
    agent: speechOf(call.agent, call.rate, n, random, call.cut ?? [], call.steady),
  };
  const clean = { user: made.user.x, agent: made.agent.x };
  const out = { user: Float32Array.from(clean.user), agent: Float32Array.from(clean.agent) };
  for (const side of ["user", "agent"] as const) {
    const line = call.lines?.[side];
    if (!line) continue;
    const x = out[side];
    const ref = rmsOver(clean[side], call[side], call.rate) || 0.05;
    if (line.loop) {
      const a = Math.round(line.loop.at * call.rate);
      const w = Math.round(line.loop.block * call.rate);
      for (let t = 1; t < line.loop.times; t++) x.copyWithin(a + t * w, a, a + w);
    }
    if (line.echo) {
      const other = clean[side === "user" ? "agent" : "user"];
      const d = Math.round(line.echo.delay * call.rate);
      const g = 10 ** (-line.echo.downDb / 20);
      for (let i = d; i < n; i++) x[i] = (x[i] as number) + g * (other[i - d] as number);
    }
    if (line.snrDb !== undefined) {
      const sigma = ref / 10 ** (line.snrDb / 20);
      for (let i = 0; i < n; i += 2) {
        // Box–Muller: two Gaussian samples.
        const r = Math.sqrt(-2 * Math.log(random() || 1e-12));
        const th = 2 * Math.PI * random();
        x[i] = (x[i] as number) + sigma * r * Math.cos(th);
        if (i + 1 < n) x[i + 1] = (x[i + 1] as number) + sigma * r * Math.sin(th);
      }
    }
    if (line.humDb !== undefined) {
      const amp = ref * 10 ** (line.humDb / 20) * Math.SQRT2;
      for (let i = 0; i < n; i++) x[i] = (x[i] as number) + amp * Math.sin((2 * Math.PI * 50 * i) / call.rate);
    }
    for (const [a, b] of line.zeros ?? []) x.fill(0, Math.round(a * call.rate), Math.min(n, Math.round(b * call.rate)));
  }
  return { ...out, truth: { user: made.user.truth, agent: made.agent.truth } };
}

/** The call as a 16-bit stereo WAV; where the speech really is. */
export function writePlantedCall(path: string, call: PlantedCall): { user: Span[]; agent: Span[] } {
  const { user, agent, truth } = plantedChannels(call);
  const pcm = new Int16Array(2 * user.length);
  const q = (v: number) => Math.round(Math.max(-1, Math.min(1, v)) * 32767);
  for (let i = 0; i < user.length; i++) {
    pcm[2 * i] = q(user[i] as number);
    pcm[2 * i + 1] = q(agent[i] as number);
  }
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  writeFileSync(path, Buffer.concat([wavHeader({ rate: call.rate, channels: 2, bits: 16, dataBytes: data.length }), data]));
  return truth;
}

/** Utterances alternating between the sides: `count` each, 1.5–4 s long, 0.4–1.5 s apart. */
export function turnTaking(count: number, seed = 3): { user: Span[]; agent: Span[]; seconds: number } {
  const random = rng(seed);
  const user: Span[] = [];
  const agent: Span[] = [];
  let t = 1;
  for (let i = 0; i < 2 * count; i++) {
    const len = 1.5 + 2.5 * random();
    const span: Span = [Math.round(t * 100) / 100, Math.round((t + len) * 100) / 100];
    (i % 2 === 0 ? agent : user).push(span);
    t += len + 0.6 + 0.9 * random();
  }
  return { user, agent, seconds: Math.ceil(t + 1) };
}

/** How the detected spurts meet the planted utterances: the share found within `tolerance` at both edges, and the spurts meeting none. */
export function scoreSpurts(found: Span[], planted: Span[], tolerance: number): { within: number; invented: number } {
  let hits = 0;
  for (const [a, b] of planted) if (found.some(([s, e]) => Math.abs(s - a) <= tolerance && Math.abs(e - b) <= tolerance)) hits++;
  const invented = found.filter(([s, e]) => !planted.some(([a, b]) => s < b && e > a)).length;
  return { within: hits / planted.length, invented };
}
