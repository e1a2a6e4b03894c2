/** The CI gate's decision and its Markdown, on rows built in memory. */
import { describe, expect, it } from "vitest";
import { ratesOf, foldRecords } from "@/lib/core";
import { runGate, type GateRun } from "@/lib/core/gate";
import { gateMarkdown, MAX_LISTED } from "@/lib/core/gate-markdown";
import { mdInline } from "@/lib/core/markdown";
import { testRow } from "../../helpers/scenario-row";

function run(id: string, verdicts: boolean[], names = verdicts.map((_, i) => `s${i}`)): GateRun {
  const rows = verdicts.map((v, i) =>
    testRow(names[i] as string, {
      verdict: v,
      task_verdict: v,
      success_breakdown: { passed: v ? ["clean_exit"] : [], failed: v ? [] : ["db_state_match"], not_applicable: [], excluded: [] },
    }),
  );
  return { id, state: "finished", completed: rows.length, intended: rows.length, rows, rates: ratesOf(foldRecords([], 0)) };
}

describe("runGate", () => {
  it("fails on a significant drop and passes the same drop at a stricter alpha", () => {
    const base = run("a", Array(30).fill(true));
    const other = run(
      "b",
      Array.from({ length: 30 }, (_, i) => i >= 8),
    );
    expect(runGate(base, other, { alpha: 0.05 }).verdict).toBe("fail");
    const strict = runGate(base, other, { alpha: 0.001 });
    expect(strict.verdict).toBe("pass");
    expect(strict.reasons[0]).toMatch(/not significant at α = 0\.001/);
  });

  it("passes an improvement, and treats an unfinished run as incomplete even when it dropped", () => {
    expect(runGate(run("a", [false, false, true]), run("b", [true, true, true]), { alpha: 0.05 }).reasons[0]).toMatch(/^no drop in success/);
    const killed = { ...run("b", Array(30).fill(false)), state: "killed" as const, completed: 30, intended: 60 };
    const g = runGate(run("a", Array(30).fill(true)), killed, { alpha: 0.05 });
    expect(g.verdict).toBe("incomplete");
    expect(g.reasons).toHaveLength(1);
    expect(g.reasons[0]).toMatch(/killed .* 30 of 60 scenarios/);
  });

  it("lists regressed scenarios with their failing signals and labels from the optional ledger hook", () => {
    const g = runGate(run("a", [true, true, true]), run("b", [false, true, false]), { alpha: 0.05 }, (name) =>
      name === "s0" ? ["ASR", "known issue #12"] : [],
    );
    expect(g.regressed.map((r) => [r.name, r.failingSignals, r.labels])).toEqual([
      ["s0", ["db_state_match"], ["ASR", "known issue #12"]],
      ["s2", ["db_state_match"], []],
    ]);
    const md = gateMarkdown(g);
    expect(md).toContain("| Scenario | Domain | Failing signals | Labels |");
    expect(md).toContain("| s0 | ");
    expect(md).toContain("ASR, known issue #12");
    // Without labels there is no label column.
    expect(gateMarkdown(runGate(run("a", [true]), run("b", [false]), { alpha: 0.05 }))).not.toContain("Labels");
  });

  it("keeps results text inert in the comment and caps the list", () => {
    const names = Array.from({ length: MAX_LISTED + 5 }, (_, i) => (i === 0 ? "<img src=x onerror=alert(1)>|`x`*y*" : `s${i}`));
    const g = runGate(run("a", Array(names.length).fill(true), names), run("b", Array(names.length).fill(false), names), { alpha: 0.05 });
    const md = gateMarkdown(g);
    expect(md).not.toMatch(/(^|[^\\])<img/);
    expect(md).toContain(mdInline(names[0] as string));
    expect(mdInline("a|b<c>`d`")).toBe("a\\|b\\<c\\>\\`d\\`");
    expect(md).toContain("… and 5 more.");
    expect(md.split("\n").filter((l) => /^\| (s\d+|\\<img)/.test(l))).toHaveLength(MAX_LISTED);
  });
});
