/** The run-level fold, one rule at a time (ARTIFACTS.md §4.7, §4.8): what enters each bucket and what does not. */
import { describe, expect, it } from "vitest";
import { foldRecords, type Fold } from "@/lib/core";
import { bareMetrics, scenarioRecord as rec } from "../../helpers/run-builder";

type Buckets = Partial<Record<"success" | "task" | "action" | "judge_score" | "judge_pass" | "db" | "nl" | "dba" | "clean_exit", unknown[]>>;

function buckets(fold: Fold): Buckets {
  const out: Buckets = {};
  for (const k of ["success", "task", "action", "judge_score", "judge_pass", "db", "nl", "dba", "clean_exit"] as const) {
    if (fold[k].all.length) out[k] = [...fold[k].all];
  }
  return out;
}

describe("what enters each bucket (§4.7 steps 2–9: JSON booleans and numbers only)", () => {
  it.each<[string, Record<string, unknown>, boolean[] | null, Buckets]>([
    ["nothing at all", {}, null, {}],
    ["is_action_match true/false", { is_action_match: false }, null, { action: [false] }],
    ["is_action_match N/A, null or a string is skipped", { is_action_match: "N/A" }, null, {}],
    ['is_action_match "true" is skipped', { is_action_match: "true" }, null, {}],
    ["judge_score number", { judge_score: 0.25 }, null, { judge_score: [0.25] }],
    ["judge_score true is taken as 1.0 (Python bool is a number)", { judge_score: true }, null, { judge_score: [1] }],
    ["judge_score string is skipped", { judge_score: "0.9" }, null, {}],
    ["judge_score null is skipped", { judge_score: null }, null, {}],
    ["judge_passed bool", { judge_passed: true }, null, { judge_pass: [true] }],
    ["judge_passed 1 is skipped", { judge_passed: 1 }, null, {}],
    ["db_state_match bool", { db_state_match: false }, null, { db: [false] }],
    ["db_state_match N/A is skipped (never coerced to false)", { db_state_match: "N/A" }, null, {}],
    ["clean_exit bool", { clean_exit: false }, null, { clean_exit: [false] }],
    ["clean_exit string is skipped", { clean_exit: "False" }, null, {}],
    ["NL verdicts counted only with a numeric rate", { nl_assertion_pass_rate: 0.5 }, [true, false], { nl: [true, false] }],
    ["NL verdicts ignored without a rate (raw verdicts of a scenario without NL assertions)", {}, [true, true], {}],
    ["NL verdicts ignored when the rate is not a number", { nl_assertion_pass_rate: "N/A" }, [true], {}],
    ["NL rate with an empty verdict list adds nothing", { nl_assertion_pass_rate: 1.0 }, [], {}],
    ["NL rate with a missing judge file adds nothing", { nl_assertion_pass_rate: 1.0 }, null, {}],
    [
      "DB-state-assertion verdicts: truthiness of each passed",
      { db_state_assertion_verdicts: [{ passed: true }, { passed: 0 }, { passed: "no" }, {}] },
      null,
      { dba: [true, false, true, false] },
    ],
    ["empty DB-state-assertion verdicts add nothing", { db_state_assertion_verdicts: [], db_state_assertion_pass_rate: 0.0 }, null, {}],
    ["a stored DB-state-assertion rate alone adds nothing", { db_state_assertion_pass_rate: 1.0 }, null, {}],
    ["is_successful true with no breakdown → task true", { is_successful: true }, null, { success: [true], task: [true] }],
    [
      "is_successful false with failed [clean_exit] → task true",
      { is_successful: false, success_breakdown: { failed: ["clean_exit"] } },
      null,
      { success: [false], task: [true] },
    ],
    [
      "is_successful false with failed [clean_exit, nl_assertion] → task false",
      { is_successful: false, success_breakdown: { failed: ["clean_exit", "nl_assertion"] } },
      null,
      { success: [false], task: [false] },
    ],
    [
      "is_successful false with failed [] → task true (stored is_task_successful ignored)",
      { is_successful: false, is_task_successful: false, success_breakdown: { failed: [] } },
      null,
      { success: [false], task: [true] },
    ],
    ["is_successful N/A enters neither success nor task", { is_successful: "N/A", is_task_successful: true }, null, {}],
    ['is_successful "True" is skipped', { is_successful: "True" }, null, {}],
  ])("%s", (_t, over, nl, want) => {
    const m = bareMetrics("f__1", over);
    expect(buckets(foldRecords([rec(m, { nl })], 0))).toEqual(want);
  });
});

describe("token totals (§4.7 step 10)", () => {
  it.each<[string, unknown, { agent: number[]; user: number[] }]>([
    ["missing token_usage adds 0", undefined, { agent: [0, 0, 0], user: [0, 0, 0] }],
    ["missing side adds 0", { agent: { n_calls: 2, prompt: 3, completion: 4 } }, { agent: [2, 3, 4], user: [0, 0, 0] }],
    ["missing keys add 0", { agent: { n_calls: 2 }, user: { prompt: 9 } }, { agent: [2, 0, 0], user: [0, 9, 0] }],
    [
      "JSON true adds 1",
      { agent: { n_calls: true, prompt: 1, completion: 1 }, user: { n_calls: false, prompt: 0, completion: 0 } },
      { agent: [1, 1, 1], user: [0, 0, 0] },
    ],
  ])("%s", (_t, usage, want) => {
    const m = bareMetrics("t__1", usage === undefined ? {} : { token_usage: usage });
    const fold = foldRecords([rec(m), rec(m)], 0);
    const side = (s: "agent" | "user") => [fold.tokens[s].n_calls, fold.tokens[s].prompt, fold.tokens[s].completion];
    expect({ agent: side("agent"), user: side("user") }).toEqual({ agent: want.agent.map((v) => v * 2), user: want.user.map((v) => v * 2) });
  });
});

describe("per-domain maps (§4.9)", () => {
  it("receive the same values as their bucket, keyed by the part before the first __, in fold order", () => {
    const records = [
      rec(bareMetrics("b__1", { is_successful: true, db_state_match: true })),
      rec(bareMetrics("a__x__y", { is_successful: false, success_breakdown: { failed: ["db_state_match"] }, db_state_match: false })),
      rec(bareMetrics("b__2", { is_successful: "N/A", db_state_match: false })),
      rec(bareMetrics("plain", { is_successful: false, success_breakdown: { failed: ["clean_exit"] } })),
    ];
    const fold = foldRecords(records, 0);
    expect([...fold.success.byDomain.entries()]).toEqual([
      ["b", [true]],
      ["a", [false]],
      ["plain", [false]],
    ]);
    expect([...fold.task.byDomain.entries()]).toEqual([
      ["b", [true]],
      ["a", [false]],
      ["plain", [true]],
    ]);
    expect([...fold.db.byDomain.entries()]).toEqual([
      ["b", [true, false]],
      ["a", [false]],
    ]);
  });
});
