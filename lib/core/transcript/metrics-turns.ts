/**
 * `metrics.json`'s `turns` (ARTIFACTS.md §1.6): the one transcript a finished scenario always has.
 * Each entry's role and text, its time from the timestamp (seconds since the first turn's), and
 * the agent's response latency from `latencies`, placed on the agent turn its words name. Bad
 * entries are skipped and named; nothing here throws.
 */
import { problem, type Problem } from "../problems";
import { stampMs } from "../timing/clock";
import { isRecord } from "./messages";
import type { Turn } from "./turn";

/** A `metrics.json` turn: no per-segment times, but the timestamp the runner wrote. */
export type MetricsTurn = Turn<null>;

export interface MetricsTurns {
  turns: MetricsTurn[];
  /** What in `turns` or `latencies` could not be used, one problem per kind of fault. */
  problems: Problem[];
  /** `latencies` entries whose words name no turn (their figure stays in latency_stats). */
  unplacedLatencies: number;
}

const FILE = "metrics.json";
/** How many entries a problem names before it says "and N more". */
const NAMED = 3;

const norm = (s: string) => s.replace(/\s+/g, " ").trim();

/** The turns of `metrics.json` as far as they can be read, with what could not be. */
export function metricsTurns(metrics: unknown): MetricsTurns {
  if (!isRecord(metrics) || metrics.turns === undefined) return { turns: [], problems: [], unplacedLatencies: 0 };
  if (!Array.isArray(metrics.turns))
    return {
      turns: [],
      problems: [problem(FILE, "schema", `turns is ${kindOf(metrics.turns)}, not an array: no transcript from metrics.json`)],
      unplacedLatencies: 0,
    };
  const faults = { notObject: [] as number[], role: [] as number[], text: [] as number[], stamp: [] as number[] };
  const turns: MetricsTurn[] = [];
  let first: number | null = null;
  for (const [i, t] of metrics.turns.entries()) {
    if (!isRecord(t)) {
      faults.notObject.push(i);
      continue;
    }
    if (t.role !== "agent" && t.role !== "user") {
      faults.role.push(i);
      continue;
    }
    // A text of another type: the turn happened, its words are unknown.
    if (typeof t.text !== "string") faults.text.push(i);
    const ms = typeof t.timestamp === "string" ? stampMs(t.timestamp) : null;
    if (ms === null && t.timestamp !== undefined) faults.stamp.push(i);
    if (ms !== null && first === null) first = ms;
    turns.push({
      role: t.role,
      text: typeof t.text === "string" ? t.text : "",
      start: null,
      end: null,
      duration: null,
      interrupted: t.text === "[INTERRUPTED]",
      statedLatencyMs: null,
      at: ms === null || first === null ? null : (ms - first) / 1000,
    });
  }
  const problems: Problem[] = [];
  const name = (list: number[], what: string) => {
    if (list.length === 0) return;
    const shown = list
      .slice(0, NAMED)
      .map((i) => `turns[${i}]`)
      .join(", ");
    const more = list.length > NAMED ? ` and ${list.length - NAMED} more` : "";
    problems.push(problem(FILE, "schema", `${shown}${more} ${what}`));
  };
  name(faults.notObject, `${faults.notObject.length === 1 ? "is" : "are"} not an object: left out of the transcript`);
  name(faults.role, `${faults.role.length === 1 ? "has" : "have"} no role "user" or "agent": left out of the transcript`);
  name(faults.text, `${faults.text.length === 1 ? "has" : "have"} a text that is not a string: shown without words`);
  name(faults.stamp, `${faults.stamp.length === 1 ? "has" : "have"} a timestamp that is not an ISO time: shown without a time`);
  const unplacedLatencies = placeLatencies(turns, metrics.latencies);
  return { turns, problems, unplacedLatencies };
}

function kindOf(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "an array" : `a ${typeof v}`;
}

/**
 * Each `latencies` entry goes on the first agent turn after the next user turn it names (by words),
 * in order; an entry whose words match nothing stays unplaced. Returns how many did. Indexed, so
 * 10,000 turns with as many unmatched entries stay linear.
 */
function placeLatencies(turns: MetricsTurn[], latencies: unknown): number {
  if (!Array.isArray(latencies)) return 0;
  const usersByText = new Map<string, number[]>();
  const nextAgent: number[] = new Array<number>(turns.length + 1).fill(-1);
  for (let i = turns.length - 1; i >= 0; i--) nextAgent[i] = (turns[i] as MetricsTurn).role === "agent" ? i : (nextAgent[i + 1] as number);
  for (const [i, t] of turns.entries()) {
    if (t.role !== "user") continue;
    const key = norm(t.text);
    const list = usersByText.get(key);
    if (list) list.push(i);
    else usersByText.set(key, [i]);
  }
  let cursor = 0;
  let unplaced = 0;
  for (const l of latencies) {
    const target =
      isRecord(l) && typeof l.latency_ms === "number" && Number.isFinite(l.latency_ms) && typeof l.user_transcript === "string"
        ? findAgentTurn(l, usersByText, nextAgent, turns, cursor)
        : null;
    if (target === null) {
      unplaced++;
      continue;
    }
    (turns[target] as MetricsTurn).statedLatencyMs = (l as { latency_ms: number }).latency_ms;
    cursor = target + 1;
  }
  return unplaced;
}

/** The agent turn after the first user turn at or past `from` with the entry's user words (and, when filled, its agent words). */
function findAgentTurn(l: Record<string, unknown>, usersByText: Map<string, number[]>, nextAgent: number[], turns: MetricsTurn[], from: number): number | null {
  const positions = usersByText.get(norm(l.user_transcript as string)) ?? [];
  // The agent's words are filled later and may stay "" (§1.6): then the next agent turn is it.
  const agent = typeof l.agent_transcript === "string" ? norm(l.agent_transcript) : "";
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((positions[mid] as number) < from) lo = mid + 1;
    else hi = mid;
  }
  // Bounded: a user turn whose next agent turn has other words is passed over, at most a few times in practice.
  for (let k = lo; k < positions.length && k < lo + 50; k++) {
    const a = nextAgent[(positions[k] as number) + 1] ?? -1;
    if (a < 0) return null;
    const reply = turns[a] as MetricsTurn;
    if (reply.statedLatencyMs === null && (agent === "" || norm(reply.text) === agent)) return a;
  }
  return null;
}
