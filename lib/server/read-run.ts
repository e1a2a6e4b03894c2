/** Reads a whole run folder once and analyses it through the core (used by the CLI and the first scan). */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { isKilledFolder, type Problem, type ScenarioRecord } from "@/lib/core";
import { mapLimit } from "./pool";
import { readScenario } from "./read-scenario";
import { readRunLevel, type RunLevel } from "./read-run-level";

export const READ_CONCURRENCY = 64;

export interface ScenarioEntry {
  name: string;
  record: ScenarioRecord | null;
  problems: Problem[];
  metricsMtimeMs: number | null;
}

export interface RunFolderRead {
  dir: string;
  runLevel: RunLevel;
  /** Scenario folders (§1.4) in discovery order, completed or not. */
  scenarios: ScenarioEntry[];
  killedFolders: string[];
}

export class NotARunFolderError extends Error {}

export async function readRunFolder(dir: string): Promise<RunFolderRead> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new NotARunFolderError(code === "ENOENT" ? `${dir}: no such folder` : code === "ENOTDIR" ? `${dir}: not a folder` : `${dir}: cannot read (${code})`);
  }
  const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const killedFolders = folders.filter(isKilledFolder);
  const candidates = folders.filter((n) => !isKilledFolder(n));
  const reads = await mapLimit(candidates, READ_CONCURRENCY, (name) => readScenario(join(dir, name), name));
  const scenarios: ScenarioEntry[] = [];
  reads.forEach((read, i) => {
    const name = candidates[i] as string;
    if (read.kind === "completed") scenarios.push({ name, record: read.record, problems: read.problems, metricsMtimeMs: read.metricsMtimeMs });
    else if (read.kind === "unfinished") scenarios.push({ name, record: null, problems: read.problems, metricsMtimeMs: null });
  });
  const fileNames = new Set(entries.filter((e) => !e.isDirectory()).map((e) => e.name));
  const runLevel = await readRunLevel(dir, fileNames, true, true);
  if (!runLevel.isRun && scenarios.length === 0) throw new NotARunFolderError(`${dir}: not a run folder (no evaluation_log.txt, run_args.json, all_summary.txt or scenario folders)`);
  return { dir, runLevel, scenarios, killedFolders };
}
