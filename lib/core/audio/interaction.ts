/**
 * The τ-voice interaction panel from the recording (issue 47), with the definitions and windows of
 * tau2-bench's `docs/interaction-metrics.md` (its `voice_interaction_metrics.py`), applied to the
 * detected speech instead of 200 ms ticks:
 *
 * - **Response** (L_R, R_R): each user segment that is not a backchannel and does not end while the agent
 *   speaks. If the agent's next segment starts before the user's next such segment: a response, its
 *   latency the gap; if the user speaks again first: no response; neither follows (the call's end): no event.
 * - **Yield** (L_Y, R_Y): each user segment (not a backchannel) that starts while the agent speaks. The
 *   agent stops within 2.0 s of it: a yield, its latency the time to stop; else no yield.
 * - **Agent interruption** (I_A): each agent segment that starts while the user speaks; the rate is per
 *   response-eligible user turn (agent interruptions / response total), and can exceed 1.
 * - **Backchannel**: a user segment of at most 1 s during agent speech whose logged text is at most two
 *   words (when the logs have it); excluded from responses and yields, as there.
 *
 * "Speaks at t" is start ≤ t < end. Every pass is one moving index over sorted spans.
 */
import type { LoggedTurn } from "./frames";
import { firstStartingAfter, r3, type Span } from "./spans";

export const NO_YIELD_WINDOW_S = 2.0;
export const BACKCHANNEL_MAX_S = 1.0;
export const BACKCHANNEL_MAX_WORDS = 2;
/** The leaderboard hides a rate backed by fewer events than this (at run level). */
export const MIN_EVENTS = 10;

export type InteractionEventKind = "response" | "no_response" | "yield" | "no_yield" | "agent_interrupt" | "backchannel";

export interface InteractionEvent {
  kind: InteractionEventKind;
  /** When it happened: the user's end (response), the user's start (yield), the agent's start (interrupt). */
  at: number;
  /** The seconds it measured (response latency, yield latency), when it measures one. */
  seconds: number | null;
}

/** The panel as tau2-bench names it (seconds, fractions; null when no event backs it). */
export interface InteractionPanel {
  responseLatencyMean: number | null;
  responseRate: number | null;
  yieldLatencyMean: number | null;
  yieldRate: number | null;
  agentInterruptionRate: number | null;
  counts: {
    /** Response-eligible user turns: responses + no-responses. */
    responseTotal: number;
    /** User interruptions of the agent: yields + no-yields. */
    yieldTotal: number;
    agentInterrupts: number;
    /** Of them, responded and yielded (the numerators, so that runs add up). */
    responses: number;
    yields: number;
    backchannels: number;
  };
}

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** The agent segment speaking at `t` (start ≤ t < end), from a sorted list, or null. */
function speakingAt(spans: readonly Span[], t: number): Span | null {
  const i = firstStartingAfter(spans, t) - 1;
  const s = i >= 0 ? spans[i]! : null;
  return s && t < s[1] ? s : null;
}

/** Which user segments are backchannels: short, during agent speech, and logged as at most two words. */
function backchannelsOf(user: readonly Span[], agent: readonly Span[], turns: readonly LoggedTurn[]): boolean[] {
  const logged = turns.filter((t) => t.role === "user" && typeof t.text === "string" && t.end >= t.start).sort((a, b) => a.start - b.start);
  const out: boolean[] = [];
  let j = 0;
  for (const u of user) {
    let is = false;
    if (u[1] - u[0] <= BACKCHANNEL_MAX_S && speakingAt(agent, u[0])) {
      // The logged user turn that overlaps the segment (with half a second of slack for the logs' clock).
      while (j < logged.length && logged[j]!.end < u[0] - 0.5) j++;
      for (let k = j; k < logged.length && logged[k]!.start <= u[1] + 0.5; k++) {
        if (logged[k]!.end >= u[0] - 0.5) {
          is = words(logged[k]!.text ?? "") <= BACKCHANNEL_MAX_WORDS;
          break;
        }
      }
    }
    out.push(is);
  }
  return out;
}

export function interactionOf(
  user: readonly Span[],
  agent: readonly Span[],
  turns: readonly LoggedTurn[],
): { panel: InteractionPanel; events: InteractionEvent[] } {
  const events: InteractionEvent[] = [];
  const backchannel = backchannelsOf(user, agent, turns);
  let responses = 0;
  let noResponses = 0;
  let responseSum = 0;
  let yields = 0;
  let noYields = 0;
  let yieldSum = 0;
  let agentInterrupts = 0;
  let backchannels = 0;
  // Yields: a user segment that starts while the agent speaks.
  user.forEach((u, i) => {
    if (backchannel[i]) {
      backchannels++;
      events.push({ kind: "backchannel", at: u[0], seconds: null });
      return;
    }
    const a = speakingAt(agent, u[0]);
    if (!a) return;
    const stop = a[1] - u[0];
    if (stop < NO_YIELD_WINDOW_S) {
      yields++;
      yieldSum += stop;
      events.push({ kind: "yield", at: u[0], seconds: r3(stop) });
    } else {
      noYields++;
      events.push({ kind: "no_yield", at: u[0], seconds: null });
    }
  });
  // Responses: the valid user segments, each against the agent's next start and the next valid user start.
  const valid = user.filter((u, i) => !backchannel[i] && !speakingAt(agent, u[1]));
  let j = 0;
  valid.forEach((u, i) => {
    while (j < agent.length && agent[j]![0] < u[1]) j++;
    const next = agent[j];
    const again = valid[i + 1];
    if (next && (!again || next[0] <= again[0])) {
      responses++;
      responseSum += next[0] - u[1];
      events.push({ kind: "response", at: u[1], seconds: r3(next[0] - u[1]) });
    } else if (again) {
      noResponses++;
      events.push({ kind: "no_response", at: u[1], seconds: null });
    }
  });
  // Agent interruptions: an agent segment that starts while the user speaks.
  for (const a of agent) {
    if (speakingAt(user, a[0])) {
      agentInterrupts++;
      events.push({ kind: "agent_interrupt", at: a[0], seconds: null });
    }
  }
  events.sort((x, y) => x.at - y.at);
  const responseTotal = responses + noResponses;
  const yieldTotal = yields + noYields;
  const ratio = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 1000 : null);
  return {
    panel: {
      responseLatencyMean: responses ? r3(responseSum / responses) : null,
      responseRate: ratio(responses, responseTotal),
      yieldLatencyMean: yields ? r3(yieldSum / yields) : null,
      yieldRate: ratio(yields, yieldTotal),
      agentInterruptionRate: ratio(agentInterrupts, responseTotal),
      counts: { responseTotal, yieldTotal, agentInterrupts, responses, yields, backchannels },
    },
    events,
  };
}

export type PooledPanel = InteractionPanel & { hidden: string[] };

/** The panel's five figures as a page or a report shows them: label, value text ("hidden" below 10 events, "unknown" without any), and the events behind each. */
export function interactionRows(
  p: InteractionPanel & { hidden?: string[] },
): Array<{ key: keyof Omit<InteractionPanel, "counts">; label: string; text: string; events: number; value: number | null }> {
  const c = p.counts;
  const rows = [
    { key: "responseLatencyMean", label: "Response latency L_R (mean)", value: p.responseLatencyMean, events: c.responses, unit: "s" },
    { key: "responseRate", label: "Response rate R_R", value: p.responseRate, events: c.responseTotal, unit: "%" },
    { key: "yieldLatencyMean", label: "Yield latency L_Y (mean)", value: p.yieldLatencyMean, events: c.yields, unit: "s" },
    { key: "yieldRate", label: "Yield rate R_Y (2.0 s window)", value: p.yieldRate, events: c.yieldTotal, unit: "%" },
    { key: "agentInterruptionRate", label: "Agent interruptions I_A (per user turn)", value: p.agentInterruptionRate, events: c.responseTotal, unit: "x" },
  ] as const;
  return rows.map((r) => {
    const hidden = p.hidden?.includes(r.key) ?? false;
    const text = hidden
      ? `hidden (${r.events} event${r.events === 1 ? "" : "s"}, under ${MIN_EVENTS})`
      : r.value === null
        ? "unknown"
        : r.unit === "s"
          ? `${r.value.toFixed(2)} s`
          : r.unit === "%"
            ? `${(r.value * 100).toFixed(0)}%`
            : r.value.toFixed(2);
    return { key: r.key, label: r.label, text, events: r.events, value: hidden ? null : r.value };
  });
}

/** Panels of several calls as one (a run): events summed, means weighted by their events; a rate backed by fewer than `MIN_EVENTS` is hidden (null). */
export function poolPanels(panels: readonly InteractionPanel[]): PooledPanel {
  const c = { responseTotal: 0, yieldTotal: 0, agentInterrupts: 0, responses: 0, yields: 0, backchannels: 0 };
  let responseSum = 0;
  let yieldSum = 0;
  for (const p of panels) {
    for (const k of Object.keys(c) as Array<keyof typeof c>) c[k] += p.counts[k];
    responseSum += (p.responseLatencyMean ?? 0) * p.counts.responses;
    yieldSum += (p.yieldLatencyMean ?? 0) * p.counts.yields;
  }
  const hidden: string[] = [];
  const shown = (name: string, value: number | null, events: number) => {
    if (value === null) return null;
    if (events < MIN_EVENTS) {
      hidden.push(name);
      return null;
    }
    return value;
  };
  const ratio = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 1000 : null);
  return {
    responseLatencyMean: shown("responseLatencyMean", c.responses ? r3(responseSum / c.responses) : null, c.responses),
    responseRate: shown("responseRate", ratio(c.responses, c.responseTotal), c.responseTotal),
    yieldLatencyMean: shown("yieldLatencyMean", c.yields ? r3(yieldSum / c.yields) : null, c.yields),
    yieldRate: shown("yieldRate", ratio(c.yields, c.yieldTotal), c.yieldTotal),
    agentInterruptionRate: shown("agentInterruptionRate", ratio(c.agentInterrupts, c.responseTotal), c.responseTotal),
    counts: c,
    hidden,
  };
}
