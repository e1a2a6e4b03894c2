/**
 * The run page's "what changed" line: every count of the change vocabulary in one sentence, the
 * optional ones (flaky, was stalled, now stalled) said only when there are any, each with what it means.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChangesLine } from "@/components/changes/changes-line";
import type { RunChanges } from "@/lib/shared/run-changes";

const changes = (lists: Partial<Pick<RunChanges, "newFailures" | "fixed" | "stillFailing" | "flaky" | "wasStalled" | "nowStalled">>): RunChanges => ({
  runId: "nightly/eval_20261130_020000",
  previous: { id: "nightly/eval_20261129_020000", startedAt: null, state: "finished" },
  suiteRuns: 2,
  newFailures: [],
  fixed: [],
  stillFailing: [],
  flaky: [],
  wasStalled: [],
  nowStalled: [],
  setup: [],
  success: { before: 0.5, after: 0.5, delta: 0, likeForLike: null, pValue: null, paired: 4 },
  marks: {},
  ...lists,
});
// The line's text without its markup.
const text = (c: RunChanges) => renderToStaticMarkup(ChangesLine({ changes: c })).replace(/<[^>]+>/g, "");

describe("ChangesLine counts", () => {
  it("says only the counts every line has when nothing was flaky or stalled", () => {
    const t = text(changes({ fixed: ["a"], stillFailing: ["b", "c"] }));
    expect(t).toContain("0 new failures, 1 fixed, 2 still failing,");
    expect(t).not.toMatch(/flaky|stalled/);
  });

  it("adds flaky, was stalled and now stalled in that order, each only when there are any", () => {
    const c = changes({ newFailures: ["n"], flaky: ["f1", "f2"], wasStalled: ["w"], nowStalled: ["s1", "s2", "s3"] });
    expect(text(c)).toContain("1 new failure, 0 fixed, 0 still failing, 2 flaky, 1 was stalled, 3 now stalled,");
    const html = renderToStaticMarkup(ChangesLine({ changes: c }));
    expect(html).toMatch(/<span data-testid="was-stalled" title="Stalled in the previous run[^"]*not counted as fixed">1 was stalled<\/span>/);
    expect(html).toMatch(/<span data-testid="now-stalled" title="Passed in the previous run[^"]*not counted as a new failure">3 now stalled<\/span>/);
    expect(text(changes({ nowStalled: ["s"] }))).toContain("0 still failing, 1 now stalled,");
  });
});
