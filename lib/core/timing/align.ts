/**
 * Bridge-log times are wall clock; transcript times are seconds from the start of audio routing.
 * The offset between them comes from the speaking start lines (paired in order with the turns of
 * that side, median of the differences), else from the `[RUN SCENARIO] Running scenario` line, else
 * from the transcript's `Start Time:` header (approximate: it is written before routing starts).
 * Each metrics event then goes to the next non-interrupted turn (of its side when tagged) that starts
 * at or after it.
 */
import type { BridgeEvent, BridgeEvents, Side } from "./bridge-events";
import { median } from "./stats";
import type { TurnLatency } from "./turns";

export type Alignment = "speaking-lines" | "run-start-line" | "log-start-time" | "none";

export const ALIGNMENT_TEXT: Record<Alignment, string> = {
  "speaking-lines": "bridge-log times aligned on the speaking start lines; each metric attributed to the next non-interrupted turn",
  "run-start-line": "bridge-log times aligned on the routing start line; each metric attributed to the next non-interrupted turn",
  "log-start-time": "bridge-log times aligned on the transcript's Start Time (approximate); each metric attributed to the next non-interrupted turn",
  none: "no wall-clock reference: metrics could not be attributed to turns",
};

/** A metric logged up to this long after a turn's start still belongs to it (log lag). */
const TOLERANCE_S = 0.25;

export interface Aligned {
  alignment: Alignment;
  /** Wall ms at transcript time 0, or null. */
  originMs: number | null;
  /** For each metrics event (same order as `metrics`), the transcript index of its turn, or null. */
  turnOf: Array<number | null>;
  metrics: Array<Extract<BridgeEvent, { kind: "ttfb" | "tokens" }>>;
}

function speakingOrigin(events: readonly BridgeEvent[], turns: readonly TurnLatency[]): number | null {
  const diffs: number[] = [];
  for (const s of ["agent", "user"] as Side[]) {
    const starts = events.filter((e): e is Extract<BridgeEvent, { kind: "speak" }> => e.kind === "speak" && e.side === s && e.edge === "start");
    const sideTurns = turns.filter((t) => t.role === s);
    const k = Math.min(starts.length, sideTurns.length);
    for (let i = 0; i < k; i++) diffs.push((starts[i] as { t: number }).t - (sideTurns[i] as TurnLatency).start * 1000);
  }
  return diffs.length ? median(diffs.sort((a, b) => a - b)) : null;
}

export function alignEvents(bridge: BridgeEvents, turns: readonly TurnLatency[], logStartMs: number | null): Aligned {
  const metrics = bridge.events.filter((e): e is Aligned["metrics"][number] => e.kind === "ttfb" || e.kind === "tokens");
  let alignment: Alignment = "none";
  let originMs = speakingOrigin(bridge.events, turns);
  if (originMs !== null) alignment = "speaking-lines";
  else if (bridge.routingStartMs !== null) [alignment, originMs] = ["run-start-line", bridge.routingStartMs];
  else if (logStartMs !== null) [alignment, originMs] = ["log-start-time", logStartMs];
  const turnOf = metrics.map((e) => {
    if (originMs === null || e.t === null) return null;
    const at = (e.t - originMs) / 1000;
    const turn = turns.find((t) => !t.interrupted && (e.side === null || t.role === e.side) && t.start >= at - TOLERANCE_S);
    return turn ? turn.index : null;
  });
  return { alignment, originMs, turnOf, metrics };
}
