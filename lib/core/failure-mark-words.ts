/**
 * A failing scenario's mark (lib/core/run-changes.ts `failureMark`, the rule the run page's row
 * badge shows) said in words, for the scenario page (issue 56): "new failure", "now stalled", "failing since
 * <date> (N runs)", "flaky k/n".
 */
import type { FailureMark } from "./run-changes";

/** `2026-11-25` of an ISO-like local time (the run's own clock, as written); `null` when it is not one. */
const day = (iso: string | null) => (iso ? (/^(\d{4}-\d\d-\d\d)/.exec(iso)?.[1] ?? null) : null);

export function failureMarkWords(mark: FailureMark): { words: string; detail: string } {
  if (mark.kind === "new") return { words: "new failure", detail: "it passed in the previous run of the suite" };
  if (mark.kind === "now_stalled")
    return {
      words: "now stalled",
      detail: "it passed in the previous run of the suite and stalled in this one (an infrastructure failure, not a new failure)",
    };
  if (mark.kind === "flaky")
    return {
      words: `flaky ${mark.passes}/${mark.of}`,
      detail: `it passed ${mark.passes} of the suite's ${mark.of} runs before this one, flipping pass ↔ fail ${mark.flips} times`,
    };
  return {
    words: `failing since ${day(mark.since) ?? mark.sinceRun} (${mark.runs} runs)`,
    detail: `it has failed in ${mark.runs} runs in a row, since ${mark.sinceRun}`,
  };
}
