/**
 * The rule for judge scores that are not numbers: a `judge_score` of `NaN` (or ±Infinity) is a
 * judge error. The judge returned something Python parsed as a non-finite float (ARTIFACTS.md §6);
 * it says nothing about the agent. Every view, sort and export asks this module, never `isNaN`.
 */
import { z } from "zod";
import { meanRate, RateSchema } from "./aggregates";

/** How the harness writes a non-finite score in JSON: the bare token. */
export const JUDGE_ERROR_TOKENS = ["NaN", "Infinity", "-Infinity"] as const;
export type JudgeErrorToken = (typeof JUDGE_ERROR_TOKENS)[number];

/** A number that is a judge error (`NaN`, `Infinity`, `-Infinity`); anything else is not. */
export function isJudgeError(score: unknown): score is number {
  return typeof score === "number" && !Number.isFinite(score);
}

/** The JSON token of a judge-error score, or `null` for a finite number or a non-number. */
export function judgeErrorToken(score: unknown): JudgeErrorToken | null {
  if (!isJudgeError(score)) return null;
  return Number.isNaN(score) ? "NaN" : score > 0 ? "Infinity" : "-Infinity";
}

/** What every view shows for a judge-error score: `judge error (NaN)`. */
export function judgeErrorLabel(token: JudgeErrorToken): string {
  return `judge error (${token})`;
}

/** The hint / note text: why the score is not a score. */
export function judgeErrorExplanation(token: JudgeErrorToken): string {
  return `The judge returned a non-numeric score (${token}): a judge failure, not an agent failure. judge_passed is false only because ${token} ≥ threshold is false; re-judge the scenario before reading anything into it.`;
}

/**
 * The run's judge-score mean beside the harness's. The harness averages every score, so one NaN
 * makes its mean `nan`; `valid` is our mean over the finite scores (not a harness number).
 */
export const JudgeMeanNoteSchema = z.object({
  /** Scores in the mean's bucket that are judge errors. */
  errors: z.number(),
  /** Mean over the finite scores only. */
  valid: RateSchema,
});
export type JudgeMeanNote = z.infer<typeof JudgeMeanNoteSchema>;

export function judgeMeanNote(scores: readonly number[]): JudgeMeanNote {
  const finite = scores.filter((s) => !isJudgeError(s));
  return { errors: scores.length - finite.length, valid: meanRate(finite) };
}

/** A judge reason that reports the judge's own failure, not the agent's (§1.7, §7.11). */
export function isJudgeErrorReason(reason: unknown): boolean {
  return typeof reason === "string" && /^\s*(Error:|Judge error:|No observed agent evidence)/.test(reason);
}
