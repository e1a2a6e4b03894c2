/**
 * The server's audio work, process-wide (like the store: Next loads a module once per bundle, and a
 * limit per bundle would not be one): at most `MAX_RUNNING` recordings are analysed at once, the rest
 * wait their turn, and the answers are kept by their size in bytes (`process-caches`), enough for a
 * compare page's two runs of `AUDIO_LIMIT` recordings each.
 */
import "server-only";
import type { LRUCache } from "lru-cache";
import type { AudioAnalysis } from "@/lib/core/audio/analyse";
import { Limiter } from "../ingest/pool";
import { processCaches } from "../process-caches";

export type AudioAnswer = { status: 200; analysis: AudioAnalysis } | { status: 404 | 422; reason: string };

/** Two analyses at once server-wide: each streams its file and holds at most its frames (`wav-frames.ts`). */
export const MAX_RUNNING = 2;
/** What the kept answers may weigh: about 2,000 typical calls (a 10-minute call's analysis is ~30 KB), dozens at the lists' bounds. */
export const CACHE_BYTES = 64 * 1024 * 1024;

/** A kept answer and what it weighs (a guess while it is being made, its size once made). */
export interface KeptAnswer {
  answer: Promise<AudioAnswer>;
  bytes: number;
}

/** A rough heap size of an answer: numbers in arrays, small arrays and objects, strings. */
export function answerBytes(answer: AudioAnswer): number {
  if (answer.status !== 200) return 200 + 2 * answer.reason.length;
  const a = answer.analysis;
  const spans = a.speech.user.length + a.speech.agent.length + a.overlaps.length + a.silences.length;
  let text = 0;
  for (const f of a.findings) text += 2 * f.message.length + 120;
  return 2000 + 8 * (a.peaks.user.length + a.peaks.agent.length) + 64 * spans + 80 * a.responseGaps.length + 80 * a.interactionEvents.length + text;
}

export class AudioWork {
  readonly limiter = new Limiter(MAX_RUNNING);
  /** Analyses started and not finished, and the most that ran at once (tests). */
  running = 0;
  peakRunning = 0;

  constructor(readonly kept: LRUCache<string, KeptAnswer>) {}

  /** The answer kept under `key`, or the one `make` gives (run under the limit), kept by its size. */
  answer(key: string, make: () => Promise<AudioAnswer>): Promise<AudioAnswer> {
    const hit = this.kept.get(key);
    if (hit) return hit.answer;
    const answer = this.limiter.run(async () => {
      this.running++;
      this.peakRunning = Math.max(this.peakRunning, this.running);
      try {
        return await make();
      } finally {
        this.running--;
      }
    });
    this.kept.set(key, { answer, bytes: 1024 });
    void answer.then(
      (a) => {
        // Weighed again once made (if it is still kept under this key).
        if (this.kept.peek(key)?.answer === answer) this.kept.set(key, { answer, bytes: answerBytes(a) });
      },
      () => {
        if (this.kept.peek(key)?.answer === answer) this.kept.delete(key);
      },
    );
    return answer;
  }
}

const KEY = Symbol.for("voice-eval-dashboard.audio-work");
type Holder = { [KEY]?: AudioWork };

/** The process's one `AudioWork`, its answers in the process's caches ("audio-analysis", shown by `/api/health`). */
export function audioWork(): AudioWork {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new AudioWork(processCaches().lru<KeptAnswer>("audio-analysis", { maxBytes: CACHE_BYTES, sizeOf: (v) => v.bytes })));
}
