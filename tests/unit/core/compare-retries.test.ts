/** Retries across two runs (issue 45): "fixed by a retry" and differing retry switches. */
import { describe, expect, it } from "vitest";
import { compareRetries, retryWarningMessages, type RetrySide } from "@/lib/core/compare-retries";
import { testRow } from "../../helpers/scenario-row";

const side = (switches: Record<string, unknown> | null, retried = 0): RetrySide => ({
  provenance: "known",
  retried,
  attempts: retried,
  withoutRetries: null,
  switches,
});

describe("compareRetries", () => {
  it("names a fixed scenario retried in the other run only, and not one retried in both", () => {
    const c = compareRetries(
      side({ max_auto_retries: 2 }),
      side({ max_auto_retries: 2 }, 2),
      [
        { name: "a", change: "fixed" },
        { name: "b", change: "fixed" },
        { name: "c", change: "regressed" },
        { name: "d", change: "still_failing" },
      ],
      [testRow("a", { retries: 0 }), testRow("b", { retries: 1 }), testRow("c", { retries: 0 }), testRow("d", { retries: 0 })],
      [testRow("a", { retries: 2 }), testRow("b", { retries: 1 }), testRow("c", { retries: 0 }), testRow("d", { retries: 3 })],
    );
    expect(c.changes).toEqual([{ name: "a", change: "fixed", base: 0, other: 2 }]);
    const w = retryWarningMessages(c, "r1", "r2");
    expect(w.map((x) => x.kind)).toEqual(["retried_change"]);
    expect(w[0]?.message).toContain("fixed by a retry");
    expect(w[0]?.message).toContain("a (retried ×2 in r2)");
  });
  it("warns when the retry switches differ, not for min_agent_turns alone (compare has its own warning)", () => {
    const c = compareRetries(side({ auto_resume_on_stale: true, min_agent_turns: 3 }), side({ auto_resume_on_stale: false, min_agent_turns: 2 }), [], [], []);
    expect(c.differingSwitches).toEqual(["auto_resume_on_stale", "min_agent_turns"]);
    expect(retryWarningMessages(c, "r1", "r2").map((x) => x.message)).toEqual([
      "different automatic-retry settings: auto_resume_on_stale true in r1, false in r2. Retrying scenarios with too few agent turns inflates scores.",
    ]);
    expect(compareRetries(side(null), side({ max_auto_retries: 1 }), [], [], []).differingSwitches).toEqual([]);
  });
});
