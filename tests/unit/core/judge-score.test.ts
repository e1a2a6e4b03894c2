/** Issue 14: a NaN judge score is a judge error, and the run's mean keeps the harness's nan. */
import { describe, expect, it } from "vitest";
import { hints, isJudgeError, judgeErrorLabel, judgeErrorToken, judgeMeanNote, parseJson, scenarioRow, type ScenarioRecord } from "@/lib/core";
import { queryRows, ScenarioQuerySchema } from "@/lib/shared/scenario-query";
import { testRow } from "../../helpers/scenario-row";

describe("judge-error rule", () => {
  it("calls NaN and ±Infinity judge errors, and nothing else", () => {
    expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY].map(isJudgeError)).toEqual([true, true, true]);
    expect([0, 1, 0.5, -1, null, undefined, "NaN", true].map(isJudgeError)).toEqual([false, false, false, false, false, false, false, false]);
    expect([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.3].map(judgeErrorToken)).toEqual(["NaN", "Infinity", "-Infinity", null]);
    expect(judgeErrorLabel("NaN")).toBe("judge error (NaN)");
  });

  it("turns a metrics.json NaN into a row with no score and judge_error NaN (JSON-safe)", () => {
    const parsed = parseJson('{"scenario_name": "qa__x", "judge_score": NaN, "judge_passed": false, "is_successful": false}');
    expect(parsed.ok).toBe(true);
    const record = { name: "qa__x", metrics: (parsed as { value: Record<string, unknown> }).value } as unknown as ScenarioRecord;
    const row = scenarioRow(record, 0);
    expect(row.judge_error).toBe("NaN");
    expect(row.judge_score).toBeNull();
    expect(JSON.parse(JSON.stringify(row)).judge_error).toBe("NaN");
    const finite = scenarioRow({ ...record, metrics: { ...record.metrics, judge_score: 0.25 } } as ScenarioRecord, 0);
    expect([finite.judge_score, finite.judge_error]).toEqual([0.25, null]);
  });

  it("keeps the harness's mean and adds ours over the valid scores", () => {
    const note = judgeMeanNote([1, Number.NaN, 0.5, 0]);
    expect(note.errors).toBe(1);
    expect(note.valid).toEqual({ value: 0.5, numerator: 1.5, denominator: 3 });
    expect(judgeMeanNote([0.2, 0.4])).toMatchObject({ errors: 0, valid: { denominator: 2 } });
    expect(judgeMeanNote([Number.NaN]).valid.value).toBeNull();
  });

  it("gives a judge-error row a judge-failure hint even when the reason reads fine", () => {
    const row = testRow("qa__x", { verdict: false, judge_error: "NaN", turns: 5 });
    const out = hints({
      row,
      metrics: {},
      judgeReason: "The agent's answer was adequate.",
      toolCalls: null,
      actions: null,
      asr: null,
      hasAudio: true,
      offersDomainTools: false,
    });
    const judge = out.filter((h) => h.kind === "judge-error");
    expect(judge).toHaveLength(1);
    expect(judge[0]!.message).toContain("NaN");
    expect(judge[0]!.owner).toBe("judge");
    const plain = hints({
      row: testRow("qa__y"),
      metrics: {},
      judgeReason: "fine",
      toolCalls: null,
      actions: null,
      asr: null,
      hasAudio: true,
      offersDomainTools: false,
    });
    expect(plain.some((h) => h.kind === "judge-error")).toBe(false);
  });

  it("sorts a judge error after every number in both directions, and before rows without a score", () => {
    const rows = [
      testRow("a", { judge_score: 1 }),
      testRow("nan", { judge_error: "NaN" }),
      testRow("none"),
      testRow("b", { judge_score: 1 }),
      testRow("c", { judge_score: 0 }),
    ].map((row, order) => ({ row, order, searchText: "" }));
    for (const dir of ["asc", "desc"] as const) {
      const q = ScenarioQuerySchema.parse({ sort: "judge_score", dir });
      const names = queryRows(rows, q).rows.map((r) => r.name);
      expect(names.slice(3)).toEqual(["nan", "none"]);
      expect(names.slice(0, 3)).toEqual(dir === "asc" ? ["c", "a", "b"] : ["a", "b", "c"]);
    }
  });
});
