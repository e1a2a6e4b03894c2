/** What every step of the audio analysis shares: the frames it reads, the sides, the findings it names. */

/** 10 ms frames: fine enough for 100 ms edges, 60,000 frames for a 10-minute call. */
export const FRAME_SECONDS = 0.01;
/** A pause shorter than this inside a spurt is merged (breaths, plosives, word gaps). */
export const MERGE_PAUSE_S = 0.5;
/** A spurt shorter than this is dropped (clicks, line noise). */
export const MIN_SPURT_S = 0.1;
/** Each list an analysis returns holds at most this many items; its `counts` say how many there were. */
export const MAX_LISTED = 2000;

export type Side = "user" | "agent";

export interface ChannelFrames {
  /** RMS of each frame, 0..1 of full scale. */
  rms: Float32Array;
  /** RMS of each frame in the speech band (above 200 Hz, the top softened: `band-pass.ts`), 0..1 of full scale. */
  band: Float32Array;
  /** Samples at full scale per frame. */
  clipped: Uint16Array;
}

export interface LoggedTurn {
  role: Side;
  start: number;
  end: number;
  /** Whether the logs mark the turn interrupted (a barge-in the logs know about). */
  interrupted: boolean;
  /** What the logs say was said, when they say it (a backchannel is a short one). */
  text?: string;
  /** An agent turn that followed a tool call (from the agent's context), when the context is known. */
  tool?: boolean;
}

/**
 * Stable names (other views key on them): the first five since issue 34; `noisy_line`, `dropout`,
 * `dead_stream`, `echo`, `loop` and `cut_off` since issue 47.
 */
export const FINDING_KINDS = [
  "silent_turn",
  "unlogged_speech",
  "talk_over",
  "dead_air",
  "clipping",
  "noisy_line",
  "dropout",
  "dead_stream",
  "echo",
  "loop",
  "cut_off",
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export interface AudioFinding {
  kind: FindingKind;
  side: Side | "both";
  start: number;
  end: number;
  message: string;
}
