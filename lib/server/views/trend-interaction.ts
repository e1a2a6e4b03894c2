/**
 * The τ-voice interaction panel per night of a trends range (issue 47's gap): each night's recordings
 * measured as its run's Audio tab measures them (`runAudio`: failures first, each recording once per
 * file signature), pooled per night. Bounded: the newest nights with recordings, and a number of
 * recordings per night, both said on the page.
 */
import "server-only";
import type { RunInteraction } from "@/lib/shared/audio";
import type { RunModel } from "../model/run-model";
import { runAudio } from "./run-audio";

/** At most this many nights are measured: the newest with recordings. */
export const INTERACTION_NIGHTS = 14;
/** Recordings measured per night (failures first): about 10–100 ms each the first time. */
export const INTERACTION_RECORDINGS = 50;

export interface NightInteraction {
  runId: string;
  /** Recordings measured, and whether the night has more scenarios than were looked at. */
  recordings: number;
  truncated: boolean;
  interaction: RunInteraction;
}

/** The interaction panel of each of the newest nights (of `runs`, oldest first) that have recordings, oldest first. */
export async function interactionPerNight(runs: readonly RunModel[]): Promise<NightInteraction[]> {
  const out: NightInteraction[] = [];
  for (let i = runs.length - 1; i >= 0 && out.length < INTERACTION_NIGHTS; i--) {
    const audio = await runAudio(runs[i]!, INTERACTION_RECORDINGS);
    if (audio.recordings === 0) continue;
    out.push({ runId: audio.runId, recordings: audio.recordings, truncated: audio.truncated, interaction: audio.interaction });
  }
  return out.reverse();
}
