/**
 * `GET …/scenarios/{name}/audio-analysis`: the recording measured (lib/core/audio) against the logged
 * turns, computed on demand and kept per file signature (size and mtime) in the process's audio work
 * (`work.ts`: two analyses at once server-wide, answers kept by their size), so a page and the API read
 * a recording once until it changes.
 */
import "server-only";
import { ensureRecording } from "../source/lazy-recordings";
import { join } from "node:path";
import { analysisSteps } from "@/lib/core/audio/analyse";
import { markToolTurns, toolTurnIndices } from "@/lib/core/audio/interaction-facts";
import { buildTurns } from "@/lib/core/transcript";
import { lstatInside } from "../ingest/fs-safe";
import { yieldToLoop } from "../ingest/pool";
import type { RunModel } from "../model/run-model";
import { scenarioDetail } from "../views/scenario-detail";
import { readWavFrames } from "./wav-frames";
import { audioWork, type AudioAnswer } from "./work";

export type { AudioAnswer };

export async function audioAnalysis(run: RunModel, name: string): Promise<AudioAnswer> {
  // An object-storage source's recording is fetched now, on its first request (a no-op for a folder).
  await ensureRecording(join(run.dir, name, "conversation_log.wav"));
  // The folders on the way are checked: nothing is read through a link.
  const found = await lstatInside(run.dir, `${name}/conversation_log.wav`);
  if (found.kind !== "file" || !found.info)
    return {
      status: 404,
      reason:
        found.kind === "missing" ? "no conversation_log.wav for this scenario" : "conversation_log.wav is not a regular file (a link or a folder is not read)",
    };
  const key = `${run.dir}\0${name}\0${found.info.size}@${found.info.mtimeMs}`;
  return audioWork().answer(key, async (): Promise<AudioAnswer> => {
    const [frames, detail] = await Promise.all([readWavFrames(join(run.dir, name, "conversation_log.wav")), scenarioDetail(run, name, { contexts: false })]);
    if (!frames.ok) return { status: 422, reason: `conversation_log.wav: ${frames.problem}` };
    const { turns } = buildTurns({ conversation: detail?.conversation ?? null, segments: detail?.segments ?? null });
    // The analysis in steps, each bounded by the frames read (`MAX_ANALYSED_SECONDS`), with requests let in between.
    // The agent's tool calls (its context) mark the turns they came before: the latency split (issue 57).
    const calls = detail?.insights.toolCalls ?? null;
    const steps = analysisSteps({
      ...frames,
      turns: markToolTurns(
        turns.map((t) => ({ role: t.role, start: t.start, end: t.end, interrupted: t.interrupted, text: t.text })),
        calls ? toolTurnIndices(calls) : null,
      ),
    });
    for (;;) {
      await yieldToLoop();
      const step = steps.next();
      if (step.done) return { status: 200, analysis: step.value };
    }
  });
}
