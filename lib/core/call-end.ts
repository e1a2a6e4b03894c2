/**
 * How a call ended (issue 57): the harness's conversation-end policy and the six fields it writes in
 * every `metrics.json` since 1979de49 (`conversation_end_policy`, `conversation_end_reason`,
 * `inactivity_timeout_seconds`, `end_conversation_tool_called`, `simulator_end_reported`,
 * `last_speaker`), all optional: older runs lack them, and their calls ended by `[EXIT]` or `[TIMEOUT]`
 * under the only policy there was (`tool-only`).
 *
 * Under `tool-only` only the agent's end-conversation tool is a clean exit. Under
 * `valid-terminal-state` a simulator-reported end (`[SIMULATOR_EXIT]`) and an inactivity timeout after
 * the user spoke last are clean too; `[TIMEOUT]` (the time cap) never is. `clean_exit` is the
 * harness's verdict and is never recomputed here: this only says it in words and says who it points at.
 */
import { cleanCut } from "./bounded-text";
import { redactProse } from "./redact";

export const END_POLICIES = ["tool-only", "valid-terminal-state"] as const;
export type EndPolicy = (typeof END_POLICIES)[number];
/** The harness's default, and what a run that predates the flag ran under. */
export const DEFAULT_END_POLICY: EndPolicy = "tool-only";

/** Every stop reason the harness writes, in the order the filter lists them. */
export const STOP_REASONS = ["[EXIT]", "[SIMULATOR_EXIT]", "[INACTIVITY_TIMEOUT]", "[TIMEOUT]"] as const;

export const STOP_REASON_LABEL: Record<string, string> = {
  "[EXIT]": "the agent ended the call",
  "[SIMULATOR_EXIT]": "the caller (simulator) ended the call",
  "[INACTIVITY_TIMEOUT]": "ended by inactivity",
  "[TIMEOUT]": "the time cap was reached",
};

/** The `conversation_end_reason` values of 1979de49, in words. */
export const END_REASON_LABEL: Record<string, string> = {
  agent_end_conversation_tool: "the agent called its end-conversation tool",
  simulator_reported_end: "the user simulator reported the end of the conversation",
  inactivity_timeout_after_user_final_turn: "silence after the caller's final turn",
  agent_end_conversation_tool_missing: "the agent never called its end-conversation tool",
  no_valid_terminal_evidence: "no valid terminal evidence (no end tool, no simulator end, no silence after the caller's last turn)",
};

/** The six fields, as metrics.json has them (null when absent or of another type). */
export const CALL_END_FIELDS = [
  "conversation_end_policy",
  "conversation_end_reason",
  "inactivity_timeout_seconds",
  "end_conversation_tool_called",
  "simulator_end_reported",
  "last_speaker",
] as const;

export interface CallEnd {
  stopReason: string | null;
  cleanExit: boolean | null;
  /** `conversation_end_policy`; null when the run predates it (then `tool-only` in effect). */
  policy: string | null;
  reason: string | null;
  inactivitySeconds: number | null;
  endToolCalled: boolean | null;
  simulatorEndReported: boolean | null;
  /** `last_speaker`: `user`, `agent`, null (written as null, or absent). */
  lastSpeaker: string | null;
}

const str = (v: unknown) => (typeof v === "string" ? v : null);
/** A stop reason as every surface shows it, the table's row included (a harness may write a 1 MB traceback there: issue 54). */
export const shownStopReason = (v: unknown) => (typeof v === "string" ? cleanCut(v, redactProse) : null);
const bool = (v: unknown) => (typeof v === "boolean" ? v : null);

export function callEndOf(m: Record<string, unknown>): CallEnd {
  const t = m.inactivity_timeout_seconds;
  return {
    stopReason: shownStopReason(m.stop_reason),
    cleanExit: bool(m.clean_exit),
    policy: str(m.conversation_end_policy),
    reason: str(m.conversation_end_reason),
    inactivitySeconds: typeof t === "number" && Number.isFinite(t) ? t : null,
    endToolCalled: bool(m.end_conversation_tool_called),
    simulatorEndReported: bool(m.simulator_end_reported),
    lastSpeaker: str(m.last_speaker),
  };
}

/** The policy in effect: the field, else the default (a run that predates the flag). */
export const policyOf = (end: CallEnd): string => end.policy ?? DEFAULT_END_POLICY;

const secondsText = (s: number) => `${Number.isInteger(s) ? s : s.toFixed(1)} s`;

export interface CallEndStory {
  /** One sentence: how the call ended, and what the policy makes of it. */
  text: string;
  /** Whether the end points at the agent (a failing clean exit the agent could have avoided). */
  agentAtFault: boolean;
  /** An inactivity end: the silence's length (s), when known. */
  silenceSeconds: number | null;
}

/**
 * The call's end in words. The verdict is metrics.json's `clean_exit`; when it is absent, the stop
 * reason under the policy decides what the page says (never the agent's fault when it would count clean).
 */
export function callEndStory(end: CallEnd): CallEndStory {
  const policy = policyOf(end);
  const clean = end.cleanExit ?? expectedClean(end);
  const verdict =
    clean === true ? `a valid end under ${policy}` : clean === false ? `not a clean exit under ${policy}` : `its verdict under ${policy} is unknown`;
  const who = end.lastSpeaker === "user" ? "the caller's last turn" : end.lastSpeaker === "agent" ? "the agent's last turn" : "the last turn";
  let how: string;
  switch (end.stopReason) {
    case "[EXIT]":
      how = "The agent ended the call with its end-conversation tool";
      break;
    case "[SIMULATOR_EXIT]":
      how = "The caller (the user simulator) reported the end of the conversation";
      break;
    case "[INACTIVITY_TIMEOUT]":
      how =
        end.inactivitySeconds !== null
          ? `Ended after ${secondsText(end.inactivitySeconds)} of silence following ${who}`
          : `Ended by inactivity following ${who}`;
      break;
    case "[TIMEOUT]":
      how = "Ended at the time cap (the scenario's timeout) without a valid end";
      break;
    case null:
      how = "How the call ended is not recorded (no stop_reason)";
      break;
    default:
      how = `Ended with stop reason ${end.stopReason}`;
  }
  const reason = end.reason ? ` (${END_REASON_LABEL[end.reason] ?? end.reason})` : "";
  const agentAtFault = clean === false && end.stopReason !== "[SIMULATOR_EXIT]" && !(end.stopReason === "[INACTIVITY_TIMEOUT]" && end.lastSpeaker === "agent");
  return {
    text: `${how}: ${verdict}${reason}.`,
    agentAtFault,
    silenceSeconds: end.stopReason === "[INACTIVITY_TIMEOUT]" ? end.inactivitySeconds : null,
  };
}

/** What the harness's rule gives for this end under its policy (used only when clean_exit is absent). */
export function expectedClean(end: CallEnd): boolean | null {
  switch (end.stopReason) {
    case "[EXIT]":
      return true;
    case "[TIMEOUT]":
      return false;
    case "[SIMULATOR_EXIT]":
      return policyOf(end) === "valid-terminal-state";
    case "[INACTIVITY_TIMEOUT]":
      return policyOf(end) === "valid-terminal-state" && end.lastSpeaker === "user";
    default:
      return null;
  }
}

/** A run's end settings: the policy and the inactivity timeout, from its arguments, else from its calls' metrics. */
export interface EndSettings {
  policy: string;
  /** Whether the policy was read (the flag or a field), or is the default assumed for a run that predates it. */
  policyKnown: boolean;
  inactivitySeconds: number | null;
}

export function endSettingsLabel(s: EndSettings): string {
  return `conversation-end policy ${s.policy}${s.policyKnown ? "" : " (default)"}${s.inactivitySeconds !== null ? `, inactivity timeout ${secondsText(s.inactivitySeconds)}` : ""}`;
}

/**
 * Why two runs' clean exit (and the success that includes it) are not like for like: each setting that
 * differs, as "conversation-end policy tool-only → valid-terminal-state"; empty when they agree.
 */
export function endSettingsChanges(a: EndSettings, b: EndSettings): string[] {
  const out: string[] = [];
  if (a.policy !== b.policy) out.push(`conversation-end policy ${a.policy} → ${b.policy}`);
  if (a.inactivitySeconds !== b.inactivitySeconds)
    out.push(
      `inactivity timeout ${a.inactivitySeconds === null ? "none" : secondsText(a.inactivitySeconds)} → ${b.inactivitySeconds === null ? "none" : secondsText(b.inactivitySeconds)}`,
    );
  return out;
}

export const NOT_LIKE_FOR_LIKE = "Clean exit and success are not like for like";

export function endSettingsNote(changes: readonly string[]): string | null {
  return changes.length ? `${NOT_LIKE_FOR_LIKE}: ${changes.join("; ")}` : null;
}

/**
 * A run's end settings: `--conversation-end-policy` and `--inactivity-timeout` from its last invocation's
 * arguments (`parsed_args`), else what its calls' metrics.json say, else the default policy (a run that
 * predates the flags, whose calls had no inactivity timeout).
 */
export function endSettingsOf(args: Record<string, unknown> | null, metrics: Iterable<Record<string, unknown>>): EndSettings {
  let policy = typeof args?.conversation_end_policy === "string" ? args.conversation_end_policy : null;
  const t = args?.inactivity_timeout;
  let inactivity = typeof t === "number" && Number.isFinite(t) ? t : null;
  if (policy === null || inactivity === null) {
    for (const m of metrics) {
      if (policy === null && typeof m.conversation_end_policy === "string") policy = m.conversation_end_policy;
      const s = m.inactivity_timeout_seconds;
      if (inactivity === null && typeof s === "number" && Number.isFinite(s)) inactivity = s;
      if (policy !== null && inactivity !== null) break;
    }
  }
  return { policy: policy ?? DEFAULT_END_POLICY, policyKnown: policy !== null, inactivitySeconds: inactivity };
}

/** Scenarios by stop reason, the known ones in `STOP_REASONS` order first. */
export function stopReasonCounts(metrics: Iterable<Record<string, unknown>>): Record<string, number> {
  const count = new Map<string, number>();
  for (const m of metrics) {
    const reason = shownStopReason(m.stop_reason);
    if (reason !== null) count.set(reason, (count.get(reason) ?? 0) + 1);
  }
  const rank = (k: string) => {
    const i = (STOP_REASONS as readonly string[]).indexOf(k);
    return i < 0 ? STOP_REASONS.length : i;
  };
  return Object.fromEntries([...count.entries()].sort((a, b) => rank(a[0]) - rank(b[0]) || (a[0] < b[0] ? -1 : 1)));
}
