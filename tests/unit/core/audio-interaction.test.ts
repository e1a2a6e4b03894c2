/**
 * The τ-voice interaction panel's definitions (tau2-bench `docs/interaction-metrics.md`) on hand-built
 * speech timelines: response latency, no_response when the user speaks again first, a yield within the
 * 2.0 s window, a no_yield beyond it, agent interruptions per user turn, backchannels left out.
 */
import { describe, expect, it } from "vitest";
import type { LoggedTurn } from "@/lib/core/audio/frames";
import { interactionOf, MIN_EVENTS, poolPanels } from "@/lib/core/audio/interaction";
import type { Span } from "@/lib/core/audio/spans";

const kinds = (r: ReturnType<typeof interactionOf>) => r.events.map((e) => `${e.kind}@${e.at}${e.seconds === null ? "" : `:${e.seconds}`}`);

describe("the interaction panel", () => {
  it("a response: the agent starts after the user's turn ends, before the user speaks again; its latency the gap", () => {
    const user: Span[] = [
      [0, 2],
      [6, 8],
    ];
    const agent: Span[] = [
      [2.6, 5],
      [9, 11],
    ];
    const r = interactionOf(user, agent, []);
    expect(kinds(r)).toEqual(["response@2:0.6", "response@8:1"]);
    expect(r.panel.responseLatencyMean).toBe(0.8);
    expect(r.panel.responseRate).toBe(1);
    expect(r.panel.counts.responseTotal).toBe(2);
    expect(r.panel.yieldRate).toBeNull();
    expect(r.panel.agentInterruptionRate).toBe(0);
  });

  it("no_response when the user has to speak again first; the call's last turn with nothing after it is no event", () => {
    const user: Span[] = [
      [0, 2],
      [4, 5],
      [9, 10],
    ];
    const agent: Span[] = [[5.5, 8]];
    const r = interactionOf(user, agent, []);
    expect(kinds(r)).toEqual(["no_response@2", "response@5:0.5"]);
    expect(r.panel.responseRate).toBe(0.5);
    expect(r.panel.counts).toMatchObject({ responseTotal: 2, responses: 1 });
  });

  it("a yield: the agent stops within 2.0 s of the user cutting in (its latency the time to stop); a no_yield beyond it", () => {
    // The user cuts in at 3 (agent stops at 3.6: yield, 0.6 s), and at 12 (agent talks on to 15: no yield).
    const user: Span[] = [
      [3, 5],
      [12, 13],
    ];
    const agent: Span[] = [
      [1, 3.6],
      [6, 15],
    ];
    const r = interactionOf(user, agent, []);
    expect(r.events.filter((e) => e.kind === "yield" || e.kind === "no_yield").map((e) => [e.kind, e.at, e.seconds])).toEqual([
      ["yield", 3, 0.6],
      ["no_yield", 12, null],
    ]);
    expect(r.panel.yieldRate).toBe(0.5);
    expect(r.panel.yieldLatencyMean).toBe(0.6);
    expect(r.panel.counts.yieldTotal).toBe(2);
    // The yielded interruption ended with the agent silent: it is a turn to respond to (the agent answers at 6).
    expect(kinds(r)).toContain("response@5:1");
    // The one the agent talked through ended with the agent speaking: no response event for it.
    expect(r.events.some((e) => e.kind.endsWith("response") && e.at === 13)).toBe(false);
  });

  it("the window is 2.0 s: stopping at 1.9 s is a yield, at 2.0 s is not", () => {
    expect(interactionOf([[2, 5]], [[0, 3.9]], []).panel.counts.yields).toBe(1);
    expect(interactionOf([[2, 5]], [[0, 4.0]], []).panel.counts.yields).toBe(0);
  });

  it("agent interruptions: agent segments that start while the user speaks, per user turn", () => {
    const user: Span[] = [
      [0, 4],
      [8, 10],
    ];
    const agent: Span[] = [
      [3, 6],
      [11, 12],
    ];
    const r = interactionOf(user, agent, []);
    expect(r.events.filter((e) => e.kind === "agent_interrupt").map((e) => e.at)).toEqual([3]);
    expect(r.panel.counts.agentInterrupts).toBe(1);
    // One response-eligible turn (the second); the first ended while the agent spoke.
    expect(r.panel.counts.responseTotal).toBe(1);
    expect(r.panel.agentInterruptionRate).toBe(1);
  });

  it("a backchannel (≤ 1 s during agent speech, logged as ≤ 2 words) is neither a yield nor a turn; with no logged text it is an interruption", () => {
    const user: Span[] = [[2, 2.6]];
    const agent: Span[] = [[0, 6]];
    const turns: LoggedTurn[] = [{ role: "user", start: 2, end: 2.6, interrupted: false, text: "mm-hmm" }];
    const r = interactionOf(user, agent, turns);
    expect(kinds(r)).toEqual(["backchannel@2"]);
    expect(r.panel.counts).toMatchObject({ yieldTotal: 0, responseTotal: 0, backchannels: 1 });
    const unlogged = interactionOf(user, agent, []);
    expect(unlogged.panel.counts.yieldTotal).toBe(1);
    const long: LoggedTurn[] = [{ role: "user", start: 2, end: 2.6, interrupted: false, text: "wait, that is wrong" }];
    expect(interactionOf(user, agent, long).panel.counts.backchannels).toBe(0);
  });

  it("pools a run's calls: events summed, means weighted, a rate backed by fewer than 10 events hidden", () => {
    const one = interactionOf([[0, 2]], [[3, 4]], []).panel;
    const few = poolPanels([one, one]);
    expect(few.responseRate).toBeNull();
    expect(few.hidden).toContain("responseRate");
    expect(few.counts.responseTotal).toBe(2);
    const many = poolPanels(Array.from({ length: MIN_EVENTS }, () => one));
    expect(many.responseRate).toBe(1);
    expect(many.responseLatencyMean).toBe(1);
    expect(many.counts.responses).toBe(MIN_EVENTS);
  });
});
