/**
 * A run's history across sessions (ARTIFACTS.md §1.16, §4.11, §5.3): what each harness session was
 * started with, what it loaded from disk and what it ran, the in-flight folders a resume moved
 * aside (`<name>.killed.<TS>`), and where a session that never finished stopped.
 */
import type { LogSession } from "./evidence/evaluation-log";
import { redactText } from "./redact";
import { minAgentTurnsOf } from "./evidence/run-args";
import { parseAttemptFolder } from "./retries";
import type { RunStatus } from "./run-state";
import type { Invocation } from "./schemas";

export type SessionEnd =
  | { kind: "complete" }
  | { kind: "failed"; reason: string }
  | { kind: "interrupted" }
  /** The log stops in the middle of a scenario: a later session resumed, or the process died. */
  | { kind: "stopped"; scenario: { name: string; position: number; of: number; time: string | null } | null }
  | { kind: "running"; scenario: { name: string; position: number; of: number; time: string | null } | null };

export interface SessionHistory {
  /** 1-based. */
  index: number;
  /** `run_args.json` `started_at`, else the log's `Queued` line time. */
  startedAt: string | null;
  resumed: boolean;
  /** `on`/`off` from the log's "Using LLM judge" line or `parsed_args.judge_url`; `unknown` without either. */
  judge: "on" | "off" | "unknown";
  judgeModel: string | null;
  judgeThreshold: number | null;
  /** `null` when the invocation is unknown (no run_args.json entry for this session). */
  minAgentTurns: number | null;
  queued: number | null;
  /** Loaded from disk (`[SKIP] … already complete`). */
  loaded: string[];
  /** Run (first time or again) in this session: its `Starting Scenario` lines. */
  ran: string[];
  /** In-flight folders this session moved aside before re-running them (`[CLEANUP]`). */
  movedAside: string[];
  end: SessionEnd;
}

export interface KilledFolder {
  /** Folder name, e.g. `tau2_retail__103.killed.20261124_160211`. */
  folder: string;
  /** The scenario it was an attempt of. */
  scenario: string;
  /** `YYYY-MM-DDTHH:MM:SS` from the `<TS>` suffix: when the resume moved it aside. */
  movedAt: string | null;
  /** 1-based session that moved it aside (the attempt died in the session before), when known. */
  session: number | null;
}

export interface RunHistory {
  sessions: SessionHistory[];
  killed: KilledFolder[];
  /** For a run that is not running and did not finish: the scenario the last session died in. */
  diedIn: { name: string; position: number; of: number; time: string | null } | null;
}

const KILLED = /^(.*)\.killed\.(\d{4})(\d\d)(\d\d)_(\d\d)(\d\d)(\d\d)$/;

/** `tau2_x.killed.20261124_160211` → its scenario and time; `null` for another name. */
export function parseKilledFolder(folder: string): { scenario: string; movedAt: string } | null {
  const m = KILLED.exec(folder);
  if (!m) return null;
  const [, scenario, y, mo, d, h, mi, s] = m as unknown as string[];
  return { scenario: scenario as string, movedAt: `${y}-${mo}-${d}T${h}:${mi}:${s}` };
}

/**
 * What a session ran: a session that finished ran its whole queue but what it loaded from disk
 * (§4.11), which holds however little of its log was read (a finished log is read from its end);
 * otherwise its `Starting Scenario` lines.
 */
function ranIn(session: LogSession): string[] {
  if (session.complete && session.queued) {
    const loaded = new Set(session.loaded);
    return [...new Set(session.queued.filter((name) => !loaded.has(name)))];
  }
  return [...new Set(session.started.map((x) => x.name))];
}

function lastStarted(session: LogSession) {
  const last = session.started[session.started.length - 1];
  return last && !session.completed.includes(last.name) ? last : null;
}

function judgeOf(session: LogSession | undefined, invocation: Invocation | undefined): Pick<SessionHistory, "judge" | "judgeModel"> {
  const args = invocation?.parsed_args;
  // Shown on the run page: a model given as a URL may carry credentials (issue 42).
  const model = typeof args?.judge_model === "string" ? redactText(args.judge_model) : null;
  if (session?.judge) return { judge: "on", judgeModel: session.judge.model ? redactText(session.judge.model) : model };
  if (args && "judge_url" in args) return { judge: args.judge_url ? "on" : "off", judgeModel: args.judge_url ? model : null };
  // A log that was read from its start and never named a judge ran without one.
  return { judge: session && session.startedAt !== null ? "off" : "unknown", judgeModel: null };
}

function endOf(session: LogSession, isLast: boolean, status: RunStatus): SessionEnd {
  if (session.complete) return { kind: "complete" };
  if (session.failed !== null) return { kind: "failed", reason: session.failed };
  if (session.interrupted) return { kind: "interrupted" };
  const scenario = lastStarted(session);
  return isLast && status.state === "running" ? { kind: "running", scenario } : { kind: "stopped", scenario };
}

export interface RunHistoryInput {
  invocations: readonly Invocation[];
  sessions: readonly LogSession[];
  killedFolders: readonly string[];
  status: RunStatus;
}

export function runHistory(input: RunHistoryInput): RunHistory {
  const { invocations, sessions, status } = input;
  // Sessions and invocations pair up by position; a log cut short or a run without run_args.json
  // leaves one side shorter.
  const n = Math.max(sessions.length, invocations.length);
  const out: SessionHistory[] = [];
  for (let i = 0; i < n; i++) {
    const s = sessions[i];
    const inv = invocations[i];
    const threshold = inv?.parsed_args?.judge_threshold;
    out.push({
      index: i + 1,
      startedAt: inv?.started_at ?? s?.startedAt?.replace(" ", "T") ?? null,
      resumed: s?.resuming ?? (typeof inv?.parsed_args?.resume === "string" || inv?.resumed_from_invocation !== undefined),
      ...judgeOf(s, inv),
      judgeThreshold: typeof threshold === "number" ? threshold : null,
      minAgentTurns: inv ? minAgentTurnsOf(inv) : null,
      queued: s?.queuedCount ?? inv?.resolved_scenario_count ?? null,
      loaded: s ? [...s.loaded] : [],
      ran: s ? ranIn(s) : [],
      movedAside: s ? [...s.movedAside] : [],
      end: s ? endOf(s, i === sessions.length - 1, status) : { kind: "stopped", scenario: null },
    });
  }
  // An automatic retry's discarded attempt (`.killed.autoretry<N>.`) is not a resume's: its scenario page and the retries note tell it.
  const killed = input.killedFolders
    .filter((folder) => parseAttemptFolder(folder) === null)
    .map((folder): KilledFolder => {
      const parsed = parseKilledFolder(folder);
      const scenario = parsed?.scenario ?? folder.slice(0, folder.indexOf(".killed."));
      const movedAt = parsed?.movedAt ?? null;
      // The session that moved it aside started at its timestamp and logged a [CLEANUP] for it.
      const byTime = movedAt === null ? -1 : out.findIndex((h) => h.startedAt === movedAt);
      const byCleanup = out.findIndex((h) => h.movedAside.includes(scenario));
      const at = byTime >= 0 ? byTime : byCleanup;
      return { folder, scenario, movedAt, session: at >= 0 ? at + 1 : null };
    });
  const last = sessions[sessions.length - 1];
  const dead = status.state === "killed" || status.state === "probably-stalled";
  return { sessions: out, killed, diedIn: dead && last ? lastStarted(last) : null };
}
