/** Issue 14: problems carry human messages, never raw validator text; documented legacy values are notes. */
import { describe, expect, it } from "vitest";
import { legacyNotes, readMetrics, readRunArgs } from "@/lib/core";
import { readJudge } from "@/lib/core/evidence/judge";

const RAW = /✖|→ at|Invalid input|received/;

describe("problem messages", () => {
  it("does not report a documented legacy db_state_match N/A, and gives a note for it", () => {
    const read = readMetrics('{"scenario_name": "a__1", "db_state_match": "N/A", "is_successful": true}');
    expect(read.problems).toEqual([]);
    expect(legacyNotes(read.value)).toHaveLength(1);
    expect(legacyNotes(read.value)[0]).toContain('"N/A"');
    expect(legacyNotes({ db_state_match: true })).toEqual([]);
  });

  it("still reports other wrong types, in words", () => {
    const read = readMetrics('{"db_state_match": "yes", "judge_score": "high", "db_state_expected_hash": 3}');
    expect(read.problems).toHaveLength(1);
    const msg = read.problems[0]!.message;
    expect(msg).not.toMatch(RAW);
    expect(msg).toContain('db_state_match is the text "yes"; expected true or false');
    expect(msg).toContain('judge_score is the text "high"; expected a number');
    expect(msg).toContain("db_state_expected_hash is the number 3; expected a text");
  });

  it("reports a legacy value next to a real problem only for the real problem", () => {
    const read = readMetrics('{"db_state_match": "N/A", "turns": 3}');
    expect(read.problems).toHaveLength(1);
    expect(read.problems[0]!.message).toBe("turns is the number 3; expected a list");
  });

  it("words nested paths and other files the same way", () => {
    const judge = readJudge('{"score": 0.5, "nl_assertion_verdicts": [{"passed": true, "reason": 7}]}');
    expect(judge.problems[0]!.message).toBe("nl_assertion_verdicts[0].reason is the number 7; expected a text");
    const args = readRunArgs('{"invocations": [{"started_at": 5}]}');
    expect(args.problems[0]!.message).toBe("invocation 0: started_at is the number 5; expected a text");
    for (const p of [...judge.problems, ...args.problems]) expect(p.message).not.toMatch(RAW);
  });
});
