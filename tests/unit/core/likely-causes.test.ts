import { describe, expect, it } from "vitest";
import { asrPairTurns, failingSignals, identifiersIn, likelyCauses, readBackMismatches, type LikelyCausesInput } from "@/lib/core/insights";
import type { ScenarioRow } from "@/lib/core";

const turn = (role: "user" | "agent", text: string, latencyMs: number | null = null, at: number | null = null) => ({ role, text, latencyMs, at });
const base: LikelyCausesInput = { hints: [], turns: [], runP95Ms: null, turnCount: 4, agentLlmCalls: 5, judgeScored: true };

describe("readBackMismatches", () => {
  it("finds an identifier the agent read back one character off, spelled or not", () => {
    expect(identifiersIn("The order number is W 1 5 3 5 6 4 1.")).toEqual(["W1535641"]);
    const turns = [
      turn("user", "The order number is W 1 5 3 5 6 4 1."),
      turn("agent", "I see order #E1535641 with headphones."),
      turn("user", "yes"),
      turn("agent", "Cancelled #E1535641."),
    ];
    expect(readBackMismatches(turns)).toEqual([{ userTurn: 0, agentTurn: 1, said: "W1535641", readBack: "E1535641" }]);
  });
  it("says nothing when the agent reads it back right, or says an unrelated number", () => {
    expect(readBackMismatches([turn("user", "order W1535641"), turn("agent", "Order #W1535641, right?")])).toEqual([]);
    expect(readBackMismatches([turn("user", "order W1535641"), turn("agent", "Your refund id is R9990001.")])).toEqual([]);
  });
});

describe("likelyCauses", () => {
  it("names a slow turn by the 60 s bound and by the run's p95 × 3, with the turn to link", () => {
    const turns = [turn("user", "hi"), turn("agent", "a", 61_000), turn("user", "b"), turn("agent", "c", 25_000), turn("agent", "d", 20_000)];
    const r = likelyCauses({ ...base, turns, runP95Ms: 8_000 });
    expect(r.causes.map((c) => [c.kind, c.turn, c.anchor])).toEqual([
      ["slow-turn", 1, "turn-1"],
      ["slow-turn", 3, "turn-3"],
    ]);
    expect(r.causes[0]?.message).toContain("over 60 s");
    expect(r.causes[1]?.message).toContain("3 × the run's p95 (8.0 s)");
    expect(r.wentWrongAt?.turn).toBe(1);
    // Without a run p95 only the 60 s bound holds.
    expect(likelyCauses({ ...base, turns }).causes.map((c) => c.turn)).toEqual([1]);
  });
  it("says a judge scored a call that never happened, amber", () => {
    const zeroTurns = likelyCauses({ ...base, turnCount: 0 }).causes[0];
    expect([zeroTurns?.kind, zeroTurns?.tone, zeroTurns?.evidence]).toEqual(["phantom-judge", "warn", "0 turns"]);
    expect(likelyCauses({ ...base, agentLlmCalls: 0 }).causes[0]?.evidence).toBe("0 agent LLM calls");
    expect(likelyCauses({ ...base, agentLlmCalls: 0, judgeScored: false }).causes).toEqual([]);
  });
  it("places audio findings on the turn they happened in, and the read-back mismatch on the turn it was misheard in", () => {
    const turns = [turn("user", "order W 1 5 3 5 6 4 1", null, 0), turn("agent", "order E1535641", 2000, 4), turn("user", "ok", null, 9)];
    const r = likelyCauses({ ...base, turns, audio: [{ kind: "talk_over", side: "both", start: 9.5, end: 10.2, message: "both sides spoke for 0.7 s" }] });
    expect(r.causes.map((c) => [c.kind, c.turn])).toEqual([
      ["read-back", 0],
      ["audio-talk_over", 2],
    ]);
    expect(r.causes[0]?.evidence).toBe("turn 0 → turn 1");
    expect(r.wentWrongAt).toEqual({ turn: 0, why: r.causes[0]?.message });
  });
  it("keeps the evidence hints, a flow finding linking to its first turn", () => {
    const r = likelyCauses({
      ...base,
      hints: [
        { kind: "timeout", owner: "agent", message: "Timeout", evidence: "transcript" },
        { kind: "loop", owner: "agent", message: "Loop", evidence: "flow-0" },
      ],
      anchorTurns: new Map([["flow-0", [7, 5]]]),
    });
    expect(
      r.causes.map((c) => [c.kind, c.anchor, c.tone]),
      "a cause that points at a turn first",
    ).toEqual([
      ["loop", "turn-5", "bad"],
      ["timeout", "transcript", "bad"],
    ]);
  });
});

describe("likelyCauses: one cause per event, in call order", () => {
  // tau2_retail__43 of the bundled example: the id misheard at turn 5, read back at turn 6 after a 67.8 s wait the recording hears as dead air.
  const turns = [
    turn("agent", "hello", null, 1.8),
    turn("user", "cancel an order", null, 8),
    turn("agent", "name and zip?", 3_100, 15.4),
    turn("user", "Lena, 92169", null, 22.5),
    turn("agent", "[INTERRUPTED]", 7_300, 34.1),
    turn("user", "The order number is W 1 5 3 5 6 4 1.", null, 38.2),
    turn("agent", "I see order #E1535641", 67_833, 108.9),
  ];
  const input: LikelyCausesInput = {
    ...base,
    turns,
    hints: [
      {
        kind: "asr",
        owner: "ASR",
        message: '1 user utterance(s) misheard (WER up to 33%); the last one before the failure: "The order number is #E1535641."',
        evidence: "asr-2",
      },
    ],
    anchorTurns: new Map([["asr-2", [5]]]),
    audio: [{ kind: "dead_air", side: "both", start: 41.0, end: 108.8, message: "67.8 s of dead air at 41.0 s" }],
    divergence: {
      run: "nightly/eval_20261124_020000",
      exchange: 2,
      reason: "different agent words",
      byActions: false,
      wordsFrom: null,
      href: "/compare/scenario?x",
    },
  };
  it("folds the dead air of a slow turn's wait into that turn, and the misheard utterance into its read-back", () => {
    const r = likelyCauses(input);
    expect(r.causes.map((c) => [c.kind, c.turn])).toEqual([
      ["read-back", 5],
      ["slow-turn", 6],
      ["divergence", 4],
    ]);
    expect(r.causes[0]?.also).toEqual([input.hints[0]?.message]);
    expect(r.causes[1]?.also).toEqual(["dead air on the recording, 41.0–108.8 s"]);
  });
  it("says where it went wrong as the first cause listed, and why a difference in words alone is listed after", () => {
    const r = likelyCauses(input);
    expect(r.wentWrongAt).toEqual({ turn: 5, why: r.causes[0]?.message });
    expect(r.causes.at(-1)?.message).toContain("Listed after the causes that point at a turn");
    // Dead air elsewhere in the call is a cause of its own.
    const apart = likelyCauses({ ...input, audio: [{ kind: "dead_air", side: "both", start: 20.2, end: 22.4, message: "2.2 s" }] });
    expect(apart.causes.map((c) => c.kind)).toContain("audio-dead_air");
  });
  it("lists a line defect after the causes that point at a turn, and says why it is not where it went wrong", () => {
    const dropout = { kind: "dropout", side: "user", start: 8.5, end: 8.7, message: "210 ms dropped" } as const;
    const r = likelyCauses({ ...input, audio: [...(input.audio ?? []), dropout] });
    expect(r.causes.map((c) => c.kind)).toEqual(["read-back", "slow-turn", "audio-dropout", "divergence"]);
    expect(r.causes[2]?.turn).toBeLessThan(r.causes[0]?.turn as number);
    expect(r.causes[2]?.message).toBe(
      "dropout in the recording at 8.5 s: 210 ms dropped. Listed after the causes that point at a turn: a defect of the line, not a decision.",
    );
    expect(r.wentWrongAt?.turn).toBe(5);
    // Alone, a line defect says nothing of the kind (nothing is listed before it).
    const alone = likelyCauses({ ...base, turns: [turn("agent", "hello", null, 1.8), turn("user", "hi", null, 8)], audio: [dropout] });
    expect(alone.causes.map((c) => c.kind)).toEqual(["audio-dropout"]);
    expect(alone.causes[0]?.message).not.toContain("Listed after");
  });
  it("keeps a misheard utterance that was not read back as its own cause, on its turn", () => {
    const r = likelyCauses({
      ...input,
      turns: turns.map((t) => (t.text.includes("E1535641") ? { ...t, text: "I see your order" } : t)),
      audio: [],
      divergence: null,
    });
    expect(r.causes.map((c) => [c.kind, c.turn, c.anchor])).toEqual([
      ["asr", 5, "turn-5"],
      ["slow-turn", 6, "turn-6"],
    ]);
  });
});

describe("asrPairTurns", () => {
  it("places each heard-vs-meant pair on the transcript turn that says it, by words, else by position", () => {
    const turns = [
      { role: "agent" as const, text: "hello" },
      { role: "user" as const, text: "Cancel my order." },
      { role: "agent" as const, text: "[INTERRUPTED]" },
      { role: "user" as const, text: "[INTERRUPTED]" },
      { role: "user" as const, text: "The order number is W 1 5 3 5 6 4 1." },
    ];
    expect(asrPairTurns(["cancel my order", "the order number is W 1 5 3 5 6 4 1"], turns)).toEqual([1, 4]);
    expect(asrPairTurns(["cancel it please", "the number"], turns), "same count: by position").toEqual([1, 4]);
    expect(asrPairTurns(["cancel it please", "x", "y"], turns), "neither").toEqual([null, null, null]);
  });
});

describe("likelyCauses: the first difference from the last passing run", () => {
  const d = {
    run: "nightly/eval_20261124_020000",
    exchange: 1,
    reason: "different agent words",
    byActions: false,
    wordsFrom: null,
    href: "/compare/scenario?x",
  };
  it("points at the agent's reply of that exchange, links the two calls, and is where it went wrong when nothing earlier is", () => {
    const turns = [
      turn("user", "hi"),
      turn("agent", "hello"),
      turn("user", "order W1"),
      turn("user", "please"),
      turn("agent", "done"),
      turn("agent", "bye", 61_000),
    ];
    const r = likelyCauses({ ...base, turns, divergence: d });
    const cause = r.causes.find((c) => c.kind === "divergence");
    expect(cause).toMatchObject({ turn: 4, anchor: "turn-4", href: d.href, owner: "agent", tone: "info" });
    expect(cause?.message).toContain("nightly/eval_20261124_020000");
    expect(cause?.message, "named by the transcript's turn").toContain("different agent words at turn 4");
    expect(r.wentWrongAt?.turn, "a difference in words alone does not outrank the slow turn 5").toBe(5);
    expect(likelyCauses({ ...base, turns, divergence: { ...d, byActions: true } }).wentWrongAt?.turn, "a difference in what the agent did, earlier, does").toBe(
      4,
    );
    expect(likelyCauses({ ...base, turns: turns.slice(0, 5), divergence: d }).wentWrongAt?.turn, "nor does it need to when nothing else points").toBe(4);
    expect(
      likelyCauses({ ...base, turns, divergence: { ...d, byActions: true, wordsFrom: 0 } }).causes.find((c) => c.kind === "divergence")?.message,
    ).toContain("its words differ from turn 1");
  });
  it("falls back to the last turn when this call ends before that exchange, and says nothing without one", () => {
    const turns = [turn("user", "hi"), turn("agent", "hello"), turn("user", "bye")];
    expect(likelyCauses({ ...base, turns, divergence: { ...d, exchange: 3 } }).causes.find((c) => c.kind === "divergence")?.turn).toBe(2);
    expect(likelyCauses({ ...base, turns, divergence: null }).causes.some((c) => c.kind === "divergence")).toBe(false);
  });
});

describe("failingSignals", () => {
  const row = {
    success_breakdown: { passed: [], failed: ["db_state_match", "judge_passed", "nl_assertion", "clean_exit"], not_applicable: [], excluded: [] },
    judge_score: 0.3,
    judge_error: null,
    stop_reason: "[TIMEOUT]",
  } as unknown as ScenarioRow;
  it("says each failing signal's value", () => {
    const metrics = { db_state_actual_hash: "82d691d7ff49d359", db_state_expected_hash: "42abaa49eff851b3", nl_assertion_pass_rate: 0.5 };
    const judge = { nl_assertion_verdicts: [{ passed: true }, { passed: false }, { passed: false }] };
    expect(failingSignals(row, metrics, judge, 0.9).map((s) => s.value)).toEqual([
      "DB hashes differ: actual 82d691d7… ≠ expected 42abaa49…",
      "judge score 0.30 < threshold 0.90",
      "1/3 NL assertions passed",
      "stop reason [TIMEOUT]: the agent did not end the call",
    ]);
    expect(failingSignals(row, { db_state_actual_hash: null }, null, null)[0]?.value).toBe("no DB hash reported by the bot");
  });
});
