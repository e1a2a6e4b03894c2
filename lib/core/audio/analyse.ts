/**
 * What a call's own recording says (issue 34): talk spurts per channel from frame energies, overlaps,
 * silences, the response gap of each hand-off, and findings where the audio and the logs disagree.
 * Pure: `lib/server/audio` streams the WAV into frame energies; the logged turns come from the transcript.
 */

/** 10 ms frames: fine enough for 100 ms edges, 60,000 frames for a 10-minute call. */
export const FRAME_SECONDS = 0.01;
/** A pause shorter than this inside a spurt is merged (breaths, plosives, word gaps). */
export const MERGE_PAUSE_S = 0.5;
/** A spurt shorter than this is dropped (clicks, line noise). */
export const MIN_SPURT_S = 0.1;
export const MIN_OVERLAP_S = 0.2;
export const MIN_SILENCE_S = 2;
/** Speech threshold: this far above the channel's noise floor (dBFS of the frame RMS), and never below the absolute floor. */
const ABOVE_FLOOR_DB = 15;
const ABSOLUTE_FLOOR_DB = -55;

export type Side = "user" | "agent";
export type Span = [number, number];

export interface ChannelFrames {
  /** RMS of each frame, 0..1 of full scale. */
  rms: Float32Array;
  /** Samples at full scale (|x| ≥ 32767) per frame. */
  clipped: Uint16Array;
}

export interface LoggedTurn {
  role: Side;
  start: number;
  end: number;
  /** Whether the logs mark the turn interrupted (a barge-in the logs know about). */
  interrupted: boolean;
}

export type FindingKind = "silent_turn" | "unlogged_speech" | "talk_over" | "dead_air" | "clipping";

export interface AudioFinding {
  kind: FindingKind;
  side: Side | "both";
  start: number;
  end: number;
  message: string;
}

export interface AudioAnalysis {
  sampleRate: number;
  durationSeconds: number;
  speech: { user: Span[]; agent: Span[] };
  overlaps: Span[];
  silences: Span[];
  responseGaps: Array<{ userEnd: number; agentStart: number; gapMs: number }>;
  findings: AudioFinding[];
  /** Each channel's loudness envelope for drawing a waveform: the loudest frame RMS per bucket (0..1, two decimals). */
  peaks: { bucketSeconds: number; user: number[]; agent: number[] };
}

/** A waveform is drawn from at most this many buckets per channel (about 8 KB of JSON for a call of any length). */
export const MAX_PEAKS = 1000;

/** The loudest frame of each bucket; buckets of whole frames, at most `MAX_PEAKS` of them. */
export function peaksOf(rms: Float32Array, framesPerBucket: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < rms.length; i += framesPerBucket) {
    let max = 0;
    const end = Math.min(rms.length, i + framesPerBucket);
    for (let j = i; j < end; j++) max = Math.max(max, rms[j] as number);
    out.push(Math.round(Math.min(1, max) * 100) / 100);
  }
  return out;
}

const r3 = (x: number) => Math.round(x * 1000) / 1000;
const db = (rms: number) => (rms > 0 ? 20 * Math.log10(rms) : -120);

/** The channel's speech threshold: its quietest tenth (the noise floor) plus a margin, above an absolute floor. */
function threshold(rms: Float32Array): number {
  if (rms.length === 0) return 1;
  const sorted = Float32Array.from(rms).sort();
  const floor = db(sorted[Math.floor(sorted.length * 0.1)] as number);
  return 10 ** (Math.max(floor + ABOVE_FLOOR_DB, ABSOLUTE_FLOOR_DB) / 20);
}

/** Voice activity on one channel: frames above threshold, pauses under 500 ms merged, spurts under 100 ms dropped. */
export function talkSpurts(rms: Float32Array): Span[] {
  const th = threshold(rms);
  const raw: Span[] = [];
  let start = -1;
  for (let i = 0; i <= rms.length; i++) {
    const on = i < rms.length && (rms[i] as number) >= th;
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      raw.push([start * FRAME_SECONDS, i * FRAME_SECONDS]);
      start = -1;
    }
  }
  const merged: Span[] = [];
  for (const s of raw) {
    const last = merged[merged.length - 1];
    if (last && s[0] - last[1] < MERGE_PAUSE_S) last[1] = s[1];
    else merged.push([s[0], s[1]]);
  }
  return merged.filter(([a, b]) => b - a >= MIN_SPURT_S).map(([a, b]) => [r3(a), r3(b)]);
}

function intersect(a: readonly Span[], b: readonly Span[]): Span[] {
  const out: Span[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i]![0], b[j]![0]);
    const hi = Math.min(a[i]![1], b[j]![1]);
    if (hi > lo) out.push([r3(lo), r3(hi)]);
    if (a[i]![1] < b[j]![1]) i++;
    else j++;
  }
  return out;
}

function covered(spans: readonly Span[], lo: number, hi: number): number {
  let s = 0;
  for (const [a, b] of spans) s += Math.max(0, Math.min(b, hi) - Math.max(a, lo));
  return s;
}

/** Stretches where neither side speaks, between the first and the last speech of the call. */
function silencesOf(user: readonly Span[], agent: readonly Span[]): Span[] {
  const all = [...user, ...agent].sort((x, y) => x[0] - y[0]);
  const out: Span[] = [];
  let end = all[0]?.[1] ?? 0;
  for (const [a, b] of all.slice(1)) {
    if (a - end >= MIN_SILENCE_S) out.push([r3(end), r3(a)]);
    end = Math.max(end, b);
  }
  return out;
}

/** Each user spurt's end to the agent's next spurt start (the agent's response on the audio). */
function gapsOf(user: readonly Span[], agent: readonly Span[]): AudioAnalysis["responseGaps"] {
  const out: AudioAnalysis["responseGaps"] = [];
  for (let i = 0; i < user.length; i++) {
    const userEnd = user[i]![1];
    const next = agent.find(([a]) => a >= userEnd - 1e-9);
    // A hand-off only: the user spoke last before the agent answered.
    if (!next || (user[i + 1] && user[i + 1]![0] < next[0])) continue;
    out.push({ userEnd, agentStart: next[0], gapMs: Math.round((next[0] - userEnd) * 1000) });
  }
  return out;
}

/** Runs of frames with samples at full scale; runs less than 500 ms apart are one distorted stretch (clipped syllables of one phrase). */
function clippingOf(frames: ChannelFrames, side: Side): AudioFinding[] {
  const runs: Array<{ start: number; end: number; count: number }> = [];
  let start = -1;
  let count = 0;
  for (let i = 0; i <= frames.clipped.length; i++) {
    const hit = i < frames.clipped.length && (frames.clipped[i] as number) >= 3;
    if (hit) {
      if (start < 0) start = i;
      count += frames.clipped[i] as number;
    } else if (start >= 0) {
      const last = runs[runs.length - 1];
      if (last && (start - last.end) * FRAME_SECONDS < MERGE_PAUSE_S) {
        last.end = i;
        last.count += count;
      } else runs.push({ start, end: i, count });
      start = -1;
      count = 0;
    }
  }
  return runs.map((r) => ({ kind: "clipping", side, start: r3(r.start * FRAME_SECONDS), end: r3(r.end * FRAME_SECONDS), message: `${r.count} samples at full scale on the ${side} channel: the audio is clipped (distorted) here` }));
}

export function analyseAudio(input: { sampleRate: number; durationSeconds: number; user: ChannelFrames; agent: ChannelFrames; turns: readonly LoggedTurn[] }): AudioAnalysis {
  const user = talkSpurts(input.user.rms);
  const agent = talkSpurts(input.agent.rms);
  const speech = { user, agent };
  const overlaps = intersect(user, agent).filter(([a, b]) => b - a >= MIN_OVERLAP_S);
  const silences = silencesOf(user, agent);
  const responseGaps = gapsOf(user, agent);
  const findings: AudioFinding[] = [];
  // A logged turn whose channel is silent: the TTS produced nothing audible.
  for (const t of input.turns) {
    const len = t.end - t.start;
    if (len < 0.3 || t.start >= input.durationSeconds) continue;
    if (covered(speech[t.role], t.start - 0.5, t.end + 0.5) < 0.1 * len) {
      findings.push({ kind: "silent_turn", side: t.role, start: r3(t.start), end: r3(t.end), message: `The ${t.role} turn logged at ${t.start.toFixed(1)}–${t.end.toFixed(1)} s is silent on the recording: nothing audible was sent` });
    }
  }
  // A spurt no logged turn of that side covers.
  for (const side of ["user", "agent"] as const) {
    const logged = input.turns.filter((t) => t.role === side).map((t): Span => [t.start - 1, t.end + 1]);
    for (const [a, b] of speech[side]) {
      if (b - a >= 0.3 && covered(logged, a, b) < 0.2 * (b - a)) findings.push({ kind: "unlogged_speech", side, start: a, end: b, message: `${(b - a).toFixed(1)} s of ${side} speech at ${a.toFixed(1)} s that no logged turn covers` });
    }
  }
  // Both speaking where the logs show no interruption.
  for (const [a, b] of overlaps) {
    const knows = input.turns.some((t) => t.interrupted && t.start <= b + 1 && t.end >= a - 1);
    if (!knows) {
      const side = agent.find(([s, e]) => s > a - 0.05 && s < b && e > s) ? "agent" : "user";
      findings.push({ kind: "talk_over", side, start: a, end: b, message: `Both sides speak for ${(b - a).toFixed(1)} s at ${a.toFixed(1)} s: the ${side} talks over the other, and the logs show no interruption` });
    }
  }
  // The silences that break the conversation: well beyond this call's own response gaps.
  const gaps = responseGaps.map((g) => g.gapMs / 1000).sort((x, y) => x - y);
  // The lower median: one long wait among few hand-offs must not make itself look typical.
  const typical = gaps.length ? (gaps[Math.floor((gaps.length - 1) / 2)] as number) : 1;
  for (const [a, b] of silences) {
    if (b - a >= Math.max(MIN_SILENCE_S, 3 * typical)) findings.push({ kind: "dead_air", side: "both", start: a, end: b, message: `${(b - a).toFixed(1)} s of dead air at ${a.toFixed(1)} s (this call's typical response gap is ${typical.toFixed(1)} s)` });
  }
  findings.push(...clippingOf(input.user, "user"), ...clippingOf(input.agent, "agent"));
  findings.sort((x, y) => x.start - y.start || (x.kind < y.kind ? -1 : 1));
  const frames = Math.max(input.user.rms.length, input.agent.rms.length);
  const perBucket = Math.max(1, Math.ceil(frames / MAX_PEAKS));
  const peaks = { bucketSeconds: r3(perBucket * FRAME_SECONDS), user: peaksOf(input.user.rms, perBucket), agent: peaksOf(input.agent.rms, perBucket) };
  return { sampleRate: input.sampleRate, durationSeconds: r3(input.durationSeconds), speech, overlaps, silences, responseGaps, findings, peaks };
}
