/** Telling finished, running, stalled, killed and aborted runs apart (ARTIFACTS.md §5.3). */
import { inFlightScenario, type LogSession } from "./evaluation-log";

export type RunState = "finished" | "running" | "probably-stalled" | "killed" | "aborted";

export const RUNNING_WINDOW_MS = 5 * 60_000;
export const STALLED_WINDOW_MS = 15 * 60_000;

export interface RunStateInput {
  sessions: LogSession[];
  /** Newest mtime among `evaluation_log.txt` and the in-flight scenario's `bridge_log.txt` / `conversation_log.txt`. */
  lastActivityMs: number | null;
  nowMs: number;
}

export interface RunStatus {
  state: RunState;
  /** Session count (1 + resumes). */
  sessions: number;
  resumed: boolean;
  /** Intended scenario count of the current session. */
  intended: number | null;
  inFlight: { name: string; position: number; of: number } | null;
  abortReason: string | null;
}

export function runStatus(input: RunStateInput): RunStatus {
  const session = input.sessions[input.sessions.length - 1];
  const base = {
    sessions: input.sessions.length,
    resumed: input.sessions.length > 1 || (session?.resuming ?? false),
    intended: session ? (session.queuedCount ?? session.started[session.started.length - 1]?.of ?? null) : null,
  };
  if (session?.complete) return { ...base, state: "finished", inFlight: null, abortReason: null };
  if (session && (session.failed !== null || session.interrupted)) {
    return { ...base, state: "aborted", inFlight: null, abortReason: session.failed ?? "interrupted by user" };
  }
  const flight = session ? inFlightScenario(session) : null;
  const inFlight = flight ? { name: flight.name, position: flight.position, of: flight.of } : null;
  const age = input.lastActivityMs === null ? Infinity : input.nowMs - input.lastActivityMs;
  // When in doubt prefer "running" (the triage guide's bias).
  const state: RunState = age < RUNNING_WINDOW_MS ? "running" : age < STALLED_WINDOW_MS ? "probably-stalled" : "killed";
  return { ...base, state, inFlight, abortReason: null };
}
