import { describe, expect, it } from "vitest";
import { flowAudit, flowHints, similarity } from "@/lib/core/timing";

const call = (name: string, id = name) => ({ role: "assistant", tool_calls: [{ id, type: "function", function: { name, arguments: "{}" } }] });

describe("flow audit", () => {
  it("word similarity is 1 for the same words and 0 for none shared", () => {
    expect(similarity("Could you repeat that?", "could you repeat that")).toBe(1);
    expect(similarity("alpha beta", "gamma delta")).toBe(0);
    expect(similarity("a b c d", "a b c e")).toBe(0.75);
  });

  it("fabrication: a claimed refund with no refund/return/cancel call before it, cited by message index", () => {
    const ctx = [
      { role: "system", content: "x" },
      { role: "user", content: "I want my money back" },
      call("get_order_details"),
      { role: "tool", tool_call_id: "get_order_details", content: "{}" },
      { role: "assistant", content: "I've processed a refund of $54.20 to your card." },
      { role: "user", content: "Cancel the other order" },
      call("cancel_pending_order"),
      { role: "assistant", content: "I've cancelled it." },
    ];
    const f = flowAudit([], ctx).findings.filter((x) => x.kind === "fabrication");
    expect(f.map((x) => x.message)).toEqual([4]);
  });

  it("loop: three agent turns in a row that are near repeats, cited by turn index", () => {
    const turns = [
      { role: "agent" as const, text: "Could you please tell me your order number?", interrupted: false },
      { role: "user" as const, text: "It is W123.", interrupted: false },
      { role: "agent" as const, text: "Could you please tell me your order number again?", interrupted: false },
      { role: "user" as const, text: "W123.", interrupted: false },
      { role: "agent" as const, text: "Could you please tell me the order number?", interrupted: false },
    ];
    const loops = flowAudit(turns, null).findings.filter((x) => x.kind === "loop");
    expect(loops.map((l) => l.turns)).toEqual([[0, 2, 4]]);
  });

  it("echo: a user turn that reads like the agent", () => {
    const turns = [
      { role: "agent" as const, text: "Hello, thanks for calling.", interrupted: false },
      { role: "user" as const, text: "I'd be happy to help you with that.", interrupted: false },
      { role: "user" as const, text: "My order is late.", interrupted: false },
    ];
    expect(
      flowAudit(turns, null)
        .findings.filter((x) => x.kind === "echo")
        .map((x) => x.turns),
    ).toEqual([[1]]);
  });

  it("skipped confirmation: a question before a write answered without yes/no/confirm", () => {
    const ctx = [
      { role: "assistant", content: "Shall I cancel order W1 for you?" },
      { role: "user", content: "What is the weather like today" },
      call("cancel_pending_order"),
      { role: "assistant", content: "Shall I also cancel W2?" },
      { role: "user", content: "Yes please." },
      call("cancel_pending_order", "c2"),
    ];
    const s = flowAudit([], ctx).findings.filter((x) => x.kind === "skipped-confirmation");
    expect(s.map((x) => x.message)).toEqual([0]);
  });

  it("no agent context: fabrication and confirmation checks say why they were skipped", () => {
    expect(flowAudit([], []).skipped.find((s) => s.kind === "fabrication")?.reason).toMatch(/empty/);
  });

  it("hints: owners per §7.12; a stalled scenario drops agent-owned flow hints", () => {
    const audit = flowAudit(
      [{ role: "user", text: "How can I help you today?", interrupted: false }],
      [{ role: "assistant", content: "I've cancelled your order." }],
    );
    const h = flowHints(audit, false);
    expect(h.map((x) => [x.kind, x.owner])).toEqual([
      ["echo", "framework"],
      ["fabrication", "agent"],
    ]);
    expect(h[0]!.evidence).toBe("flow-0");
    expect(flowHints(audit, true).map((x) => x.kind)).toEqual(["echo"]);
  });
});
