/** Public types of the results generator. */

/** One file of a generated results tree. */
export interface GeneratedFile {
  /** POSIX path relative to the results root, e.g. `eval_20261120_091500/qa__capital_france/metrics.json`. */
  path: string;
  content: string | Uint8Array;
  /** Modification time to set (epoch ms). Absent: leave the write time (a live, "running" file). */
  mtimeMs?: number;
}

export type SignalName = "is_action_match" | "db_state_match" | "db_state_assertion" | "nl_assertion" | "judge_passed" | "clean_exit";

export const SIGNALS: readonly SignalName[] = ["is_action_match", "db_state_match", "db_state_assertion", "nl_assertion", "judge_passed", "clean_exit"];

/** What happens in one scenario of one run. */
export type OutcomeKind =
  | "success"
  /** Task done, but the agent never ended the call: `[TIMEOUT]`, `clean_exit: false` (a newer harness: `[INACTIVITY_TIMEOUT]` after the caller's last "hello?"). */
  | "timeout"
  /** Task done, the caller says goodbye and the simulator ends the call; the agent never calls its end tool (`[SIMULATOR_EXIT]` under valid-terminal-state). */
  | "caller_ends"
  /** A wrong write (misheard id, wrong item): DB hash mismatch / failed predicate. */
  | "db_mismatch"
  /** The agent bot did not answer the end-of-scenario pull: `db_state_actual_hash: null`. */
  | "null_hash"
  /** The judge fails one or more natural-language assertions. */
  | "nl_fail"
  /** Telecom: a DB-state predicate fails or errors (no user DB pulled). */
  | "dba_fail"
  /** Push domains: the recorded order/ticket differs from the reference. */
  | "action_mismatch"
  /** Push domains: the pull returned `[{"actions": []}]`, the pushed summary only shows in bridge_log. */
  | "summary_not_captured"
  /** The agent calls a tool that does not exist (`There is no tool named ...`). */
  | "tool_error"
  /** The judge endpoint failed: score 0.0, reason `Error: ...`. */
  | "judge_error"
  /** The judge scores below the threshold. */
  | "judge_low"
  /** The judge returned a non-numeric score: bare `NaN` in judge_result.json and metrics.json. */
  | "judge_nan"
  /** The agent LLM hung after the greeting: fewer agent calls than `minAgentTurns`. */
  | "stall"
  /** The bots crashed before any audio: zero turns, empty contexts. */
  | "zero_turn"
  /** The agent hangs up without doing anything (passes DB match on policy-refusal tasks). */
  | "inaction"
  /** The caller's words and the judge reason carry HTML/script payloads (inert rendering test). */
  | "xss";

export interface AudioOptions {
  /** Sample rate of `conversation_log.wav` (default 16000). */
  sampleRate?: number;
  /** Seconds of tone per turn (default 1.5). */
  secondsPerTurn?: number;
  /** Only the first N finished scenarios of the run get a WAV (default: all). */
  maxScenarios?: number;
  /** Each segment's tone at its real time, so the WAV covers the whole call (`secondsPerTurn` unused). */
  fullCall?: boolean;
  /** Which scenarios get a WAV, by name or 0-based queue index (`"#3"`), instead of the first `maxScenarios`. */
  scenarios?: string[];
  /**
   * Each segment's own words spoken at its logged time (implies `fullCall`), by the `speech` synthesizer of
   * `GenerateOptions` (espeak-ng when the example is built); without one, tones of the same length stand in.
   */
  speech?: boolean;
  /** Where the recording and the logs disagree on purpose: each plant in the scenario named (speech WAVs only). */
  plants?: Partial<Record<SpeechPlant, string>>;
}

/**
 * What a speech WAV plants: an agent turn logged but silent on the recording; the agent's reply starting
 * over the caller's last words although the logs show no interruption; a run of full-scale samples; a bad
 * line (background noise at about 13 dB SNR on both channels, the agent's voice echoed on the caller's
 * channel, 120 ms of an agent reply dropped); the caller cutting into an agent reply that stops 0.6 s later
 * (a yield).
 */
export type SpeechPlant = "silent_turn" | "talk_over" | "clipping" | "bad_line" | "yield";

/** Speech for one segment: mono samples at the synthesizer's rate, or null when it cannot speak. */
export type SpeechSynth = (text: string, side: "user" | "agent", seconds: number) => { sampleRate: number; samples: Int16Array } | null;

export type RunState = "finished" | "killed" | "running" | "resumed";

export interface RunOptions {
  /** Run directory, POSIX, relative to the results root; may be nested (`team-a/eval_20261120_091500`). */
  name: string;
  /** Number of scenarios in the queue. */
  scenarios: number;
  /** Domains the scenarios are drawn from (round-robin), e.g. `["tau2_retail", "qa"]`. */
  domains: string[];
  /** Outcome seed; default derived from the global seed and the run name. */
  seed?: number;
  /** Probability that a scenario succeeds (default 0.7). */
  quality?: number;
  /** Relative weights of the failure kinds drawn when a scenario does not succeed. */
  failureMix?: Partial<Record<OutcomeKind, number>>;
  /** Forced outcomes by scenario name (or by 0-based queue index as a string `"#3"`). */
  outcomes?: Record<string, OutcomeKind>;
  state?: RunState;
  /** Start of the first session, naive ISO; default: parsed from the run name. */
  startedAt?: string;
  /** For `resumed`: start of the resume session (naive ISO); default: 6 hours after the first one ends. */
  resumedAt?: string;
  /** For killed/running/resumed runs: scenarios finished before the first session stopped (default 60%). */
  completedBeforeStop?: number;
  /**
   * A newer harness's automatic retries (issue 45): every metrics.json carries `auto_retry_count`, and
   * these scenarios (by name or `"#i"`) were retried, one reason per discarded attempt, each attempt's
   * folder kept as `<scenario>.killed.autoretry<N>.<timestamp>/`; run_args.json records the switches.
   */
  autoRetries?: Record<string, string[]>;
  /**
   * A newer harness's conversation-end settings (1979de49, issue 57): `--conversation-end-policy` and
   * `--inactivity-timeout` in run_args.json, the six end fields in every metrics.json, and calls the
   * agent does not end stopped by the simulator (`[SIMULATOR_EXIT]`, under valid-terminal-state only) or
   * by inactivity (`[INACTIVITY_TIMEOUT]`). Absent: an older harness.
   */
  conversationEnd?: { policy: "tool-only" | "valid-terminal-state"; inactivitySeconds: number };
  /** `--min-agent-turns` (default 3; 0 disables the stall rule). */
  minAgentTurns?: number;
  /** Whether an LLM judge is configured (default true). */
  judge?: boolean;
  /** `--judge-threshold` (default 0.9). */
  judgeThreshold?: number;
  /** Truncate strings in the judge's context histories to this many characters (default none). */
  judgeContextStringLimit?: number;
  /** Typical size of `bot_logs_agent/llm_context.json` in KB (default 24). */
  agentContextKB?: number;
  /** A few scenarios with a much larger agent context: how many and how big (KB). */
  largeContexts?: { count: number; kb: number };
  /** Write `conversation_log.wav` files (short synthetic tones: left = user, right = agent). */
  audio?: boolean | AudioOptions;
  /** Seconds added to every agent response (a latency that drifts across a suite's nights). */
  responseDelay?: number;
  /** Also log the user simulator's TTS time to first byte (`[USER METRICS] ttfb processor=…TTSService…`). */
  userTtsTtfb?: boolean;
  /** Write only metrics.json, judge_result.json and the run-level files. */
  lean?: boolean;
  /** In a lean run, the scenarios written whole all the same (by name or 0-based queue index, `"#3"`). */
  full?: string[];
  /** Older harness layout: `true` for the whole run, or the fraction of scenarios affected. */
  legacy?: boolean | number;
  /** Write all_metrics.json and all_latencies.csv for finished sessions (default true). */
  aggregates?: boolean;
  /** `--output-dir` recorded in run_args.json and paths (default `./eval_results`). */
  outputDir?: string;
}

export interface GenerateOptions {
  /** Suite seed: decides scenario names and definitions; runs with the same seed share them. */
  seed: number;
  runs: RunOptions[];
  /** Speaks the segments of `audio.speech` runs (build time only: `scripts/generate.ts` passes espeak-ng's). */
  speech?: SpeechSynth;
}
