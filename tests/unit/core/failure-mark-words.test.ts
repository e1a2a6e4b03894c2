import { describe, expect, it } from "vitest";
import { failureMarkWords } from "@/lib/core/failure-mark-words";
import { failureMark, type SuiteRunCells } from "@/lib/core/run-changes";
import type { Cell } from "@/lib/core/trends/strip";

/** One scenario `s` over nights of a suite, oldest first. */
const suite = (cells: string): SuiteRunCells[] =>
  [...cells].map((c, i) => ({
    id: `nightly/eval_202611${String(20 + i)}_020000`,
    startedAt: `2026-11-${20 + i}T02:00:00`,
    cells: new Map([["s", c as Cell]]),
  }));

const words = (cells: string) => {
  const runs = suite(cells);
  const mark = failureMark(runs, runs.length - 1, "s");
  return mark ? failureMarkWords(mark).words : null;
};

describe("failureMarkWords: the run page's mark said in words on the scenario page", () => {
  it("says new, failing since a date with the number of runs, or flaky k/n, by the same rule", () => {
    expect(words("PPPF")).toBe("new failure");
    expect(words("PPPS"), "a pass then a stall is not a new failure").toBe("now stalled");
    expect(words("PPFSF"), "a stall counts as a failure").toBe("failing since 2026-11-22 (3 runs)");
    expect(words("PPFPF-F"), "a night without a verdict is not counted").toBe("flaky 3/5");
    expect(words("PPF-"), "not failing now").toBeNull();
    expect(words("PFPFPF")).toBe("flaky 3/5");
    expect(words("PPPP"), "a pass has no mark").toBeNull();
  });
  it("names the first run of the streak when its start is unknown", () => {
    const runs = suite("PFF").map((r, i) => (i === 1 ? { ...r, startedAt: null } : r));
    const mark = failureMark(runs, 2, "s");
    expect(mark && failureMarkWords(mark).words).toBe("failing since nightly/eval_20261121_020000 (2 runs)");
    expect(mark && failureMarkWords(mark).detail).toContain("2 runs in a row");
  });
});
