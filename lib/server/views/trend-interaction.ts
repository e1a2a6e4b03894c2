/**
 * The τ-voice interaction panel per night of a trends range (issue 47's gap): each night's recordings
 * measured as its run's Audio tab measures them (`runAudio`: failures first, each recording once per
 * file signature), pooled per night. Bounded: the newest nights of the range, and a number of
 * recordings per night, both said on the page. A night without a recording is passed over by a few
 * `lstat`s: its states are not loaded nor its table made (a year of nights without audio costs
 * nothing).
 */
import "server-only";
import { lstatInsideSync } from "../ingest/fs-sync";
import { yieldToLoop } from "../ingest/pool";
import { processCaches } from "../process-caches";
import type { RunInteraction } from "@/lib/shared/audio";
import type { RunModel } from "../model/run-model";
import { runAudio } from "./run-audio";

/** At most this many nights are looked at: the newest of the range. */
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

/** The interaction panel of each of the newest `INTERACTION_NIGHTS` nights of `runs` (oldest first) that have recordings, oldest first. */
export async function interactionPerNight(runs: readonly RunModel[]): Promise<NightInteraction[]> {
  const out: NightInteraction[] = [];
  for (const run of runs.slice(-INTERACTION_NIGHTS)) {
    if (!(await hasRecording(run))) continue;
    const audio = await runAudio(run, INTERACTION_RECORDINGS);
    if (audio.recordings === 0) continue;
    out.push({ runId: audio.runId, recordings: audio.recordings, truncated: audio.truncated, interaction: audio.interaction });
  }
  return out;
}

/** `lstat`s between two turns of the event loop: 14 nights of 2,000 scenarios held the server's thread for about 200 ms in one piece. */
const LSTATS_PER_SLICE = 500;

/** Whether any scenario of the run has a recording: looked up once per revision of a finished run (a night of 2,000 scenarios is 2,000 `lstat`s), at each view of a live one. */
async function hasRecording(run: RunModel): Promise<boolean> {
  const seen = processCaches().weak<RunModel, { revision: number; has: boolean }>("trend-recordings");
  const hit = seen.get(run);
  if (hit && hit.revision === run.revision && run.finished) return hit.has;
  let has = false;
  let looked = 0;
  for (const name of [...run.scenarioNames()]) {
    if (lstatInsideSync(run.dir, `${name}/conversation_log.wav`).kind === "file") {
      has = true;
      break;
    }
    if (++looked % LSTATS_PER_SLICE === 0) await yieldToLoop();
  }
  seen.set(run, { revision: run.revision, has });
  return has;
}
