import { describe, expect, it } from "vitest";
import { judgeFields } from "@/lib/core/judge-fields";

describe("judgeFields", () => {
  it("reads a stored judge field by field, keeping unknown keys as extras", () => {
    const j = judgeFields({
      score: Number.NaN,
      reason: 3,
      nl_assertion_verdicts: [{ index: 1, assertion: "a", passed: true, reason: "r" }, "x", [1]],
      judge_input: { system_prompt: "s" },
      model: "m",
    });
    expect(j?.score).toBeNaN();
    expect(j?.reason).toBeNull();
    expect(j?.verdicts).toEqual([{ index: 1, assertion: "a", passed: true, reason: "r" }, null, null]);
    expect(j?.input).toEqual({ system_prompt: "s", user_content: null });
    expect(j?.extras).toEqual([["model", "m"]]);
  });
  it("is null for anything but an object", () => {
    expect(judgeFields(null)).toBeNull();
    expect(judgeFields([1])).toBeNull();
    expect(judgeFields("x")).toBeNull();
  });
});
