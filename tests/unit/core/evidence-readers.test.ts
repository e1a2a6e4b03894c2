/**
 * One reader per artifact (issue 55), one rule for a malformed field: it is a named problem on the
 * scenario, and every other field of the same file still shows.
 */
import { describe, expect, it } from "vitest";
import {
  contextAssistantCount,
  conversationClock,
  parseConversationLog,
  readAllMetrics,
  readDbHashFile,
  readFinalAgentResponse,
  readJsonArtifact,
  readLlmContext,
  readMetadata,
  readMetrics,
  readReferenceAnswer,
  readRunArgs,
  readSegLst,
  readToolsFile,
  readTraceMetrics,
  recordFromTexts,
  SegLstSchema,
  toolNamesOf,
} from "@/lib/core";

const json = (v: unknown) => JSON.stringify(v);

describe("metrics.json", () => {
  it("names a malformed field and keeps every field, the malformed one as stored for the fold", () => {
    const r = readMetrics(json({ scenario_name: "retail__1", judge_score: "high", duration_seconds: 12.5 }));
    expect(r.problems).toEqual([{ file: "metrics.json", kind: "schema", message: 'judge_score is the text "high"; expected a number' }]);
    expect(r.value).toEqual({ scenario_name: "retail__1", judge_score: "high", duration_seconds: 12.5 });
  });
});

describe("llm_context.json", () => {
  const text = json([{ role: "system", content: "s" }, 5, { content: "no role" }, { role: "assistant", content: "hi" }, { role: 7 }]);
  it("leaves a malformed message out, names each, and keeps the others in order", () => {
    const r = readLlmContext("bot_logs_agent/llm_context.json", text);
    expect(r.value?.map((m) => m.role)).toEqual(["system", "assistant"]);
    expect(r.problems).toEqual([
      {
        file: "bot_logs_agent/llm_context.json",
        kind: "schema",
        message: "message 1 is the number 5; expected an object; message 2 has no role; message 4 has a role that is the number 7; expected a text; left out",
      },
    ]);
  });
  it("gives the stall rule its count from the same read: null when not JSON, 0 when not a list", () => {
    expect(contextAssistantCount(text)).toBe(1);
    expect(contextAssistantCount("{oops")).toBeNull();
    expect(contextAssistantCount('{"role": "assistant"}')).toBe(0);
    const built = recordFromTexts("a__1", {}, { judgeText: null, agentContextText: text });
    expect(built.record.agentContextAssistantCount).toBe(1);
  });
});

describe("conversation_log.seglst.json", () => {
  it("leaves out a segment with a malformed time, names it, keeps the other segments", () => {
    const r = readSegLst(
      json([
        { speaker: "user", words: "hello", start_time: 0, end_time: 1 },
        { speaker: "agent", words: "hi", start_time: "1.5", end_time: 2 },
        { speaker: "agent", words: "bye", start_time: 3, end_time: 4 },
      ]),
    );
    expect(r.value?.map((s) => s.words)).toEqual(["hello", "bye"]);
    expect(r.problems).toEqual([{ file: "conversation_log.seglst.json", kind: "schema", message: '[1].start_time is the text "1.5"; expected a number' }]);
  });
});

describe("scenario_config/metadata.json", () => {
  it("reads a malformed field as absent and keeps the others", () => {
    const r = readMetadata(json({ name: "retail__1", domain: "retail", success_signals: "db_state_match", max_duration: "long", nl_assertions: ["a"] }));
    expect(r.value).toEqual({ name: "retail__1", domain: "retail", nl_assertions: ["a"] });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ file: "scenario_config/metadata.json", kind: "schema" });
    expect(r.problems[0]!.message).toContain('success_signals is the text "db_state_match"; expected a list');
    expect(r.problems[0]!.message).toContain('max_duration is the text "long"');
  });
  it("leaves out a list entry that lacks a required field, or is of the wrong type, and keeps its siblings", () => {
    const r = readMetadata(
      json({
        domain: "retail",
        success_signals: ["db_state_match", 3, "nl_assertion"],
        db_state_assertions: [{ func_name: "order_exists" }, { arguments: {} }, { func_name: "refund_made", side: "agent" }],
      }),
    );
    expect(r.value?.success_signals).toEqual(["db_state_match", "nl_assertion"]);
    expect(r.value?.db_state_assertions?.map((a) => a.func_name)).toEqual(["order_exists", "refund_made"]);
    expect(r.value?.domain).toBe("retail");
    expect(r.problems[0]!.message).toContain("success_signals[1] is the number 3; expected a text");
    expect(r.problems[0]!.message).toContain("db_state_assertions[1].func_name is missing; expected a text");
  });
  it("reads no value only when the file is not an object", () => {
    const r = readMetadata("[1, 2]");
    expect(r.value).toBeNull();
    expect(r.problems[0]).toMatchObject({ kind: "schema" });
    expect(readMetadata("{nope").problems[0]).toMatchObject({ kind: "invalid-json" });
    expect(readMetadata("  ").problems[0]).toMatchObject({ kind: "empty" });
  });
});

describe("the rule itself (readJsonArtifact)", () => {
  it("does not change the JSON as stored, and removes two issues of one entry once", () => {
    const text = json([
      { speaker: "user", start_time: 0, end_time: 1, words: "a" },
      { words: "b" },
      { speaker: "agent", start_time: 2, end_time: 3, words: "c" },
    ]);
    const r = readJsonArtifact("conversation_log.seglst.json", text, SegLstSchema);
    expect(r.value?.map((s) => s.words)).toEqual(["a", "c"]);
    expect((r.raw as unknown[]).length).toBe(3);
  });
});

describe("scenario_config/reference_answer.json and final_agent_response.json", () => {
  it("keeps a reference answer's fields whatever they hold; a list is no answer", () => {
    expect(readReferenceAnswer(json({ actions: "x", note: 1 })).value).toEqual({ actions: "x", note: 1 });
    const bad = readReferenceAnswer("[]");
    expect(bad.value).toBeNull();
    expect(bad.problems).toHaveLength(1);
  });
  it("leaves out an entry of the final response that is not an object, keeps the others", () => {
    const r = readFinalAgentResponse(json([{ actions: [] }, "done", { message: "pushed" }]));
    expect(r.value).toEqual([{ actions: [] }, { message: "pushed" }]);
    expect(r.problems).toEqual([{ file: "final_agent_response.json", kind: "schema", message: '[1] is the text "done"; expected an object' }]);
  });
});

describe("scenario_config/*_tools.json", () => {
  it("parses the JSON string twice; its names are what the setup diff compares", () => {
    const r = readToolsFile("scenario_config/agent_tools.json", json(json({ RefundTool: {}, EndConversationTool: {} })));
    expect(r.problems).toEqual([]);
    expect(toolNamesOf(r)).toEqual(["EndConversationTool", "RefundTool"]);
  });
  it("names an inner text that is not JSON, and a list that is not an object of tools", () => {
    const inner = readToolsFile("scenario_config/agent_tools.json", json("{ not json"));
    expect(inner.value).toBeNull();
    expect(inner.problems[0]).toMatchObject({ kind: "invalid-json" });
    expect(inner.problems[0]!.message).toMatch(/^inner /);
    const list = readToolsFile("scenario_config/user_tools.json", json(json(["a"])));
    expect(toolNamesOf(list)).toBeNull();
    expect(list.problems).toEqual([{ file: "scenario_config/user_tools.json", kind: "schema", message: "the file is a list; expected an object" }]);
  });
});

describe("trace_metrics.json and final_scenario_db_hash.txt", () => {
  it("keeps any trace metrics as stored", () => {
    expect(readTraceMetrics("trace_metrics.json", "[1, {}]").value).toEqual([1, {}]);
  });
  it("names a line of another shape and keeps the hashes around it", () => {
    const r = readDbHashFile("db_hash: abc\nsomething else\nuser_db_hash: def\n");
    expect(r.value).toEqual({ db_hash: "abc", user_db_hash: "def" });
    expect(r.problems).toEqual([{ file: "final_scenario_db_hash.txt", kind: "schema", message: "unexpected line: something else" }]);
  });
});

describe("all_metrics.json", () => {
  it("reads the harness's layout without parsing the records", () => {
    const text = '[\n  {\n    "scenario_name": "a__1",\n    "total_turns": 3\n  },\n  {\n    "scenario_name": "b__2"\n  }\n]';
    expect(readAllMetrics(text)).toEqual({ order: ["a__1", "b__2"], problems: [] });
  });
  it("reads a record whose name is not a text as `?`, named, and keeps the others in order", () => {
    const r = readAllMetrics(json([{ scenario_name: "a__1" }, { scenario_name: 3 }, { scenario_name: "c__3" }]));
    expect(r.order).toEqual(["a__1", "?", "c__3"]);
    expect(r.problems).toEqual([{ file: "all_metrics.json", kind: "schema", message: "[1].scenario_name is the number 3; expected a text" }]);
  });
});

describe("run_args.json", () => {
  it("reads a malformed field of an invocation as absent and keeps the invocation and its other fields", () => {
    const r = readRunArgs(
      json({
        invocations: [
          { started_at: "2026-11-30T02:00:00", argv: ["run"], parsed_args: { min_agent_turns: 2 } },
          { started_at: "2026-11-30T04:00:00", argv: "run --resume", parsed_args: { min_agent_turns: 3 }, resumed_from_invocation: 0 },
          "not an invocation",
        ],
      }),
    );
    expect(r.invocations).toHaveLength(2);
    expect(r.invocations[1]).toEqual({ started_at: "2026-11-30T04:00:00", parsed_args: { min_agent_turns: 3 }, resumed_from_invocation: 0 });
    expect(r.problems.map((p) => p.message)).toEqual([
      'invocation 1: argv is the text "run --resume"; expected a list',
      'invocation 2: the file is the text "not an invocation"; expected an object',
    ]);
  });
});

describe("conversation_log.txt", () => {
  it("names a log without its header and keeps its turns; its clock is its newest own time", () => {
    const r = parseConversationLog("[0.00s - 1.20s] (1.20s) USER: hello\n[1.50s - 2.00s] (0.50s) AGENT: hi\n");
    expect(r.value.turns.map((t) => t.text)).toEqual(["hello", "hi"]);
    expect(r.problems).toEqual([{ file: "conversation_log.txt", kind: "schema", message: "no `Start Time:` header line" }]);
    expect(conversationClock("Start Time: 2026-11-30T02:00:00\n...\nEnd time: 2026-11-30T02:03:00\n")).toBe(
      conversationClock("Start Time: 2026-11-30T02:03:00"),
    );
    expect(conversationClock("no clock here")).toBeNull();
  });
});
