/**
 * Deterministic generator of NeMo Labs Voice Agent evaluation result folders (ARTIFACTS.md).
 * Pure: returns files in memory; `scripts/generate.ts` writes them.
 */
import { generateRun } from "./run";
import type { GeneratedFile, GenerateOptions } from "./types";

export type { AudioOptions, GeneratedFile, GenerateOptions, OutcomeKind, RunOptions, RunState, SignalName, SpeechPlant, SpeechSynth } from "./types";
export { PRESETS, preset, type PresetName } from "./presets";
export { DOMAINS } from "./domains";
export { dumps, f, PyFloat, type PyJson } from "./pyjson";

/** Files one at a time (bounded memory for very large trees). */
export function* iterateResults(options: GenerateOptions): Generator<GeneratedFile> {
  for (const run of options.runs) yield* generateRun(run, options.seed, options.speech);
}

/** Every file of the results tree described by `options`; same options → same bytes. */
export function generateResults(options: GenerateOptions): GeneratedFile[] {
  return [...iterateResults(options)];
}
