/** What the judge saw (issue 45): the tagged sections of judge_input.user_content. */
import { describe, expect, it } from "vitest";
import { countJudgeSections, differingSections, evidenceFlags, judgeSections, judgeSeen } from "@/lib/core";

const content = (parts: Array<[string, string]>) => parts.map(([tag, body]) => `<${tag}>\n${body}\n</${tag}>`).join("\n\n");

describe("judgeSections", () => {
  it("sees each section with its size", () => {
    const s = judgeSections(
      content([
        ["reference", "abc"],
        ["prediction", "[1, 2]"],
        ["nl_assertions", "1. x"],
      ]),
    );
    expect(s.problems).toEqual([]);
    expect(s.sections.reference).toEqual({ seen: true, chars: 3 });
    expect(s.sections.prediction).toEqual({ seen: true, chars: 6 });
    expect(s.sections.conversation).toEqual({ seen: false, chars: 0 });
    expect(s.sections.nl_assertions.seen).toBe(true);
  });
  it("reads a tag inside a section's text as text", () => {
    const s = judgeSections(content([["agent_context_history", 'system: "use <prediction> tags"\nuser: <conversation> is here']]));
    expect(s.problems).toEqual([]);
    expect(s.sections.prediction.seen).toBe(false);
    expect(s.sections.agent_context_history.seen).toBe(true);
  });
  it("names unbalanced and repeated tags, never throws", () => {
    expect(judgeSections("<reference>\nabc").problems.map((p) => p.message)).toEqual(["judge_input: <reference> is never closed"]);
    expect(judgeSections("abc\n</prediction>").problems.map((p) => p.message)).toEqual(["judge_input: </prediction> closes no open section"]);
    expect(
      judgeSections(
        content([
          ["reference", "a"],
          ["reference", "b"],
        ]),
      ).problems.map((p) => p.message),
    ).toEqual(["judge_input: <reference> appears more than once"]);
    expect(judgeSections("<reference>\n<prediction>\nx\n</prediction>\n</reference>").problems.length).toBeGreaterThan(0);
    expect(judgeSections("").problems).toEqual([]);
  });
});

describe("evidenceFlags", () => {
  it("flags NL assertions judged without the conversation and actions without prediction or reference", () => {
    const s = judgeSections(
      content([
        ["reference", "a"],
        ["nl_assertions", "1. x"],
      ]),
    );
    expect(evidenceFlags(s, { nlJudged: true, actionBased: true })).toEqual(["nl-without-conversation", "actions-without-prediction"]);
    const full = judgeSections(
      content([
        ["reference", "a"],
        ["prediction", "b"],
        ["conversation", "c"],
        ["nl_assertions", "d"],
      ]),
    );
    expect(evidenceFlags(full, { nlJudged: true, actionBased: true })).toEqual([]);
    expect(evidenceFlags(judgeSections(""), { nlJudged: false, actionBased: false })).toEqual([]);
  });
});

describe("judgeSeen", () => {
  const judge = (user_content: unknown, verdicts: unknown[] = []) => ({
    score: 1,
    judge_input: { system_prompt: "s", user_content },
    nl_assertion_verdicts: verdicts,
  });
  it("is unknown (null) without a recorded judge input", () => {
    expect(judgeSeen({ score: 1 }, null, null)).toBeNull();
    expect(judgeSeen(judge(5), null, null)).toBeNull();
    expect(judgeSeen(null, null, null)).toBeNull();
  });
  it("flags an action-based verdict whose judge lacked <prediction>", () => {
    const seen = judgeSeen(judge("<reference>\n[]\n</reference>"), { success_breakdown: { passed: ["is_action_match"] } }, null);
    expect(seen?.sections.prediction.seen).toBe(false);
    expect(seen?.flags).toEqual(["actions-without-prediction"]);
    // Excluded action match: not action-based.
    expect(judgeSeen(judge("<reference>\n[]\n</reference>"), { success_breakdown: { excluded: ["is_action_match"] } }, null)?.flags).toEqual([]);
    expect(judgeSeen(judge("x"), null, { actions: [{ name: "a" }] })?.flags).toEqual(["actions-without-prediction", "actions-without-reference"]);
  });
});

describe("a run's judges counted, and two runs' judges compared", () => {
  const judge = (user_content: string) => ({ score: 1, judge_input: { user_content } });
  const withConversation = judgeSeen(
    judge(
      content([
        ["reference", "a"],
        ["prediction", "b"],
        ["conversation", "c"],
      ]),
    ),
    null,
    null,
  );
  const without = judgeSeen(
    judge(
      content([
        ["reference", "a"],
        ["prediction", "b"],
      ]),
    ),
    null,
    { actions: [{ name: "x" }] },
  );
  const noPrediction = judgeSeen(judge(content([["reference", "a"]])), null, { actions: [{ name: "x" }] });
  it("counts scenarios judged without each section, flags and unrecorded inputs", () => {
    const c = countJudgeSections([without, noPrediction, null]);
    expect(c.judged).toBe(2);
    expect(c.unrecorded).toBe(1);
    expect(c.without.prediction).toBe(1);
    expect(c.without.conversation).toBe(2);
    expect(c.flagged["actions-without-prediction"]).toBe(1);
  });
  it("flags runs whose judges saw different sections (a section none of one run's judges saw)", () => {
    const a = countJudgeSections([withConversation, withConversation]);
    const b = countJudgeSections([without, without]);
    expect(differingSections(a, b)).toEqual([{ section: "conversation", base: 2, other: 0 }]);
    expect(differingSections(b, countJudgeSections([without, noPrediction]))).toEqual([]);
    expect(differingSections(a, countJudgeSections([null]))).toEqual([]);
  });
});
