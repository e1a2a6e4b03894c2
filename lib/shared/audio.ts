/** A run's recordings measured: what `lib/server/views/run-audio` gives the Audio tab, compare and `report`. */
import type { Verdict } from "@/lib/core";
import type { FindingKind, InteractionPanel, LineQuality } from "@/lib/core/audio/analyse";
import type { PooledPanel } from "@/lib/core/audio/interaction";
import type { DeadAir, ResponseLatencyByTurn } from "@/lib/core/audio/interaction-facts";

/** A run's interaction panel: its calls' events pooled; a rate backed by fewer than 10 events is null and named in `hidden`. */
export type RunInteraction = PooledPanel;

export interface ScenarioAudio {
  name: string;
  verdict: Verdict;
  durationSeconds: number;
  /** Response gaps measured on the audio (ms). */
  audioP50: number | null;
  audioP95: number | null;
  handOffs: number;
  /** The logged latencies (metrics.json), for comparison. */
  loggedP50: number | null;
  loggedP95: number | null;
  findings: Partial<Record<FindingKind, number>>;
  /** The call's τ-voice interaction panel, and each channel's line quality (null for a recording that could not be read). */
  interaction: InteractionPanel | null;
  /** τ-voice's dead air and the response latency by turn (issue 57); null for a recording that could not be read. */
  deadAir: DeadAir | null;
  responseLatencyByTurn: ResponseLatencyByTurn | null;
  line: { user: LineQuality; agent: LineQuality } | null;
  /** A recording that could not be read, named. */
  problem: string | null;
}

export interface RunAudio {
  runId: string;
  /** Scenarios looked at, and of them those with a recording. */
  scenarios: number;
  recordings: number;
  /** More scenarios than `limit`: the rest were not looked at. */
  truncated: boolean;
  /** Findings over the run, by kind. */
  totals: Record<FindingKind, number>;
  /** Every response gap of the run's recordings pooled (ms). */
  audioP50: number | null;
  audioP95: number | null;
  /** The τ-voice interaction panel over the run's recordings. */
  interaction: RunInteraction;
  /** Dead air over the run's recordings (totals summed over the spans measured, the longest gap of all), and the latency split pooled. */
  deadAir: DeadAir & { calls: number };
  responseLatencyByTurn: ResponseLatencyByTurn;
  rows: ScenarioAudio[];
}
