/**
 * `GET …/scenarios/{name}/audio-analysis`: the recording measured (lib/core/audio) against the logged
 * turns, computed on demand and kept per file signature (size and mtime), so a page and the API read
 * a recording once until it changes.
 */
import "server-only";
import { join } from "node:path";
import { analyseAudio, type AudioAnalysis } from "@/lib/core/audio/analyse";
import { buildTurns } from "@/lib/core/transcript";
import { lstatInside } from "../ingest/fs-safe";
import { processCaches } from "../process-caches";
import type { RunModel } from "../model/run-model";
import { scenarioDetail } from "../views/scenario-detail";
import { readWavFrames } from "./wav-frames";

export type AudioAnswer = { status: 200; analysis: AudioAnalysis } | { status: 404 | 422; reason: string };

/** Answers per recording signature (256). */
const cache = () => processCaches().lru<Promise<AudioAnswer>>("audio-analysis", { maxEntries: 256 });

export async function audioAnalysis(run: RunModel, name: string): Promise<AudioAnswer> {
  // The folders on the way are checked: nothing is read through a link.
  const found = await lstatInside(run.dir, `${name}/conversation_log.wav`);
  if (found.kind !== "file" || !found.info) return { status: 404, reason: found.kind === "missing" ? "no conversation_log.wav for this scenario" : "conversation_log.wav is not a regular file (a link or a folder is not read)" };
  const key = `${run.dir}\0${name}\0${found.info.size}@${found.info.mtimeMs}`;
  const hit = cache().get(key);
  if (hit) return hit;
  const answer = (async (): Promise<AudioAnswer> => {
    const [frames, detail] = await Promise.all([readWavFrames(join(run.dir, name, "conversation_log.wav")), scenarioDetail(run, name, { contexts: false })]);
    if (!frames.ok) return { status: 422, reason: `conversation_log.wav: ${frames.problem}` };
    const { turns } = buildTurns({ conversation: detail?.conversation ?? null, segments: detail?.segments ?? null });
    return { status: 200, analysis: analyseAudio({ ...frames, turns: turns.map((t) => ({ role: t.role, start: t.start, end: t.end, interrupted: t.interrupted })) }) };
  })();
  cache().set(key, answer);
  return answer;
}
