/** The audio findings' names as a user reads them (the scenario page, the run page's Audio tab, compare). */
import type { FindingKind } from "@/lib/core/audio/analyse";

export const FINDING_LABEL: Record<FindingKind, string> = {
  silent_turn: "silent turn",
  unlogged_speech: "unlogged speech",
  talk_over: "talk-over",
  dead_air: "dead air",
  clipping: "clipping",
};

export const FINDING_HINT: Record<FindingKind, string> = {
  silent_turn: "A logged turn whose channel is silent on the recording: the TTS produced nothing audible.",
  unlogged_speech: "Speech on the recording that no logged turn covers.",
  talk_over: "Both sides speak at once where the logs show no interruption.",
  dead_air: "A silence well beyond the call's own response gaps.",
  clipping: "A run of samples at full scale: distorted audio.",
};
