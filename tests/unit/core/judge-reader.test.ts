import { describe, expect, it } from "vitest";
import { judgeFields, readJudge } from "@/lib/core/evidence/judge";

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

describe("readJudge: one rule for a malformed field", () => {
  it('reads a score of the text "0.2" as unknown, names it, and keeps every other field', () => {
    const r = readJudge('{"score": "0.2", "reason": "Refund not confirmed", "nl_assertion_verdicts": [{"index": 1, "passed": false, "reason": "no refund"}]}');
    expect(r.fields?.score).toBeNull();
    expect(r.fields?.reason).toBe("Refund not confirmed");
    expect(r.fields?.verdicts).toEqual([{ index: 1, assertion: null, passed: false, reason: "no refund" }]);
    expect(r.problems).toEqual([{ file: "judge_result.json", kind: "schema", message: 'score is the text "0.2"; expected a number' }]);
  });
  it("names up to three malformed fields, then a count", () => {
    const r = readJudge('{"score": null, "reason": 3, "judge_input": [], "nl_assertion_verdicts": "x"}');
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]!.message).toBe(
      "score is null; expected a number; reason is the number 3; expected a text; judge_input is a list; expected an object; and 1 more",
    );
    expect(r.fields).toMatchObject({ score: null, reason: null, input: null, verdicts: [] });
  });
  it("keeps a judge error (NaN) as a number, not a problem", () => {
    const r = readJudge('{"score": NaN, "reason": "Error: timeout"}');
    expect(r.fields?.score).toBeNaN();
    expect(r.problems).toEqual([]);
  });
  it("names text that is not JSON or not an object, with no fields", () => {
    expect(readJudge("").problems.map((p) => p.kind)).toEqual(["empty"]);
    expect(readJudge('{"score": ').problems.map((p) => p.kind)).toEqual(["invalid-json"]);
    const list = readJudge("[1]");
    expect([list.fields, list.stored, list.problems[0]?.message]).toEqual([null, [1], "expected a JSON object"]);
  });
});
