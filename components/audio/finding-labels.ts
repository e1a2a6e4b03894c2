/** The audio findings' names as a user reads them (the scenario page, the run page's Audio tab, compare). */
import type { FindingKind } from "@/lib/core/audio/analyse";

export const FINDING_LABEL: Record<FindingKind, string> = {
  silent_turn: "silent turn",
  unlogged_speech: "unlogged speech",
  talk_over: "talk-over",
  dead_air: "dead air",
  clipping: "clipping",
  noisy_line: "noisy line",
  dropout: "dropout",
  dead_stream: "dead stream",
  echo: "echo",
  loop: "loop",
  cut_off: "cut off",
};

export const FINDING_HINT: Record<FindingKind, string> = {
  silent_turn: "A logged turn whose channel is silent on the recording: the TTS produced nothing audible.",
  unlogged_speech: "Speech on the recording that no logged turn covers.",
  talk_over: "Both sides speak at once where the logs show no interruption.",
  dead_air: "A silence well beyond the call's own response gaps.",
  clipping: "A run of samples at full scale: distorted audio.",
  noisy_line: "A channel whose speech stands less than 15 dB above its noise: a noisy line.",
  dropout: "Up to 250 ms of silence inside speech, entered and left at full level: lost frames.",
  dead_stream: "Exact zeros for over a second while the logs say this side speaks: the audio stream died.",
  echo: "The other side's voice on this channel, delayed and attenuated (not counted as this side's speech).",
  loop: "The same block of audio (250 ms or more) played three times or more in a row.",
  cut_off: "Speech that stops at full level with no decay, on an interruption or at the recording's end.",
};
