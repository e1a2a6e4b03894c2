/**
 * The server's audio work, process-wide (like the store: Next loads a module once per bundle, and a
 * limit per bundle would not be one): at most `MAX_RUNNING` recordings are analysed at once, the rest
 * wait their turn, and the answers are kept by their size in bytes, enough for a compare page's two
 * runs of `AUDIO_LIMIT` recordings each.
 */
import "server-only";
import type { AudioAnalysis } from "@/lib/core/audio/analyse";
import { Limiter } from "../ingest/pool";

export type AudioAnswer = { status: 200; analysis: AudioAnalysis } | { status: 404 | 422; reason: string };

/** Two analyses at once server-wide: each streams its file and holds at most its frames (`wav-frames.ts`). */
export const MAX_RUNNING = 2;
/** What the kept answers may weigh: about 2,000 typical calls (a 10-minute call's analysis is ~30 KB), 35 at the lists' bounds. */
export const CACHE_BYTES = 64 * 1024 * 1024;

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
  readonly #kept = new Map<string, { answer: Promise<AudioAnswer>; bytes: number }>();
  #bytes = 0;
  /** Analyses started and not finished, and the most that ran at once (tests, `/api/health`). */
  running = 0;
  peakRunning = 0;

  constructor(readonly budget = CACHE_BYTES) {}

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#kept.size;
  }

  /** The answer kept under `key`, or the one `make` gives (run under the limit), kept by its size. */
  answer(key: string, make: () => Promise<AudioAnswer>): Promise<AudioAnswer> {
    const hit = this.#kept.get(key);
    if (hit) {
      // Least recently used out: a hit moves to the end.
      this.#kept.delete(key);
      this.#kept.set(key, hit);
      return hit.answer;
    }
    const answer = this.limiter.run(async () => {
      this.running++;
      this.peakRunning = Math.max(this.peakRunning, this.running);
      try {
        return await make();
      } finally {
        this.running--;
      }
    });
    const entry = { answer, bytes: 1024 };
    this.#kept.set(key, entry);
    this.#bytes += entry.bytes;
    void answer.then(
      (a) => {
        if (this.#kept.get(key) !== entry) return;
        const bytes = answerBytes(a);
        this.#bytes += bytes - entry.bytes;
        entry.bytes = bytes;
        this.#evict();
      },
      () => this.#drop(key, entry),
    );
    this.#evict();
    return answer;
  }

  #drop(key: string, entry: { bytes: number }): void {
    if (this.#kept.get(key) !== entry) return;
    this.#kept.delete(key);
    this.#bytes -= entry.bytes;
  }

  #evict(): void {
    // The newest entry always stays, however large.
    while (this.#bytes > this.budget && this.#kept.size > 1) {
      const [key, entry] = this.#kept.entries().next().value as [string, { bytes: number }];
      this.#drop(key, entry);
    }
  }
}

const KEY = Symbol.for("voice-eval-dashboard.audio-work");
type Holder = { [KEY]?: AudioWork };

/** The process's one `AudioWork`. */
export function audioWork(): AudioWork {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new AudioWork());
}
