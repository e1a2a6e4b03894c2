/** What the judge saw (issue 45): the tagged sections of judge_input.user_content. */
import { describe, expect, it } from "vitest";
import { evidenceFlags, judgeSections } from "@/lib/core";

const content = (parts: Array<[string, string]>) => parts.map(([tag, body]) => `<${tag}>\n${body}\n</${tag}>`).join("\n\n");

describe("judgeSections", () => {
  it("sees each section with its size", () => {
    const s = judgeSections(content([["reference", "abc"], ["prediction", "[1, 2]"], ["nl_assertions", "1. x"]]));
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
    expect(judgeSections(content([["reference", "a"], ["reference", "b"]])).problems.map((p) => p.message)).toEqual(["judge_input: <reference> appears more than once"]);
    expect(judgeSections("<reference>\n<prediction>\nx\n</prediction>\n</reference>").problems.length).toBeGreaterThan(0);
    expect(judgeSections("").problems).toEqual([]);
  });
});

describe("evidenceFlags", () => {
  it("flags NL assertions judged without the conversation and actions without prediction or reference", () => {
    const s = judgeSections(content([["reference", "a"], ["nl_assertions", "1. x"]]));
    expect(evidenceFlags(s, { nlJudged: true, actionBased: true })).toEqual(["nl-without-conversation", "actions-without-prediction"]);
    const full = judgeSections(content([["reference", "a"], ["prediction", "b"], ["conversation", "c"], ["nl_assertions", "d"]]));
    expect(evidenceFlags(full, { nlJudged: true, actionBased: true })).toEqual([]);
    expect(evidenceFlags(judgeSections(""), { nlJudged: false, actionBased: false })).toEqual([]);
  });
});
