import { describe, expect, it } from "vitest";
import {
  alignedTranscript,
  buildTurns,
  firstDivergence,
  firstLastingDivergence,
  replyTurnsText,
  shownTurns,
  whereCallsPart,
  type Exchange,
} from "@/lib/core/transcript";
import type { ConversationTurn } from "@/lib/core/evidence/conversation-log";

const turn = (role: "user" | "agent", start: number, end: number, text: string, responseLatencyMs: number | null = null): ConversationTurn => ({
  role,
  start,
  end,
  duration: end - start,
  text,
  interrupted: false,
  responseLatencyMs,
});

describe("buildTurns", () => {
  it("takes the first source that has turns, in file order", () => {
    const segments = [{ speaker: "user", start_time: 1, end_time: 2, words: "hi" }];
    expect(buildTurns({ conversation: { turns: [] }, segments }).source).toBe("conversation_log.seglst.json");
    expect(buildTurns({ conversation: null, metrics: { turns: [{ role: "agent", text: "hello" }] } }).source).toBe("metrics.json");
    expect(buildTurns({ agentContext: [{ role: "assistant", content: [{ text: "a" }, { text: "b" }] }] }).turns[0]?.text).toBe("a b");
    expect(buildTurns({})).toEqual({ turns: [], source: null });
  });
});

describe("shownTurns", () => {
  it("keeps the log's agent latency and derives the user's", () => {
    const { turns } = shownTurns({ conversation: { turns: [turn("user", 0, 1, "hi"), turn("agent", 1.5, 3, "hello", 480), turn("user", 3.25, 4, "ok")] } });
    expect(turns.map((t) => t.latencyMs)).toEqual([null, 480, 250]);
  });
  it("derives every segLST turn's latency", () => {
    const segments = [
      { speaker: "user", start_time: 0, end_time: 1, words: "hi" },
      { speaker: "agent", start_time: 1.5, end_time: 2, words: "[INTERRUPTED]" },
    ];
    const { turns, source } = shownTurns({ segments });
    expect(source).toBe("conversation_log.seglst.json");
    expect(turns.map((t) => [t.latencyMs, t.interrupted])).toEqual([
      [null, false],
      [500, true],
    ]);
  });
});

describe("alignedTranscript", () => {
  const context = [
    { role: "user", content: "book it" },
    { role: "assistant", content: "", tool_calls: [{ function: { name: "book", arguments: '{"b":1,"a":2}' } }] },
    { role: "assistant", content: "done" },
  ];
  it("places tool calls before the reply they led to", () => {
    const t = alignedTranscript(null, context, null);
    expect(t.source).toBe("bot_logs_agent/llm_context.json");
    expect(t.exchanges).toHaveLength(1);
    expect(t.exchanges[0]?.tools[0]).toMatchObject({ name: "book", canonical: '{"a":2,"b":1}' });
    expect(t.note).toBeNull();
  });
  it("finds the first divergence", () => {
    const a = alignedTranscript(null, context, null).exchanges;
    const b = alignedTranscript(null, [...context.slice(0, 2), { role: "assistant", content: "Done!" }], null).exchanges;
    expect(firstDivergence(a, b)).toBeNull();
    expect(firstDivergence(a, [])?.reason).toBe("the other run's conversation ends before this turn");
  });
  it("compares tool calls only when both sides' are known, and names the sides as asked", () => {
    const withTools = alignedTranscript(null, context, null);
    const wordsOnly = alignedTranscript(null, null, {
      turns: [
        { role: "user", text: "book it" },
        { role: "agent", text: "done" },
      ],
    });
    expect([withTools.toolsKnown, wordsOnly.toolsKnown]).toEqual([true, false]);
    // One turn numbering: each line carries its turn on the scenario page (its transcript position).
    expect(wordsOnly.exchanges.map((e) => [e.user.map((u) => u.turn), e.agent?.turn])).toEqual([[[0], 1]]);
    expect(firstDivergence(wordsOnly.exchanges, withTools.exchanges, { base: "the passing run", other: "this run" })?.reason).toBe(
      "this run makes an extra tool call (book)",
    );
    expect(firstDivergence(wordsOnly.exchanges, withTools.exchanges, undefined, false)).toBeNull();
  });
  it("passes over a reply reworded and then the same again: the calls part where they stop agreeing", () => {
    const call = (...agent: string[]) =>
      alignedTranscript(null, null, {
        turns: agent.flatMap((text) => [
          { role: "user", text: "u" },
          { role: "agent", text },
        ]),
      }).exchanges;
    const passing = call("Hi, thanks for contacting us.", "Your name?", "Order W1 found.", "Cancelled W1.");
    const failing = call("Thank you for calling.", "Your name?", "Order E1 found.", "Cancelled E1.");
    expect(firstDivergence(passing, failing)?.index, "the greeting").toBe(0);
    expect(firstLastingDivergence(passing, failing)?.index, "where they part").toBe(2);
    expect(firstLastingDivergence(passing, call("Hi, thanks for contacting us.", "Your name?", "Order W1 found.")), "one call ends early").toMatchObject({
      index: 3,
    });
    expect(firstLastingDivergence(passing, passing)).toBeNull();
  });
  it("says where two calls part: what the agent did when both sides' calls are known, else where the words part for good", () => {
    const line = (text: string) => ({ turn: 0, text, start: null, end: null, interrupted: false, responseLatencyMs: null });
    const tool = (name: string, args: string) => ({ name, arguments: args, canonical: args });
    const ex = (agent: string, ...tools: Exchange["tools"]): Exchange => ({ user: [line("u")], tools, agent: line(agent) });
    const passing = [ex("Hi, thanks for calling."), ex("Your order?"), ex("Found it.", tool("find", '{"id":1}')), ex("Cancelled.", tool("cancel", '{"id":1}'))];
    // A reworded greeting, the same question, then other words over the same call, then another call.
    const failing = [
      ex("Thank you for calling."),
      ex("Your order?"),
      ex("I found your order.", tool("find", '{"id":1}')),
      ex("Cancelled order 2.", tool("cancel", '{"id":2}')),
    ];
    expect(firstDivergence(passing, failing)?.index, "the first difference: the greeting").toBe(0);
    const part = whereCallsPart(passing, failing);
    expect(part, "the calls part where the agent's actions do").toMatchObject({
      at: { index: 3, reason: "different arguments to cancel" },
      byActions: true,
      wordsFrom: 2,
    });
    expect(whereCallsPart(passing, failing, undefined, false), "calls unknown: where its words part for good").toMatchObject({
      at: { index: 2, reason: "different agent words" },
      byActions: false,
      wordsFrom: null,
    });
    expect(whereCallsPart(passing, passing)).toBeNull();
  });
  it("names a reply by the transcript turn of its agent line, each side's when they differ", () => {
    const call = (...lines: Array<["user" | "agent", string]>) =>
      alignedTranscript(null, null, { turns: lines.map(([role, text]) => ({ role, text })) }).exchanges;
    const plain = call(["agent", "Hi"], ["user", "u"], ["agent", "Name?"]);
    // One more caller line before the reply moves its turn number on that side only.
    const longer = call(["agent", "Hi"], ["user", "u"], ["user", "and"], ["agent", "Name?"]);
    expect(replyTurnsText(plain, plain, 1)).toBe(` (turn #${plain[1]?.agent?.turn})`);
    expect(plain[1]?.agent?.turn).toBe(2);
    expect(replyTurnsText(plain, longer, 1)).toBe(" (turn #2 in the baseline, #3 in the other run)");
    expect(replyTurnsText(plain, plain.slice(0, 1), 1), "one side only").toBe(" (turn #2)");
    expect(replyTurnsText(plain, plain, 5)).toBe("");
  });
});
