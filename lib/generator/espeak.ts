/**
 * espeak-ng as the example's speech synthesizer (build time only: `scripts/generate.ts`). The generator
 * itself stays pure and works without it: a run asking for speech gets tones of the same length.
 */
import { spawnSync } from "node:child_process";
import type { SpeechSynth } from "./types";

const BIN = process.env.ESPEAK_NG ?? "espeak-ng";
/** The caller and the agent sound different: espeak-ng's default male US voice, and a female variant. */
const VOICES = { user: "en-us", agent: "en-us+f3" } as const;
const DEFAULT_WPM = 175;

/** `espeak-ng --version`'s version number, or null when espeak-ng cannot be run. */
export function espeakVersion(): string | null {
  const r = spawnSync(BIN, ["--version"], { encoding: "utf8" });
  if (r.error || r.status !== 0) return null;
  return /text-to-speech:\s*(\S+)/.exec(r.stdout)?.[1] ?? null;
}

/** One utterance as mono 16-bit samples (espeak-ng's 22,050 Hz), leading and trailing silence cut. */
function say(text: string, voice: string, wpm: number): { sampleRate: number; samples: Int16Array } | null {
  // The words go in on stdin: nothing in them is read as an option.
  const r = spawnSync(BIN, ["--stdin", "--stdout", "-v", voice, "-s", String(wpm)], { input: text, maxBuffer: 64 * 1024 * 1024 });
  if (r.error || r.status !== 0 || !r.stdout || r.stdout.length <= 44) return null;
  const out = r.stdout as Buffer;
  const sampleRate = out.readUInt32LE(24);
  // The header's sizes are placeholders when writing to a pipe: the samples run to the end.
  const all = new Int16Array(out.buffer.slice(out.byteOffset + 44, out.byteOffset + out.length - ((out.length - 44) % 2)));
  let a = 0;
  let b = all.length;
  while (a < b && Math.abs(all[a] as number) < 200) a++;
  while (b > a && Math.abs(all[b - 1] as number) < 200) b--;
  return { sampleRate, samples: all.slice(a, b) };
}

/**
 * Speaks each segment at the rate that makes it last about as long as its logged segment (one probe at
 * the default rate, then the real one), so fitting it to the segment barely shifts its pitch.
 */
export function espeakSynth(): SpeechSynth {
  const cache = new Map<string, { sampleRate: number; samples: Int16Array } | null>();
  return (text, side, seconds) => {
    const key = `${side}\0${seconds.toFixed(3)}\0${text}`;
    if (cache.has(key)) return cache.get(key) ?? null;
    const voice = VOICES[side];
    const probe = say(text, voice, DEFAULT_WPM);
    let got = probe;
    if (probe && probe.samples.length > 0 && seconds > 0) {
      const natural = probe.samples.length / probe.sampleRate;
      const wpm = Math.max(80, Math.min(450, Math.round((DEFAULT_WPM * natural) / seconds)));
      if (wpm !== DEFAULT_WPM) got = say(text, voice, wpm) ?? probe;
    }
    cache.set(key, got);
    return got;
  };
}
