/** conversation_log.wav: 16-bit PCM stereo, left = user→agent audio, right = agent→user (§1.12). */
import type { Segment } from "../conversation";
import type { SpeechPlant, SpeechSynth } from "../types";

export interface WavOptions {
  sampleRate: number;
  secondsPerTurn: number;
  /** Tones at the segments' real times: the file lasts as long as the call. */
  fullCall?: boolean;
}

/** A 44-byte RIFF/WAVE header for `frames` stereo 16-bit frames, the samples to be written after it. */
function stereoWav(frames: number, sampleRate: number): { buf: Uint8Array; view: DataView } {
  const dataBytes = frames * 4;
  const buf = new Uint8Array(44 + dataBytes);
  const v = new DataView(buf.buffer);
  const ascii = (off: number, s: string) => {
    for (let i = 0; i < s.length; i++) buf[off + i] = s.charCodeAt(i);
  };
  ascii(0, "RIFF");
  v.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 2, true); // stereo
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * 4, true);
  v.setUint16(32, 4, true);
  v.setUint16(34, 16, true);
  ascii(36, "data");
  v.setUint32(40, dataBytes, true);
  return { buf, view: v };
}

/** Short synthetic tones, one per segment, so the file plays and stays small. */
export function synthWav(segments: readonly Segment[], o: WavOptions): Uint8Array {
  const gap = Math.round(o.sampleRate * 0.06);
  const per = Math.round(o.sampleRate * o.secondsPerTurn);
  const lastEnd = Math.max(0, ...segments.map((s) => s.end));
  const frames = o.fullCall ? Math.ceil((lastEnd + 0.5) * o.sampleRate) : segments.length * (per + gap) + gap;
  const { buf, view: v } = stereoWav(frames, o.sampleRate);
  let frame = gap;
  segments.forEach((s, k) => {
    const freq = s.role === "user" ? 220 + (k % 4) * 30 : 330 + (k % 5) * 25;
    const channel = s.role === "user" ? 0 : 1;
    if (o.fullCall) frame = Math.max(0, Math.round(s.start * o.sampleRate));
    const len = o.fullCall ? Math.max(0, Math.min(frames - frame, Math.round((s.end - s.start) * o.sampleRate))) : per;
    for (let i = 0; i < len; i++) {
      const env = Math.min(1, i / 400, (len - i) / 400);
      // A syllable-like amplitude wobble makes the tone read as "speech" in a waveform view.
      const wobble = 0.55 + 0.45 * Math.sin((2 * Math.PI * 4 * i) / o.sampleRate);
      const sample = Math.round(9000 * env * wobble * Math.sin((2 * Math.PI * freq * i) / o.sampleRate));
      v.setInt16(44 + (frame + i) * 4 + channel * 2, sample, true);
    }
    frame += per + gap;
  });
  return buf;
}

export interface SpeechWavOptions {
  sampleRate: number;
  /** Speaks a segment; absent (or failing), a tone of the segment's length stands in. */
  synth?: SpeechSynth;
  plants: readonly SpeechPlant[];
}

/** Peak level of each spoken segment (of full scale): loud enough to read, far from clipping. */
const PEAK = 0.5;
/** How far the planted talk-over starts before the caller's last words end (s). */
const TALK_OVER_S = 0.9;
const INTERRUPTED = "[INTERRUPTED]";

/**
 * `n` samples from `src` (at any rate): a windowed-sinc low-pass when shrinking (no aliasing), then linear
 * interpolation. Stretching a clip to its logged length shifts its pitch a little; the speaking rate is
 * already matched by the synthesizer.
 */
export function fitSamples(src: Int16Array | Float32Array, n: number): Float32Array {
  const out = new Float32Array(n);
  const m = src.length;
  if (m === 0 || n === 0) return out;
  const ratio = m / n;
  let x: Float32Array = Float32Array.from(src, (s) => s / 32768);
  if (ratio > 1) {
    const fc = 0.45 / ratio;
    const half = 16;
    const taps = new Float32Array(2 * half + 1);
    let sum = 0;
    for (let k = -half; k <= half; k++) {
      const sinc = k === 0 ? 2 * fc : Math.sin(2 * Math.PI * fc * k) / (Math.PI * k);
      const w = 0.54 + 0.46 * Math.cos((Math.PI * k) / half);
      taps[k + half] = sinc * w;
      sum += sinc * w;
    }
    const y = new Float32Array(m);
    for (let i = 0; i < m; i++) {
      let acc = 0;
      for (let k = -half; k <= half; k++) {
        const j = i + k;
        if (j >= 0 && j < m) acc += (taps[k + half] as number) * (x[j] as number);
      }
      y[i] = acc / sum;
    }
    x = y;
  }
  for (let j = 0; j < n; j++) {
    const pos = n === 1 ? 0 : (j * (m - 1)) / (n - 1);
    const i = Math.floor(pos);
    const t = pos - i;
    out[j] = (x[i] as number) * (1 - t) + (x[Math.min(m - 1, i + 1)] as number) * t;
  }
  return out;
}

/** The segment's words as the synthesizer says them, fitted to `n` samples and levelled; a tone without one. */
function voice(s: Segment, k: number, n: number, o: SpeechWavOptions): Float32Array {
  const text = s.said ?? s.text;
  const spoken = o.synth && text !== INTERRUPTED ? o.synth(text, s.role, n / o.sampleRate) : null;
  let out: Float32Array;
  if (spoken && spoken.samples.length > 0) {
    out = fitSamples(spoken.samples, n);
  } else {
    const freq = s.role === "user" ? 220 + (k % 4) * 30 : 330 + (k % 5) * 25;
    out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = (0.55 + 0.45 * Math.sin((2 * Math.PI * 4 * i) / o.sampleRate)) * Math.sin((2 * Math.PI * freq * i) / o.sampleRate);
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const gain = peak > 0 ? PEAK / peak : 0;
  const fade = Math.min(Math.round(o.sampleRate * 0.01), Math.floor(n / 2));
  for (let i = 0; i < n; i++) out[i] = (out[i] as number) * gain * Math.min(1, i / fade, (n - 1 - i) / fade);
  return out;
}

/** The bad line: background noise this far under each channel's speech, the agent's echo on the caller's channel. */
const LINE_SNR_DB = 13;
const ECHO_DELAY_S = 0.18;
const ECHO_DOWN_DB = 8;
const DROPOUT_S = 0.12;
/** The planted yield: the caller cuts in this long before the agent's reply would end, and the agent stops this long after. */
const YIELD_CUT_IN_S = 1.2;
const YIELD_AFTER_S = 0.6;

/** A seeded uniform source (the example is reproducible). */
function uniform(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

function rmsWhere(x: Float32Array, on: (i: number) => boolean): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < x.length; i++) {
    if (!on(i)) continue;
    s += (x[i] as number) ** 2;
    n++;
  }
  return n ? Math.sqrt(s / n) : 0;
}

/** The loudest `w` samples' start in `x[from, to)`. */
function loudest(x: Float32Array, from: number, to: number, w: number): number {
  let at = from;
  let best = -1;
  let energy = 0;
  for (let i = from; i < to; i++) {
    energy += (x[i] as number) ** 2 - (i - w >= from ? (x[i - w] as number) ** 2 : 0);
    if (i - from >= w - 1 && energy > best) {
      best = energy;
      at = i - w + 1;
    }
  }
  return at;
}

/** A bad line over the mixed call: echo, noise at `LINE_SNR_DB` under each channel's speech, then 120 ms of an agent reply dropped. */
function badLine(channels: Float32Array[], segments: readonly Segment[], sr: number): void {
  const [user, agent] = channels as [Float32Array, Float32Array];
  const echo = Math.round(ECHO_DELAY_S * sr);
  const g = 10 ** (-ECHO_DOWN_DB / 20);
  for (let i = user.length - 1; i >= echo; i--) user[i] = (user[i] as number) + g * (agent[i - echo] as number);
  const random = uniform(47);
  for (const x of channels) {
    // The speech's own RMS where it speaks (above a whisper), and white noise that far under it.
    const speech = rmsWhere(x, (i) => Math.abs(x[i] as number) > 0.01);
    const sigma = speech / 10 ** (LINE_SNR_DB / 20);
    for (let i = 0; i < x.length; i++) x[i] = (x[i] as number) + sigma * Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  }
  // The dropout: in the longest agent reply, the middle of its loudest 0.3 s goes to exact zeros.
  const longest = segments.filter((s) => s.role === "agent").sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  if (!longest) return;
  const a = Math.round(longest.start * sr);
  const b = Math.min(agent.length, Math.round(longest.end * sr));
  const at = loudest(agent, a, b, Math.round(0.3 * sr)) + Math.round(0.09 * sr);
  agent.fill(0, at, Math.min(agent.length, at + Math.round(DROPOUT_S * sr)));
}

/** The agent segment the caller cuts into: one followed by the caller, long enough to be cut, and not a plant's neighbour. */
function yieldTarget(segments: readonly Segment[], taken: ReadonlyMap<number, SpeechPlant>): number | undefined {
  return segments.findIndex((s, k) => {
    const next = segments[k + 1];
    return (
      s.role === "agent" &&
      next?.role === "user" &&
      s.end - s.start >= 2 * YIELD_CUT_IN_S &&
      s.text !== INTERRUPTED &&
      next.text !== INTERRUPTED &&
      !taken.has(k) &&
      !taken.has(k + 1) &&
      !taken.has(k - 1)
    );
  });
}

/** Which segment each plant goes into: agent replies to the caller, long enough to hear, never the greeting. */
function plantTargets(segments: readonly Segment[], plants: readonly SpeechPlant[]): Map<number, SpeechPlant> {
  const replies: number[] = [];
  segments.forEach((s, k) => {
    const prev = segments[k - 1];
    if (k > 0 && s.role === "agent" && prev?.role === "user" && s.complete && s.text !== INTERRUPTED && prev.text !== INTERRUPTED && s.end - s.start >= 1.5)
      replies.push(k);
  });
  const out = new Map<number, SpeechPlant>();
  const free = (k: number) => !out.has(k) && !out.has(k - 1) && !out.has(k + 1);
  for (const plant of plants) {
    let pick: number | undefined;
    if (plant === "bad_line") continue;
    if (plant === "yield") {
      const k = yieldTarget(segments, out);
      pick = k !== undefined && k >= 0 ? k : undefined;
    } else if (plant === "talk_over") {
      // The caller speaks long enough to be talked over, and the logged reply follows after a short wait.
      pick = replies.find((k) => {
        const prev = segments[k - 1] as Segment;
        const s = segments[k] as Segment;
        return free(k) && prev.end - prev.start >= 2 * TALK_OVER_S && s.start - prev.end <= 1.0 && s.start - prev.end >= 0.2;
      });
    } else if (plant === "clipping") {
      pick = replies.filter(free).sort((a, b) => segments[b]!.end - segments[b]!.start - (segments[a]!.end - segments[a]!.start) || a - b)[0];
    } else {
      const open = replies.filter(free);
      pick = open[Math.floor(open.length / 2)];
    }
    if (pick !== undefined) out.set(pick, plant);
  }
  return out;
}

/**
 * The whole call, each segment's words at its logged time (left = the caller, right = the agent), with
 * the plants: a logged agent turn left silent, an agent reply begun over the caller's last words, and a
 * stretch of an agent reply driven to full scale.
 */
export function speechWav(segments: readonly Segment[], o: SpeechWavOptions): Uint8Array {
  const sr = o.sampleRate;
  const lastEnd = Math.max(0, ...segments.map((s) => s.end));
  const frames = Math.ceil((lastEnd + 0.5) * sr);
  const channels = [new Float32Array(frames), new Float32Array(frames)];
  const targets = plantTargets(segments, o.plants);
  segments.forEach((s, k) => {
    const plant = targets.get(k);
    if (plant === "silent_turn") return;
    let from = Math.max(0, Math.round(s.start * sr));
    let n = Math.max(0, Math.min(frames - from, Math.round((s.end - s.start) * sr)));
    if (n === 0) return;
    const samples = voice(s, k, n, o);
    if (plant === "talk_over") from = Math.max(0, Math.round(((segments[k - 1] as Segment).end - TALK_OVER_S) * sr));
    // The caller cuts in before this reply ends, and the agent stops dead 0.6 s later (it yields).
    if (plant === "yield") n = Math.max(0, n - Math.round((YIELD_CUT_IN_S - YIELD_AFTER_S) * sr));
    if (targets.get(k - 1) === "yield") from = Math.max(0, Math.round(((segments[k - 1] as Segment).end - YIELD_CUT_IN_S) * sr));
    if (plant === "clipping") {
      // The loudest third of a second, driven far too hot: the waveform flattens at full scale.
      const w = Math.min(n, Math.round(0.33 * sr));
      let at = 0;
      let best = -1;
      let energy = 0;
      for (let i = 0; i < n; i++) {
        energy += (samples[i] as number) ** 2 - (i >= w ? (samples[i - w] as number) ** 2 : 0);
        if (i >= w - 1 && energy > best) {
          best = energy;
          at = i - w + 1;
        }
      }
      for (let i = at; i < at + w; i++) samples[i] = (samples[i] as number) * 12;
    }
    const ch = channels[s.role === "user" ? 0 : 1] as Float32Array;
    for (let i = 0; i < n && from + i < frames; i++) ch[from + i] = (ch[from + i] as number) + (samples[i] as number);
  });
  if (o.plants.includes("bad_line")) badLine(channels, segments, sr);
  const { buf, view } = stereoWav(frames, sr);
  const pcm = (x: number) => (x >= 1 ? 32767 : x <= -1 ? -32768 : Math.round(x * 32767));
  for (let f = 0; f < frames; f++) {
    view.setInt16(44 + f * 4, pcm(channels[0]![f] as number), true);
    view.setInt16(44 + f * 4 + 2, pcm(channels[1]![f] as number), true);
  }
  return buf;
}
