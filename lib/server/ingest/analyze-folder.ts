/** Reads and analyses one run folder in one go (the CLI's path; the live index updates incrementally instead). */
import "server-only";
import { analyzeRun, type RunAnalysis } from "@/lib/core";
import { readRunFolder, type RunFolderRead } from "./read-run";
import { lastActivityMs } from "./run-activity";

export async function analyzeFolder(
  dir: string,
  options: { minAgentTurnsOverride?: number; nowMs?: number } = {},
): Promise<{ read: RunFolderRead; analysis: RunAnalysis }> {
  const read = await readRunFolder(dir);
  const { runLevel } = read;
  const analysis = analyzeRun({
    invocations: runLevel.invocations,
    sessions: runLevel.sessions,
    scenarios: read.scenarios,
    allMetricsOrder: runLevel.allMetricsOrder,
    allSummary: runLevel.allSummary,
    lastActivityMs: await lastActivityMs(dir, runLevel),
    nowMs: options.nowMs ?? Date.now(),
    minAgentTurnsOverride: options.minAgentTurnsOverride,
  });
  return { read, analysis };
}
