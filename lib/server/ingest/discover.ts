/**
 * Finds run folders under the results folder, down to `MAX_RUN_DEPTH` (§1.1). Symbolic links are
 * never followed: a listing reports them as links, and a start folder is checked with `lstat`.
 * A run found below the depth limit is named, not silently dropped.
 */
import "server-only";
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { isScenarioFolder, RUN_MARKERS } from "@/lib/core";
import { lstatSafe } from "./fs-safe";
import { MAX_RUN_DEPTH } from "./layout";

export interface FoundRun {
  dir: string;
  entries: Dirent[];
}

export interface Discovery {
  runs: FoundRun[];
  /** Folders at the depth limit that hold a run below it. */
  tooDeep: string[];
}

async function list(dir: string): Promise<Dirent[] | null> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return null;
  }
}

const isRunListing = (entries: readonly Dirent[]) => entries.some((e) => e.isFile() && (RUN_MARKERS as readonly string[]).includes(e.name));

/**
 * Walks `dir` (at `depth` below the root); a folder is a run when it holds a run-level file, or a
 * child that is a scenario folder. `dir` other than the root is checked to be a real folder first.
 * `onRun` hears of each run as soon as it is found (the first scan starts reading it then).
 */
export async function discoverRuns(root: string, dir = root, onRun: (run: FoundRun) => void = () => {}): Promise<Discovery> {
  const out: Discovery = { runs: [], tooDeep: [] };
  if (dir !== root && (await lstatSafe(dir)).kind !== "dir") return out;
  const depth = dir === root ? 0 : dir.slice(root.length + 1).split(/[\\/]/).length;
  const found = (run: FoundRun) => {
    out.runs.push(run);
    onRun(run);
  };
  await walk(dir, depth, await list(dir), out, found);
  return out;
}

async function walk(dir: string, depth: number, own: Dirent[] | null, out: Discovery, found: (run: FoundRun) => void): Promise<void> {
  if (!own) return;
  if (isRunListing(own)) {
    found({ dir, entries: own });
    return;
  }
  const children = own.filter((e) => e.isDirectory());
  const childEntries = await Promise.all(children.map((c) => list(join(dir, c.name))));
  const looksLikeRun = children.some((c, i) => {
    const names = childEntries[i];
    // Looked up in the listing as it is: a Set of each run folder's 2,000 names cost the restart 4 MB.
    return names ? isScenarioFolder(c.name, { has: (marker) => names.some((n) => n.name === marker) }) : false;
  });
  if (looksLikeRun) {
    found({ dir, entries: own });
    return;
  }
  if (depth >= MAX_RUN_DEPTH) {
    // One level more is looked at, only to say that a run is there.
    if (childEntries.some((names) => names && isRunListing(names))) out.tooDeep.push(dir);
    return;
  }
  await Promise.all(children.map((c, i) => walk(join(dir, c.name), depth + 1, childEntries[i] ?? null, out, found)));
}

/** The run id: the folder's path relative to the results folder, `/`-separated; the folder name when the root is the run. */
export function runIdOf(root: string, dir: string): string {
  if (dir === root) return basename(root);
  return dir.slice(root.length + 1).split(/[\\/]/).join("/");
}
