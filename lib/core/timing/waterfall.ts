/**
 * Per agent turn, the measured gap split into the TTFB of each LLM call attributed to it, the TTS
 * TTFB, other stages, and the remainder (generation, tool execution, VAD): the parts add up to the gap.
 */
import type { TurnLatency } from "./turns";

export interface WaterfallPart {
  kind: "llm" | "tts" | "other" | "remainder";
  processor: string | null;
  seconds: number;
}

export interface WaterfallTurn {
  /** Transcript index (`#turn-N`). */
  turn: number;
  start: number;
  gap_s: number;
  llm_calls: number;
  parts: WaterfallPart[];
  /** The stages' TTFBs add up to more than the gap (barge-in, or a negative gap): the remainder is negative. */
  overrun: boolean;
}

export function stageKind(processor: string): "llm" | "tts" | "other" {
  if (processor.includes("LLM")) return "llm";
  if (processor.includes("TTS")) return "tts";
  return "other";
}

export function waterfall(turns: readonly TurnLatency[], ttfbByTurn: ReadonlyMap<number, Array<{ processor: string; value: number }>>): WaterfallTurn[] {
  return turns
    .filter((t) => t.role === "agent")
    .map((t) => {
      const events = ttfbByTurn.get(t.index) ?? [];
      const parts: WaterfallPart[] = events.map((e) => ({ kind: stageKind(e.processor), processor: e.processor, seconds: e.value }));
      // LLM calls first (in order), then TTS and other stages: the order a response is produced in.
      const order = { llm: 0, tts: 1, other: 2, remainder: 3 };
      parts.sort((a, b) => order[a.kind] - order[b.kind]);
      const used = parts.reduce((s, p) => s + p.seconds, 0);
      const remainder = t.latency_s - used;
      parts.push({ kind: "remainder", processor: null, seconds: remainder });
      return { turn: t.index, start: t.start, gap_s: t.latency_s, llm_calls: parts.filter((p) => p.kind === "llm").length, parts, overrun: remainder < 0 };
    });
}
