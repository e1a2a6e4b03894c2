/** Reads a whole run folder once (the CLI's path; the live index reads the same way, then follows changes). */
import "server-only";
import { readdir } from "node:fs/promises";
import type { Problem, ScenarioRecord } from "@/lib/core";
import { listingOf } from "./list-run";
import { mapLimit } from "./pool";
import { readRunLevel, type RunLevel } from "./read-run-level";
import { readScenario } from "./read-scenario";

export const READ_CONCURRENCY = 64;

export interface ScenarioEntry {
  name: string;
  record: ScenarioRecord | null;
  problems: Problem[];
}

export interface RunFolderRead {
  dir: string;
  runLevel: RunLevel;
  /** Scenario folders (§1.4) in name order, completed or not. */
  scenarios: ScenarioEntry[];
  killedFolders: string[];
  /** Entries of the run folder that are symbolic links (not followed). */
  linked: string[];
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
  const listing = listingOf(entries);
  const candidates = [...listing.scenarios].sort();
  const reads = await mapLimit(candidates, READ_CONCURRENCY, (name) => readScenario(dir, name));
  const scenarios: ScenarioEntry[] = [];
  reads.forEach((read, i) => {
    const name = candidates[i] as string;
    if (read.kind === "completed") scenarios.push({ name, record: read.record, problems: read.problems });
    else if (read.kind === "unfinished") scenarios.push({ name, record: null, problems: read.problems });
  });
  const runLevel = readRunLevel(dir, listing.files, true, true);
  if (!runLevel.isRun && scenarios.length === 0)
    throw new NotARunFolderError(`${dir}: not a run folder (no evaluation_log.txt, run_args.json, all_summary.txt or scenario folders)`);
  return { dir, runLevel, scenarios, killedFolders: [...listing.killed].sort(), linked: listing.linked };
}
