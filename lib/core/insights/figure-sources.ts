/**
 * One figure, several sources (issue 55 part 3): the scenario page's header shows the harness's
 * figure (metrics.json); a panel that measures it otherwise names its source; and where two sources
 * differ by more than their precision, one line says so and why. Pure: the page, the export and
 * the scenario report call these with what they have.
 */
import { stats } from "../timing/stats";

/** The sources' precision: metrics.json and the log state ms with decimals; the recording is read in 10 ms frames. */
const LOG_PRECISION_MS = 1;
const RECORDING_PRECISION_MS = 10;
/** Durations: the log's times have 3 decimals, the recording's length is exact to a frame; a second apart is more than that. */
const DURATION_PRECISION_S = 0.5;

const msText = (ms: number) => `${Math.round(ms).toLocaleString("en-US")} ms`;
const sText = (s: number) => `${s.toFixed(1)} s`;

export interface LatencySourcesInput {
  /** metrics.json's latency_stats as stored (the harness's figure). */
  harness: { count: number; p50Ms: number } | null;
  /** The conversation log's agent turn gaps (the timing table's agent row): n and p50 in seconds. */
  log: { n: number; p50: number } | null;
  /** The recording's response gaps (user's speech end to the agent's start on the audio), ms. */
  recordingGapsMs: readonly number[] | null;
}

/** metrics.json's latency_stats when it has a count: the harness's p50 and p95. */
export function harnessLatency(metrics: Record<string, unknown> | null): { count: number; p50Ms: number } | null {
  const s = metrics?.latency_stats;
  if (!s || typeof s !== "object") return null;
  const { count, p50_ms } = s as Record<string, unknown>;
  return typeof count === "number" && count > 0 && typeof p50_ms === "number" && Number.isFinite(p50_ms) ? { count, p50Ms: p50_ms } : null;
}

/** One line when the log's or the recording's p50 differs from the harness's by more than their precision; `null` when they agree or there is nothing to compare. */
export function latencySourcesLine(x: LatencySourcesInput): string | null {
  if (!x.harness) return null;
  const parts: string[] = [];
  if (x.log && x.log.n > 0 && Math.abs(x.log.p50 * 1000 - x.harness.p50Ms) > LOG_PRECISION_MS) {
    parts.push(`the conversation log's turn gaps say ${msText(x.log.p50 * 1000)} (${x.log.n} agent turns, the first one's wait since routing began included)`);
  }
  const rec = x.recordingGapsMs && x.recordingGapsMs.length ? stats([...x.recordingGapsMs]) : null;
  if (rec && Math.abs(rec.p50 - x.harness.p50Ms) > RECORDING_PRECISION_MS) {
    parts.push(`the recording's response gap ${msText(rec.p50)} (${rec.n} hand-offs, silence on the audio)`);
  }
  if (!parts.length) return null;
  return `Latency p50 ${msText(x.harness.p50Ms)} is the harness's (metrics.json, ${x.harness.count} hand-offs); ${parts.join("; ")}: each times a different moment.`;
}

export interface DurationSourcesInput {
  /** metrics.json scenario_duration: the runner's wall clock around the conversation (the harness's Duration). */
  scenarioDurationS: number | null;
  /** The conversation log's last turn end, seconds since routing began. */
  logEndS: number | null;
  /** The recording's length. */
  recordingS: number | null;
}

/** metrics.json's `scenario_duration` (the harness's Duration, §summary), when it is a number. */
export function harnessDuration(metrics: Record<string, unknown> | null): number | null {
  const d = metrics?.scenario_duration;
  return typeof d === "number" && Number.isFinite(d) && d >= 0 ? d : null;
}

/** One line when the log's or the recording's span differs from scenario_duration by more than their precision. */
export function durationSourcesLine(x: DurationSourcesInput): string | null {
  if (x.scenarioDurationS === null) return null;
  const parts: string[] = [];
  if (x.logEndS !== null && Math.abs(x.logEndS - x.scenarioDurationS) > DURATION_PRECISION_S) parts.push(`the log's last turn ends at ${sText(x.logEndS)}`);
  if (x.recordingS !== null && Math.abs(x.recordingS - x.scenarioDurationS) > DURATION_PRECISION_S) parts.push(`the recording lasts ${sText(x.recordingS)}`);
  if (!parts.length) return null;
  return `Duration ${sText(x.scenarioDurationS)} is the harness's (metrics.json scenario_duration, set-up and end-of-call pulls included); ${parts.join(" and ")}: the speech alone.`;
}

/** "the log has 3 of the 6 calls metrics.json counts": token_usage's n_calls against the LLM calls the bridge log times; `null` when they agree or either is unknown. */
export function llmCallsLine(side: "agent" | "user", metricsCalls: number | null, logCalls: number | null): string | null {
  if (metricsCalls === null || logCalls === null || metricsCalls === logCalls) return null;
  return logCalls < metricsCalls
    ? `${side}: the bridge log has ${logCalls} of the ${metricsCalls} LLM calls metrics.json counts (token_usage): the figures above use the ${logCalls} it times.`
    : `${side}: the bridge log times ${logCalls} LLM calls where metrics.json counts ${metricsCalls} (token_usage).`;
}
