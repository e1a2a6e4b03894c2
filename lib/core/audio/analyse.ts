/**
 * What a call's own recording says (issues 34, 47): talk spurts per channel detected against each
 * channel's noise floor (`detect.ts`), echoes taken out (`defects.ts`), overlaps, silences, the response
 * gap of each hand-off, the τ-voice interaction panel (`interaction.ts`), and findings where the audio
 * and the logs disagree or the line is bad. Pure: `lib/server/audio` streams the WAV into frames; the
 * logged turns come from the transcript. Every pass is linear (or n log n) in frames and spurts, and the
 * work comes in steps (`analysisSteps`) so that the server can let requests in between.
 */
import { detectSpeech, type LineQuality } from "./detect";
import { cutOffsOf, deadStreamsOf, dropoutsOf, echoesOf, echoFinding, loopsOf } from "./defects";
import { FRAME_SECONDS, MAX_LISTED, MERGE_PAUSE_S, type AudioFinding, type ChannelFrames, type FindingKind, type LoggedTurn, type Side } from "./frames";
import { interactionOf, type InteractionEvent, type InteractionPanel } from "./interaction";
import { deadAirOf, responseLatencyByTurn, type DeadAir, type ResponseLatencyByTurn } from "./interaction-facts";
import { coverage, firstStartingAfter, intersect, meetsAny, mergeSpans, r3, silencesOf, type Span } from "./spans";

export { FINDING_KINDS, FRAME_SECONDS, MAX_LISTED, MERGE_PAUSE_S, MIN_SPURT_S } from "./frames";
export type { AudioFinding, ChannelFrames, FindingKind, LoggedTurn, Side } from "./frames";
export type { InteractionEvent, InteractionPanel } from "./interaction";
export type { DeadAir, ResponseLatencyByTurn } from "./interaction-facts";
export type { LineQuality } from "./detect";
export type { Span };

export const MIN_OVERLAP_S = 0.2;
export const MIN_SILENCE_S = 2;
/** A channel whose speech stands less than this above its noise is a noisy line. */
export const NOISY_LINE_SNR_DB = 15;

export interface AudioAnalysis {
  sampleRate: number;
  durationSeconds: number;
  speech: { user: Span[]; agent: Span[] };
  overlaps: Span[];
  silences: Span[];
  responseGaps: Array<{ userEnd: number; agentStart: number; gapMs: number }>;
  findings: AudioFinding[];
  /** Each channel's noise floor and SNR, and whether it carries speech. */
  line: { user: LineQuality; agent: LineQuality };
  /** The τ-voice interaction panel of this call (tau2-bench's names and windows). */
  interaction: InteractionPanel;
  /** Its events, for the lanes (at most `MAX_LISTED`). */
  interactionEvents: InteractionEvent[];
  /** τ-voice's dead air: both sides silent between the first and the last speech (issue 57). */
  deadAir: DeadAir;
  /** The panel's response latency split into replies after a tool call and plain ones (issue 57). */
  responseLatencyByTurn: ResponseLatencyByTurn;
  /** How many of each list there were: past `MAX_LISTED` the lists hold the first ones only. */
  counts: {
    userSpurts: number;
    agentSpurts: number;
    overlaps: number;
    silences: number;
    responseGaps: number;
    findings: number;
    interactionEvents: number;
    byKind: Partial<Record<FindingKind, number>>;
  };
  /** The lists were cut at `MAX_LISTED`. */
  truncated: boolean;
  /** Seconds of the recording analysed (all of it, up to the reader's bound). */
  analysedSeconds: number;
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

/** Each user spurt's end to the agent's next spurt start (the agent's response on the audio); one moving index. */
function gapsOf(user: readonly Span[], agent: readonly Span[]): AudioAnalysis["responseGaps"] {
  const out: AudioAnalysis["responseGaps"] = [];
  let j = 0;
  for (let i = 0; i < user.length; i++) {
    const userEnd = user[i]![1];
    while (j < agent.length && agent[j]![0] < userEnd - 1e-9) j++;
    const next = agent[j];
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
  return runs.map((r) => ({
    kind: "clipping",
    side,
    start: r3(r.start * FRAME_SECONDS),
    end: r3(r.end * FRAME_SECONDS),
    message: `${r.count} samples at full scale on the ${side} channel: the audio is clipped (distorted) here`,
  }));
}

export interface AudioInput {
  sampleRate: number;
  durationSeconds: number;
  analysedSeconds?: number;
  user: ChannelFrames;
  agent: ChannelFrames;
  turns: readonly LoggedTurn[];
}

/** The analysis, step by step: each `yield` is a point where the caller may let other work run. */
export function* analysisSteps(input: AudioInput): Generator<void, AudioAnalysis> {
  const end = input.analysedSeconds ?? input.durationSeconds;
  const detected = { user: detectSpeech(input.user) };
  yield;
  const both = { ...detected, agent: detectSpeech(input.agent) };
  yield;
  const findings: AudioFinding[] = [];
  // Echo first: a spurt that is the other side's voice is not this side's speech.
  const userEchoes = echoesOf("user", both.user, both.agent);
  yield;
  const echoes = { user: userEchoes, agent: echoesOf("agent", both.agent, both.user) };
  const speech: Record<Side, Span[]> = { user: both.user.spurts, agent: both.agent.spurts };
  for (const side of ["user", "agent"] as const) {
    if (!echoes[side].length) continue;
    const echoed = new Set(echoes[side].map((e) => e.span));
    speech[side] = speech[side].filter((s) => !echoed.has(s));
    for (const e of echoes[side]) findings.push(echoFinding(side, e));
  }
  yield;
  const { user, agent } = speech;
  const overlaps = intersect(user, agent).filter(([a, b]) => b - a >= MIN_OVERLAP_S);
  const silences = silencesOf(user, agent, MIN_SILENCE_S);
  const responseGaps = gapsOf(user, agent);
  const covers = { user: coverage(user), agent: coverage(agent) };
  // A logged turn whose channel is silent: the TTS produced nothing audible.
  for (const t of input.turns) {
    const len = t.end - t.start;
    if (!(len >= 0.3) || t.start >= input.durationSeconds) continue;
    if (covers[t.role](t.start - 0.5, t.end + 0.5) < 0.1 * len) {
      findings.push({
        kind: "silent_turn",
        side: t.role,
        start: r3(t.start),
        end: r3(t.end),
        message: `The ${t.role} turn logged at ${t.start.toFixed(1)}–${t.end.toFixed(1)} s is silent on the recording: nothing audible was sent`,
      });
    }
  }
  // A spurt no logged turn of that side covers.
  for (const side of ["user", "agent"] as const) {
    const logged = coverage(mergeSpans(input.turns.filter((t) => t.role === side && t.end >= t.start).map((t): Span => [t.start - 1, t.end + 1])));
    for (const [a, b] of speech[side]) {
      if (b - a >= 0.3 && logged(a, b) < 0.2 * (b - a))
        findings.push({
          kind: "unlogged_speech",
          side,
          start: a,
          end: b,
          message: `${(b - a).toFixed(1)} s of ${side} speech at ${a.toFixed(1)} s that no logged turn covers`,
        });
    }
  }
  // Both speaking where the logs show no interruption.
  const interruptions = mergeSpans(input.turns.filter((t) => t.interrupted && t.end >= t.start).map((t): Span => [t.start - 1, t.end + 1]));
  for (const [a, b] of overlaps) {
    if (meetsAny(interruptions, a, b)) continue;
    const next = agent[firstStartingAfter(agent, a - 0.05)];
    const side = next && next[0] < b && next[1] > next[0] ? "agent" : "user";
    findings.push({
      kind: "talk_over",
      side,
      start: a,
      end: b,
      message: `Both sides speak for ${(b - a).toFixed(1)} s at ${a.toFixed(1)} s: the ${side} talks over the other, and the logs show no interruption`,
    });
  }
  // The silences that break the conversation: well beyond this call's own response gaps.
  const gaps = Float64Array.from(responseGaps, (g) => g.gapMs / 1000).sort();
  // The lower median: one long wait among few hand-offs must not make itself look typical.
  const typical = gaps.length ? (gaps[Math.floor((gaps.length - 1) / 2)] as number) : 1;
  for (const [a, b] of silences) {
    if (b - a >= Math.max(MIN_SILENCE_S, 3 * typical))
      findings.push({
        kind: "dead_air",
        side: "both",
        start: a,
        end: b,
        message: `${(b - a).toFixed(1)} s of dead air at ${a.toFixed(1)} s (this call's typical response gap is ${typical.toFixed(1)} s)`,
      });
  }
  yield;
  for (const side of ["user", "agent"] as const) {
    const frames = input[side];
    const line = both[side].line;
    if (line.snrDb !== null && line.snrDb < NOISY_LINE_SNR_DB) {
      findings.push({
        kind: "noisy_line",
        side,
        start: 0,
        end: r3(end),
        message: `A noisy line: the ${side}'s speech stands only ${line.snrDb.toFixed(1)} dB above the channel's noise (${line.noiseFloorDb?.toFixed(0)} dBFS), under ${NOISY_LINE_SNR_DB} dB; speech edges and the figures built on them are less sure`,
      });
    }
    for (const f of clippingOf(frames, side)) findings.push(f);
    for (const f of dropoutsOf(side, frames, both[side])) findings.push(f);
    for (const f of deadStreamsOf(side, frames, both[side], input.turns)) findings.push(f);
    yield;
    for (const f of loopsOf(side, { ...both[side], spurts: speech[side] })) findings.push(f);
    for (const f of cutOffsOf(side, { ...both[side], spurts: speech[side] }, speech[side === "user" ? "agent" : "user"], end)) findings.push(f);
    yield;
  }
  findings.sort((x, y) => x.start - y.start || (x.kind < y.kind ? -1 : 1));
  const interaction = interactionOf(user, agent, input.turns);
  const byKind: Partial<Record<FindingKind, number>> = {};
  for (const f of findings) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
  const frames = Math.max(input.user.rms.length, input.agent.rms.length);
  const perBucket = Math.max(1, Math.ceil(frames / MAX_PEAKS));
  const peaks = { bucketSeconds: r3(perBucket * FRAME_SECONDS), user: peaksOf(input.user.rms, perBucket), agent: peaksOf(input.agent.rms, perBucket) };
  const counts = {
    userSpurts: user.length,
    agentSpurts: agent.length,
    overlaps: overlaps.length,
    silences: silences.length,
    responseGaps: responseGaps.length,
    findings: findings.length,
    interactionEvents: interaction.events.length,
    byKind,
  };
  const truncated = [user, agent, overlaps, silences, responseGaps, findings, interaction.events].some((l) => l.length > MAX_LISTED);
  const cut = <T>(l: T[]): T[] => (l.length > MAX_LISTED ? l.slice(0, MAX_LISTED) : l);
  return {
    sampleRate: input.sampleRate,
    durationSeconds: r3(input.durationSeconds),
    analysedSeconds: r3(end),
    speech: { user: cut(user), agent: cut(agent) },
    overlaps: cut(overlaps),
    silences: cut(silences),
    responseGaps: cut(responseGaps),
    findings: cut(findings),
    line: { user: both.user.line, agent: both.agent.line },
    interaction: interaction.panel,
    interactionEvents: cut(interaction.events),
    deadAir: deadAirOf(user, agent),
    responseLatencyByTurn: responseLatencyByTurn(interaction.events, input.turns),
    counts,
    truncated,
    peaks,
  };
}

/** The whole analysis at once (tests, the bench, the CLI). */
export function analyseAudio(input: AudioInput): AudioAnalysis {
  const steps = analysisSteps(input);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}
