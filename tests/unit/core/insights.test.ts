import { describe, expect, it } from "vitest";
import { actionDiff, alignWords, asrDiff, isMutatingTool, normalizeWords, quotedTurns, toolCalls } from "@/lib/core/insights";

describe("tool calls", () => {
  const context = [
    { role: "system", content: "You are an agent." },
    { role: "user", content: "Hello" },
    { role: "assistant", content: "Hi, how can I help?" },
    { role: "user", content: "Cancel order W2611340." },
    { role: "assistant", tool_calls: [{ id: "c1", type: "function", function: { name: "get_order_details", arguments: '{"order_id": "#W2611340"}' } }] },
    { role: "tool", tool_call_id: "c1", content: '{"status": "pending"}' },
    {
      role: "assistant",
      tool_calls: [
        { id: "c2", type: "function", function: { name: "cancel_pending_order", arguments: '{"order_id": "#W2611340", "reason": "no longer needed"}' } },
      ],
    },
    { role: "tool", tool_call_id: "c2", content: '{"status": "cancelled"}' },
    { role: "assistant", tool_calls: [{ id: "c3", type: "function", function: { name: "refund_magic", arguments: "not json" } }] },
    { role: "tool", tool_call_id: "c3", content: "There is no tool named refund_magic" },
    { role: "assistant", content: "Done, it is cancelled." },
  ];

  it("pairs calls with results, parses arguments and places them after the agent turns before them", () => {
    const calls = toolCalls(context);
    expect(calls.map((c) => [c.name, c.mutating, c.unknownTool, c.afterAgentTurns])).toEqual([
      ["get_order_details", false, false, 1],
      ["cancel_pending_order", true, false, 1],
      ["refund_magic", false, true, 1],
    ]);
    expect(calls[1]!.arguments).toEqual({ order_id: "#W2611340", reason: "no longer needed" });
    expect(calls[2]!.arguments).toBe("not json");
    expect(calls[1]!.result).toBe('{"status": "cancelled"}');
  });

  it("tells write tools from read-only ones", () => {
    for (const w of ["cancel_pending_order", "modify_user_address", "book_reservation", "RebookFlightTool", "IssueTravelCreditTool"])
      expect(isMutatingTool(w), w).toBe(true);
    for (const r of ["get_user_details", "search_direct_flight", "GetReservationTool", "SearchFlightsTool", "EndConversationTool"])
      expect(isMutatingTool(r), r).toBe(false);
  });
});

describe("heard vs meant", () => {
  it("ignores case, punctuation and number words, and counts real mistranscriptions", () => {
    expect(normalizeWords("My order is six one one, thanks!")).toEqual(["my", "order", "is", "611", "thanks"]);
    expect(normalizeWords("Four five six")).toEqual(["456"]);
    expect(normalizeWords("$35.50")).toEqual(["35.50"]);
    const user = [
      { role: "system", content: "You are a customer." },
      { role: "assistant", content: "Hi, I want to cancel order four five six." },
      { role: "assistant", content: "My email is jane at example dot com." },
    ];
    const agent = [
      { role: "user", content: "Hello" },
      { role: "assistant", content: "Hi!" },
      { role: "user", content: "hi i want to cancel order 456" },
      { role: "user", content: "My email is Jane at sample dot com." },
      { role: "user", content: "[INTERRUPTED]" },
    ];
    const d = asrDiff(user, agent);
    expect(d.pairs).toHaveLength(2);
    expect(d.pairs[0]!.wer).toBe(0);
    expect(d.pairs[1]!.ops.filter((o) => o.op === "sub")).toEqual([{ op: "sub", meant: "example", heard: "sample" }]);
    expect(d.pairs[1]!.wer).toBeCloseTo(1 / 8, 10);
  });

  it("aligns insertions and deletions", () => {
    const ops = alignWords(["a", "b", "c", "e"], ["a", "c", "d", "e"]);
    expect(ops[0]).toEqual({ op: "same", meant: "a", heard: "a" });
    expect(ops.filter((o) => o.op !== "same")).toHaveLength(2);
    expect(alignWords(["a", "b"], ["a"]).map((o) => o.op)).toEqual(["same", "del"]);
    expect(alignWords(["a"], ["x", "a"]).map((o) => o.op)).toEqual(["ins", "same"]);
  });
});

describe("action diff", () => {
  it("finds matched, wrong-argument, missing and extra actions", () => {
    const reference = {
      actions: [
        { name: "cancel_pending_order", arguments: { order_id: "#W1", reason: "no longer needed" } },
        { name: "modify_user_address", arguments: { user_id: "u1", zip: "94110" } },
        { name: "return_items", arguments: { order_id: "#W2" } },
        { name: "exchange_items", arguments: { order_id: "#W3", item: "x" }, compare_args: ["order_id"] },
      ],
    };
    const prediction = [
      {
        actions: [
          { side: "agent", name: "modify_user_address", arguments: { user_id: "u1", zip: "94111" } },
          { side: "agent", name: "cancel_pending_order", arguments: { order_id: "#W1", reason: "no longer needed" } },
          { side: "agent", name: "exchange_items", arguments: { order_id: "#W3", item: "y" } },
          { side: "agent", name: "book_flight", arguments: {} },
        ],
      },
    ];
    const d = actionDiff(reference, prediction);
    expect(d.matched.map((m) => m.name)).toEqual(["cancel_pending_order", "exchange_items"]);
    expect(d.wrongArgs).toEqual([expect.objectContaining({ name: "modify_user_address", differences: [{ key: "zip", expected: "94110", actual: "94111" }] })]);
    expect(d.missing.map((m) => m.name)).toEqual(["return_items"]);
    expect(d.extra.map((m) => m.name)).toEqual(["book_flight"]);
    expect(actionDiff({ order: { item: "pizza" } }, []).comparable).toBe(false);
  });
});

describe("quoted turns", () => {
  it("finds the turns a judge reason quotes", () => {
    const turns = [{ text: "Hi, how can I help?" }, { text: "Please toggle wifi calling off." }, { text: "Done, it works." }];
    expect(quotedTurns('The agent said "please toggle Wi-Fi calling off" but never checked APN.', turns)).toEqual([1]);
    expect(quotedTurns("No quotes here.", turns)).toEqual([]);
    expect(quotedTurns("The user confirmed: \u201cDone, it works\u201d.", turns)).toEqual([2]);
  });
});

describe("benign normalisation", () => {
  it("treats dashed numbers, spelled digits and spelled letters as the same words", () => {
    expect(normalizeWords("Call 303-824-8041")).toEqual(["call", "3038248041"]);
    expect(normalizeWords("call three zero three eight two four eight zero four one")).toEqual(["call", "3038248041"]);
    expect(normalizeWords("My name is S O F I A.")).toEqual(["my", "name", "is", "sofia"]);
    expect(normalizeWords("I am a customer")).toEqual(["i", "am", "a", "customer"]);
  });
});

describe("word alignment is exact for turns a person speaks", () => {
  /** The plain Levenshtein distance over the whole matrix. */
  function distance(a: string[], b: string[]): number {
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row;
    }
    return prev[b.length]!;
  }
  it("matches the full matrix's edit distance on 500 random pairs of up to 40 words, and spells out both sides", () => {
    let seed = 7;
    const rand = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    const words = (len: number) => Array.from({ length: len }, () => "abcdef"[rand(6)]!);
    for (let k = 0; k < 500; k++) {
      const a = words(rand(40));
      const b = words(rand(40));
      const ops = alignWords(a, b);
      expect(ops.filter((o) => o.op !== "same").length).toBe(distance(a, b));
      expect(ops.filter((o) => o.op !== "ins").map((o) => o.meant)).toEqual(a);
      expect(ops.filter((o) => o.op !== "del").map((o) => o.heard)).toEqual(b);
    }
  });
});
