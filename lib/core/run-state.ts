/** Telling finished, running, stalled, killed and aborted runs apart (ARTIFACTS.md §5.3). */
import { z } from "zod";
import { inFlightScenario, type LogSession } from "./evidence/evaluation-log";

export const RUN_STATES = ["finished", "running", "probably-stalled", "killed", "aborted"] as const;
export const RunStateSchema = z.enum(RUN_STATES);
export type RunState = z.infer<typeof RunStateSchema>;

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

/** `YYYY-MM-DD HH:MM:SS[.mmm]` (a log line's time, the harness's local time) as epoch ms read in the local zone, or null. */
export function logTimeMs(text: string | null | undefined): number | null {
  const m = text ? /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:[.,](\d{1,3}))?/.exec(text) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = m[7] ? Number(m[7].padEnd(3, "0")) : 0;
  const t = new Date(y, mo - 1, d, h, mi, s, ms).getTime();
  return Number.isFinite(t) ? t : null;
}

/**
 * A run's last activity (§5.3 step 4) by both clocks: the files' modification times and the times the
 * logs write on their own lines (the evaluation log's last line, the in-flight scenario's bridge log).
 * A copy (`cp -r`, an unpacked archive) has new file times but keeps the logs' words, so the older of
 * the two is the activity: a log that ended a month ago is a month old whatever its mtime says. A log
 * time ahead of the file times (another clock, another zone) does not make a run younger than its
 * files; without any log time, the file times alone decide.
 */
export function activityOf(fileMs: number | null, logClockMs: number | null): number | null {
  if (fileMs === null) return logClockMs;
  if (logClockMs === null) return fileMs;
  return Math.min(fileMs, logClockMs);
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
