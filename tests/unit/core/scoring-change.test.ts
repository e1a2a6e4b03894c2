/**
 * Issue 57: the night a domain's scoring changed. A scenario's whitelist (the signals its success gates:
 * all but `success_breakdown.excluded`), its expected DB hash and whether NL assertions were scored, read
 * from metrics.json; a scenario whose scoring moved since the night before marks its domain.
 */
import { describe, expect, it } from "vitest";
import { scoringChangeNote, scoringChanges, scoringKey } from "@/lib/core/scoring-change";

const before = {
  success_breakdown: {
    passed: ["db_state_match", "clean_exit"],
    failed: [],
    not_applicable: [],
    excluded: ["is_action_match", "db_state_assertion", "nl_assertion", "judge_passed"],
  },
  db_state_expected_hash: "aaa",
};

describe("a domain's scoring changed", () => {
  it("a new signal in the whitelist (NL assertions added) and a corrected expected DB hash mark the domain; other domains and unchanged scenarios do not", () => {
    const nlAdded = {
      success_breakdown: {
        passed: ["db_state_match", "nl_assertion", "clean_exit"],
        failed: [],
        not_applicable: [],
        excluded: ["is_action_match", "db_state_assertion", "judge_passed"],
      },
      db_state_expected_hash: "aaa",
      nl_assertion_pass_rate: 1,
    };
    const night1 = new Map([
      ["tau2_airline__1", scoringKey(before)],
      ["tau2_airline__39", scoringKey(before)],
      ["tau2_airline__2", scoringKey(before)],
      ["tau2_retail__1", scoringKey(before)],
    ]);
    const night2 = new Map([
      ["tau2_airline__1", scoringKey(nlAdded)],
      ["tau2_airline__39", scoringKey({ ...before, db_state_expected_hash: "bbb" })],
      ["tau2_airline__2", scoringKey(before)],
      ["tau2_retail__1", scoringKey({ ...before, success_breakdown: { ...before.success_breakdown, passed: [], failed: ["db_state_match", "clean_exit"] } })],
      ["tau2_retail__9", scoringKey(nlAdded)],
    ]);
    const changes = scoringChanges(night1, night2);
    expect(changes).toEqual([
      { domain: "tau2_airline", scenarios: ["tau2_airline__1", "tau2_airline__39"], what: ["success_signals", "NL assertions", "expected DB hash"] },
    ]);
    expect(scoringChangeNote(changes[0]!)).toBe(
      "Scoring of tau2_airline changed (success_signals, NL assertions, expected DB hash of 2 scenarios): its success is not comparable across this night",
    );
  });

  it("a metrics.json that says nothing of its scoring is never a change", () => {
    expect(scoringKey({ stop_reason: "[EXIT]" })).toBeNull();
    expect(scoringChanges(new Map([["a__1", null]]), new Map([["a__1", scoringKey(before)]]))).toEqual([]);
  });
});
