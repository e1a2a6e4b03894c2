/**
 * Defects a real line has (issue 47), each a finding with its side and time:
 * - `echo`: a spurt on one channel that is the other side's voice, delayed (10–600 ms) and attenuated
 *   (≥ 4 dB): its level follows the other channel's, shifted, closely (correlation ≥ 0.85). It is taken
 *   out of that side's speech, so it is never its talk-over or unlogged speech.
 * - `dropout`: inside speech, 20–250 ms of digital silence or of a level far under the noise floor,
 *   entered and left at speech level (frames dropped, not a pause, which decays); on a clean line
 *   (digital silence between words) only exact zeros of 50 ms or more, whose edges are at speech level (no decay before, no onset after).
 * - `dead_stream`: more than 1 s of exact zeros while a logged turn says this side speaks.
 * - `cut_off`: speech that ends at full level with no decay, on an interruption or at the recording's end.
 */
import type { ChannelSpeech } from "./detect";
import { FRAME_SECONDS, type AudioFinding, type ChannelFrames, type LoggedTurn, type Side } from "./frames";
import { coverage, r3, type Span } from "./spans";

const MAX_ECHO_LAG_FRAMES = 60;
const MIN_ECHO_CORRELATION = 0.85;
const MIN_ECHO_ATTENUATION_DB = 4;
/** At most this many frames of a spurt are correlated (a long spurt is judged by its first 20 s). */
const MAX_ECHO_FRAMES = 2000;
const DROPOUT_MIN_FRAMES = 2;
const DROPOUT_MAX_FRAMES = 25;
const DEAD_STREAM_S = 1;
const CUT_OFF_WITHIN_S = 0.3;
const LOOP_MIN_FRAMES = 25;
const LOOP_MAX_FRAMES = 100;
/** Frames of a repeat match to within this (dB), and the block's level spans at least `LOOP_RANGE_DB`. */
const LOOP_MATCH_DB = 1.5;
const LOOP_RANGE_DB = 10;
const LOOP_ONSET_DB = 6;

/** On a clean line, a hole's edges are within this of the speech next to them (no decay, no onset)… */
const CLEAN_EDGE_DB = 12;
/** …and within this of the spurt's loud level (its upper quartile). */
const CLEAN_LEVEL_DB = 16;
const CLEAN_DROPOUT_MIN_FRAMES = 5;

const frameOf = (t: number) => Math.round(t / FRAME_SECONDS);
const dbOf = (rms: number) => (rms > 0 ? 20 * Math.log10(rms) : -Infinity);

/**
 * Pearson correlation of x[a..b) with y shifted by `lag` frames, and the mean level difference (x − y),
 * each level held at its channel's floor (`xf`, `yf`): a dropout's −130 dB must not decide it.
 */
function correlate(x: Float32Array, y: Float32Array, a: number, b: number, lag: number, xf: number, yf: number): { r: number; diff: number } {
  let n = 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let f = Math.max(a, lag); f < b; f++) {
    const u = Math.max(xf, x[f] as number);
    const v = Math.max(yf, y[f - lag] as number);
    n++;
    sx += u;
    sy += v;
    sxx += u * u;
    syy += v * v;
    sxy += u * v;
  }
  if (n < 10) return { r: 0, diff: 0 };
  const cov = sxy - (sx * sy) / n;
  const vx = sxx - (sx * sx) / n;
  const vy = syy - (sy * sy) / n;
  return { r: vx > 0 && vy > 0 ? cov / Math.sqrt(vx * vy) : 0, diff: (sx - sy) / n };
}

function meanOf(x: Float32Array, a: number, b: number): number {
  let s = 0;
  for (let f = a; f < b; f++) s += x[f] as number;
  return b > a ? s / (b - a) : -Infinity;
}

function maxOf(x: Float32Array, a: number, b: number): number {
  let m = -Infinity;
  for (let f = Math.max(0, a); f < Math.min(b, x.length); f++) m = Math.max(m, x[f] as number);
  return m;
}

/** This side's spurts that are the other side's echo, with the delay and attenuation found. */
export function echoesOf(side: Side, mine: ChannelSpeech, other: ChannelSpeech): Array<{ span: Span; lagMs: number; downDb: number }> {
  const out: Array<{ span: Span; lagMs: number; downDb: number }> = [];
  const otherCovers = coverage(other.spurts);
  for (const s of mine.spurts) {
    // Only where the other side spoke just before or during (normal turn-taking is never correlated).
    const len = s[1] - s[0];
    if (otherCovers(s[0] - MAX_ECHO_LAG_FRAMES * FRAME_SECONDS, s[1]) < 0.7 * len) continue;
    const a = frameOf(s[0]);
    const b = Math.min(frameOf(s[1]), a + MAX_ECHO_FRAMES, mine.levelDb.length);
    // Attenuated: this spurt's level under the other side's loudest near it (cheap, and most spurts stop here).
    if (meanOf(mine.levelDb, a, b) > maxOf(other.levelDb, a - MAX_ECHO_LAG_FRAMES, b) - MIN_ECHO_ATTENUATION_DB) continue;
    // Every second lag, then the neighbours of the best.
    let best = { r: 0, diff: 0, lag: 0 };
    const tryLag = (lag: number) => {
      if (lag < 1 || lag > MAX_ECHO_LAG_FRAMES) return;
      const c = correlate(mine.levelDb, other.levelDb, a, b, lag, mine.offDb - 3, other.offDb - 3);
      if (c.r > best.r) best = { r: c.r, diff: c.diff, lag };
    };
    for (let lag = 2; lag <= MAX_ECHO_LAG_FRAMES; lag += 2) tryLag(lag);
    const coarse = best.lag;
    tryLag(coarse - 1);
    tryLag(coarse + 1);
    if (best.r >= MIN_ECHO_CORRELATION && -best.diff >= MIN_ECHO_ATTENUATION_DB)
      out.push({ span: s, lagMs: best.lag * FRAME_SECONDS * 1000, downDb: Math.round(-best.diff) });
  }
  void side;
  return out;
}

export function echoFinding(side: Side, e: { span: Span; lagMs: number; downDb: number }): AudioFinding {
  const other = side === "user" ? "agent" : "user";
  return {
    kind: "echo",
    side,
    start: e.span[0],
    end: e.span[1],
    message: `Echo on the ${side} channel at ${e.span[0].toFixed(1)} s: the ${other}'s voice comes back ${Math.round(e.lagMs)} ms later, ${e.downDb} dB down (not counted as ${side} speech)`,
  };
}

/** A quantile of a spurt's frame levels (at most its first 30 s). */
function quantileLevel(level: Float32Array, a: number, b: number, q: number): number {
  const xs = level.slice(a, Math.min(b, a + 3000)).sort();
  return xs.length ? (xs[Math.floor((xs.length - 1) * q)] as number) : -Infinity;
}

export function dropoutsOf(side: Side, frames: ChannelFrames, speech: ChannelSpeech): AudioFinding[] {
  const out: AudioFinding[] = [];
  const { levelDb, floorDb } = speech;
  // On a digitally clean line (TTS) zeros between words are its pauses too: a dropout is told from one
  // by its edges (issue 57). A pause is entered by a decay, so the frame before it is far under the
  // speech's loud level; frames dropped mid-word stop dead at that level and resume at it.
  const clean = !Number.isFinite(floorDb);
  const hole = clean ? (f: number) => (frames.rms[f] as number) === 0 : (f: number) => (frames.rms[f] as number) === 0 || (levelDb[f] as number) < floorDb - 10;
  const rawDb = (f: number) => (f >= 0 && f < frames.band.length ? dbOf(frames.band[f] as number) : -Infinity);
  for (const s of speech.spurts) {
    const a = frameOf(s[0]);
    const b = Math.min(frameOf(s[1]), levelDb.length);
    const loud = clean ? quantileLevel(levelDb, a, b, 0.75) - CLEAN_LEVEL_DB : -Infinity;
    for (let f = a; f < b; f++) {
      if (!hole(f)) continue;
      let g = f;
      while (g < b && hole(g)) g++;
      const n = g - f;
      // Entered and left while speaking (a pause on a noisy line falls to the noise, not under it): the
      // frames around the hole above the speech threshold (one on each side may hold part of it).
      const before = Math.max(levelDb[f - 1] ?? -Infinity, levelDb[f - 2] ?? -Infinity);
      const after = Math.max(levelDb[g] ?? -Infinity, levelDb[g + 1] ?? -Infinity);
      // On a clean line: entered and left at speech level, where a pause is entered by a decay and left by
      // an onset. Entered: the frame before is within 12 dB of the three before it (a decay's last frame is
      // 20 dB or more under them; a frame nine tenths in the hole is 10 dB down); left: the frame after is
      // within 12 dB of the three after it (an onset's first frame is 15 dB or more under them). Both at
      // speech level (within 16 dB of the spurt's upper quartile), and longer than a TTS's closure of a stop
      // consonant (30–40 ms of zeros inside a word).
      const found = clean
        ? n >= CLEAN_DROPOUT_MIN_FRAMES &&
          n <= DROPOUT_MAX_FRAMES &&
          Math.max(rawDb(f - 1), rawDb(f - 2)) >= loud &&
          Math.max(rawDb(g), rawDb(g + 1)) >= loud &&
          rawDb(f - 1) >= Math.max(rawDb(f - 2), rawDb(f - 3), rawDb(f - 4)) - CLEAN_EDGE_DB &&
          rawDb(g) >= Math.max(rawDb(g + 1), rawDb(g + 2), rawDb(g + 3)) - CLEAN_EDGE_DB
        : n >= DROPOUT_MIN_FRAMES && n <= DROPOUT_MAX_FRAMES && before >= speech.onDb && after >= speech.onDb;
      if (found) {
        const start = r3(f * FRAME_SECONDS);
        out.push({
          kind: "dropout",
          side,
          start,
          end: r3(g * FRAME_SECONDS),
          message: `${n * 10} ms dropped from the ${side}'s speech at ${start.toFixed(2)} s: the audio stops dead mid-speech and resumes (lost frames)`,
        });
      }
      f = g;
    }
  }
  return out;
}

export function deadStreamsOf(side: Side, frames: ChannelFrames, speech: ChannelSpeech, turns: readonly LoggedTurn[]): AudioFinding[] {
  const out: AudioFinding[] = [];
  // Only on a line that carries noise: a clean line's silence is zeros too (and a silent turn says so).
  if (!Number.isFinite(speech.floorDb)) return out;
  const logged = turns
    .filter((t) => t.role === side && t.end > t.start)
    .map((t): Span => [t.start, t.end])
    .sort((x, y) => x[0] - y[0]);
  const covers = coverage(logged);
  const n = frames.rms.length;
  for (let f = 0; f < n; f++) {
    if ((frames.rms[f] as number) !== 0) continue;
    let g = f;
    while (g < n && (frames.rms[g] as number) === 0) g++;
    const start = f * FRAME_SECONDS;
    const end = g * FRAME_SECONDS;
    if (end - start > DEAD_STREAM_S && covers(start, end) > DEAD_STREAM_S) {
      out.push({
        kind: "dead_stream",
        side,
        start: r3(start),
        end: r3(end),
        message: `The ${side} channel carries exact zeros for ${(end - start).toFixed(1)} s at ${start.toFixed(1)} s while the logs say the ${side} speaks: the audio stream died`,
      });
    }
    f = g;
  }
  return out;
}

/** Speech that stops at full level (no decay) where the other side barged in or the recording ends. */
export function cutOffsOf(side: Side, speech: ChannelSpeech, other: readonly Span[], endSeconds: number): AudioFinding[] {
  const out: AudioFinding[] = [];
  const { levelDb } = speech;
  const otherCovers = coverage(other);
  for (const s of speech.spurts) {
    const a = frameOf(s[0]);
    const b = Math.min(frameOf(s[1]), levelDb.length);
    if (b - a < 10) continue;
    // Loud to the very end: the last frame at the spurt's loud level (its upper quartile, less 3 dB)
    // is within 40 ms of where speech ends (the 30 ms smoothing spreads even a hard stop over 20 ms);
    // a natural ending falls away over 50 ms or more first.
    const loud = quantileLevel(levelDb, a, b, 0.75) - 3;
    let last = b - 1;
    while (last > a && (levelDb[last] as number) < loud) last--;
    if (last < b - 4) continue;
    const atEnd = s[1] >= endSeconds - CUT_OFF_WITHIN_S;
    const interrupted = otherCovers(s[1] - CUT_OFF_WITHIN_S, s[1] + 0.05) > 0;
    if (!atEnd && !interrupted) continue;
    const why = atEnd ? "the recording ends mid-speech" : `the ${side === "user" ? "agent" : "user"} speaks over it`;
    out.push({
      kind: "cut_off",
      side,
      start: r3(Math.max(s[0], s[1] - 0.5)),
      end: s[1],
      message: `The ${side}'s speech is cut off at ${s[1].toFixed(1)} s at full level, with no decay: ${why}`,
    });
  }
  return out;
}

/**
 * A block of P frames (250 ms–1 s) played at least three times in a row: 2P consecutive frames each
 * within `LOOP_MATCH_DB` of the frame P later (one pass per period over the spurt's frames).
 */
export function loopsOf(side: Side, speech: ChannelSpeech): AudioFinding[] {
  const out: AudioFinding[] = [];
  const { levelDb } = speech;
  // A frame repeats when its level matches (the noise on top of a replayed block is fresh), or when both are pauses.
  const repeats = (x: number, y: number) => Math.abs(x - y) <= LOOP_MATCH_DB || (x < speech.offDb && y < speech.offDb);
  for (const s of speech.spurts) {
    const a = frameOf(s[0]);
    const b = Math.min(frameOf(s[1]), levelDb.length);
    let found: { start: number; period: number; times: number } | null = null;
    for (let p = LOOP_MIN_FRAMES; p <= LOOP_MAX_FRAMES && !found; p++) {
      let run = 0;
      let lo = Infinity;
      let hi = -Infinity;
      let jump = 0;
      for (let f = a; f + p < b; f++) {
        const x = levelDb[f] as number;
        if (repeats(x, levelDb[f + p] as number)) {
          run++;
          lo = Math.min(lo, x);
          hi = Math.max(hi, x);
          if (run > 1) jump = Math.max(jump, Math.abs(x - (levelDb[f - 1] as number)));
          // Speech in the block (its level spans 10 dB, with an onset of 6 dB in one frame somewhere):
          // a steady tone's smooth envelope, or the noise between words, repeats too.
          if (run >= 2 * p && hi - lo >= LOOP_RANGE_DB && jump >= LOOP_ONSET_DB && hi >= speech.onDb) {
            // Extend to the end of the matching run: how many times the block was played.
            let g = f + 1;
            while (g + p < b && repeats(levelDb[g] as number, levelDb[g + p] as number)) g++;
            const start = f - run + 1;
            found = { start, period: p, times: Math.floor((g + p - start) / p) };
            break;
          }
        } else {
          run = 0;
          lo = Infinity;
          hi = -Infinity;
          jump = 0;
        }
      }
    }
    if (!found) continue;
    const start = r3(found.start * FRAME_SECONDS);
    const end = r3((found.start + found.times * found.period) * FRAME_SECONDS);
    out.push({
      kind: "loop",
      side,
      start,
      end,
      message: `The ${side}'s audio loops at ${start.toFixed(1)} s: the same ${found.period * 10} ms block plays ${found.times} times in a row`,
    });
  }
  return out;
}
