/**
 * Issue 57: how a call ended under the harness's conversation-end policy. The six optional fields read
 * (absent in older runs), the end said in words, never put on the agent when the policy counts it clean;
 * a run's end settings from its arguments (else its calls); two runs under another policy or timeout
 * named as not like for like; the stop reasons counted; the unknown metrics.json fields kept.
 */
import { describe, expect, it } from "vitest";
import { callEndOf, callEndStory, endSettingsChanges, endSettingsNote, endSettingsOf, expectedClean, stopReasonCounts } from "@/lib/core/call-end";
import { failingSignals } from "@/lib/core/insights/failing-signals";
import { hints } from "@/lib/core/insights/hints";
import { unknownFields, unknownFieldValue, runUnknownKeys, MAX_UNKNOWN_VALUE_CHARS } from "@/lib/core/metrics-fields";
import { scenarioRow } from "@/lib/core/scenario-row";

const VTS = {
  conversation_end_policy: "valid-terminal-state",
  inactivity_timeout_seconds: 30,
  end_conversation_tool_called: false,
  simulator_end_reported: false,
};

const inactivityAfterCaller = {
  ...VTS,
  stop_reason: "[INACTIVITY_TIMEOUT]",
  clean_exit: true,
  conversation_end_reason: "inactivity_timeout_after_user_final_turn",
  last_speaker: "user",
};

describe("how a call ended", () => {
  it("reads the six fields, each optional: an older metrics.json has none and ran under tool-only", () => {
    expect(callEndOf(inactivityAfterCaller)).toEqual({
      stopReason: "[INACTIVITY_TIMEOUT]",
      cleanExit: true,
      policy: "valid-terminal-state",
      reason: "inactivity_timeout_after_user_final_turn",
      inactivitySeconds: 30,
      endToolCalled: false,
      simulatorEndReported: false,
      lastSpeaker: "user",
    });
    const old = callEndOf({ stop_reason: "[EXIT]", clean_exit: true });
    expect(old).toMatchObject({ policy: null, reason: null, inactivitySeconds: null, lastSpeaker: null });
    expect(callEndStory(old).text).toBe("The agent ended the call with its end-conversation tool: a valid end under tool-only.");
    // A field of another type is not taken.
    expect(callEndOf({ inactivity_timeout_seconds: "30", last_speaker: 3 })).toMatchObject({ inactivitySeconds: null, lastSpeaker: null });
  });

  it("an inactivity end after the caller's last turn under valid-terminal-state is said in words and not put on the agent", () => {
    const story = callEndStory(callEndOf(inactivityAfterCaller));
    expect(story.text).toBe(
      "Ended after 30 s of silence following the caller's last turn: a valid end under valid-terminal-state (silence after the caller's final turn).",
    );
    expect(story.agentAtFault).toBe(false);
    expect(story.silenceSeconds).toBe(30);
  });

  it("the same end under tool-only fails the clean exit, and then points at the agent (it never answered the caller)", () => {
    const end = callEndOf({
      stop_reason: "[INACTIVITY_TIMEOUT]",
      clean_exit: false,
      conversation_end_policy: "tool-only",
      conversation_end_reason: "agent_end_conversation_tool_missing",
      inactivity_timeout_seconds: 30,
      last_speaker: "user",
    });
    const story = callEndStory(end);
    expect(story.text).toMatch(/^Ended after 30 s of silence following the caller's last turn: not a clean exit under tool-only/);
    expect(story.agentAtFault).toBe(true);
  });

  it("a simulator-reported end, and a [TIMEOUT] that always fails", () => {
    const sim = callEndStory(
      callEndOf({
        ...VTS,
        stop_reason: "[SIMULATOR_EXIT]",
        clean_exit: true,
        simulator_end_reported: true,
        conversation_end_reason: "simulator_reported_end",
        last_speaker: "agent",
      }),
    );
    expect(sim.text).toMatch(/^The caller \(the user simulator\) reported the end of the conversation: a valid end under valid-terminal-state/);
    expect(sim.agentAtFault).toBe(false);
    const cap = callEndStory(callEndOf({ ...VTS, stop_reason: "[TIMEOUT]", clean_exit: false, conversation_end_reason: "no_valid_terminal_evidence" }));
    expect(cap.text).toMatch(/^Ended at the time cap .*: not a clean exit under valid-terminal-state \(no valid terminal evidence/);
    expect(cap.agentAtFault).toBe(true);
  });

  it("without clean_exit, the harness's rule under the policy decides what is said ([TIMEOUT] never clean)", () => {
    expect(expectedClean(callEndOf({ ...VTS, stop_reason: "[INACTIVITY_TIMEOUT]", last_speaker: "user" }))).toBe(true);
    expect(expectedClean(callEndOf({ ...VTS, stop_reason: "[INACTIVITY_TIMEOUT]", last_speaker: "agent" }))).toBe(false);
    expect(expectedClean(callEndOf({ stop_reason: "[SIMULATOR_EXIT]" }))).toBe(false);
    expect(expectedClean(callEndOf({ ...VTS, stop_reason: "[TIMEOUT]" }))).toBe(false);
  });

  it("the failing signal and the hints say the end as the policy reads it; an inactivity end is its own cause with its moment", () => {
    const m = {
      ...inactivityAfterCaller,
      clean_exit: false,
      last_speaker: "agent",
      conversation_end_reason: "no_valid_terminal_evidence",
      duration_seconds: 95,
      scenario_name: "a",
      is_successful: false,
      success_breakdown: { passed: [], failed: ["clean_exit"], not_applicable: [], excluded: [] },
      total_turns: 6,
    };
    const row = scenarioRow({ name: "tau2_airline__1", metrics: m, nlPassed: null, agentContextAssistantCount: null }, 0);
    const [signal] = failingSignals(row, m, null, null);
    expect(signal!.value).toBe(
      "stop reason [INACTIVITY_TIMEOUT]: Ended after 30 s of silence following the agent's last turn: not a clean exit under valid-terminal-state (no valid terminal evidence (no end tool, no simulator end, no silence after the caller's last turn)).",
    );
    const h = hints({ row, metrics: m, judgeReason: null, toolCalls: null, actions: null, asr: null, hasAudio: true, offersDomainTools: false });
    const inactivity = h.find((x) => x.kind === "inactivity")!;
    // The caller went quiet after the agent: the simulator's doing, not the agent's.
    expect(inactivity.owner).toBe("user-sim");
    expect(inactivity.message).toContain("both sides silent for 30 s");
    expect(inactivity.message).toContain("from about 65.0 s to the end of the recording (95.0 s)");
    expect(inactivity.evidence).toBe("audio");
    expect(h.some((x) => x.kind === "timeout")).toBe(false);
  });
});

describe("a run's end settings", () => {
  it("from the last invocation's arguments, else from the calls' metrics, else the default", () => {
    expect(endSettingsOf({ conversation_end_policy: "valid-terminal-state", inactivity_timeout: 120 }, [])).toEqual({
      policy: "valid-terminal-state",
      policyKnown: true,
      inactivitySeconds: 120,
    });
    expect(endSettingsOf({}, [{}, { conversation_end_policy: "tool-only", inactivity_timeout_seconds: 30 }])).toEqual({
      policy: "tool-only",
      policyKnown: true,
      inactivitySeconds: 30,
    });
    expect(endSettingsOf(null, [{ stop_reason: "[EXIT]" }])).toEqual({ policy: "tool-only", policyKnown: false, inactivitySeconds: null });
  });

  it("names another policy or timeout as not like for like; the same settings say nothing", () => {
    const a = endSettingsOf({ conversation_end_policy: "tool-only", inactivity_timeout: 30 }, []);
    const b = endSettingsOf({ conversation_end_policy: "valid-terminal-state", inactivity_timeout: 30 }, []);
    expect(endSettingsNote(endSettingsChanges(a, b))).toBe(
      "Clean exit and success are not like for like: conversation-end policy tool-only → valid-terminal-state",
    );
    const old = endSettingsOf(null, []);
    expect(endSettingsChanges(old, a)).toEqual(["inactivity timeout none → 30 s"]);
    expect(endSettingsNote(endSettingsChanges(a, a))).toBeNull();
  });

  it("counts the stop reasons, the known ones first in their order", () => {
    const counts = stopReasonCounts([
      { stop_reason: "[TIMEOUT]" },
      { stop_reason: "[INACTIVITY_TIMEOUT]" },
      { stop_reason: "[EXIT]" },
      { stop_reason: "[SOMETHING_NEW]" },
      { stop_reason: "[SIMULATOR_EXIT]" },
      { stop_reason: "[EXIT]" },
      {},
    ]);
    expect(Object.entries(counts)).toEqual([
      ["[EXIT]", 2],
      ["[SIMULATOR_EXIT]", 1],
      ["[INACTIVITY_TIMEOUT]", 1],
      ["[TIMEOUT]", 1],
      ["[SOMETHING_NEW]", 1],
    ]);
  });
});

describe("metrics.json fields the dashboard does not know yet", () => {
  it("lists every key it does not interpret with its value as bounded text; the six end fields are known", () => {
    const m = { ...inactivityAfterCaller, is_successful: true, turn_taking_score: 0.8, harness_notes: { a: [1, 2] }, long: "x".repeat(2000) };
    const u = unknownFields(m);
    expect(u.count).toBe(3);
    expect(u.fields.map((f) => f.key)).toEqual(["turn_taking_score", "harness_notes", "long"]);
    expect(u.fields[0]!.value).toBe("0.8");
    expect(u.fields[1]!.value).toBe('{"a":[1,2]}');
    expect(u.fields[2]!.value.length).toBeLessThan(MAX_UNKNOWN_VALUE_CHARS + 40);
    expect(u.fields[2]!.value).toMatch(/… \(2002 characters\)$/);
    expect(unknownFieldValue("<script>")).toBe('"<script>"');
    expect(unknownFields(null)).toEqual({ fields: [], count: 0 });
  });

  it("names each new key of a run once, with how many scenarios carry it", () => {
    expect(runUnknownKeys([{ a: 1, stop_reason: "[EXIT]" }, { a: 2, b: 3 }, { clean_exit: true }])).toEqual([
      { key: "a", scenarios: 2 },
      { key: "b", scenarios: 1 },
    ]);
  });
});
