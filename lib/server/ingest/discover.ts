/**
 * Finds run folders under the results folder, down to `MAX_RUN_DEPTH` (§1.1). Symbolic links are
 * never followed: a listing reports them as links, and a start folder is checked with `lstat`.
 * A run found below the depth limit is named, not silently dropped.
 */
import "server-only";
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, join, sep } from "node:path";
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
export async function discoverRuns(root: string, dir = root, onRun: (run: FoundRun) => void = () => {}, listed?: ReadonlyMap<string, Promise<FoundRun | null>>): Promise<Discovery> {
  const out: Discovery = { runs: [], tooDeep: [] };
  if (dir !== root && (await lstatSafe(dir)).kind !== "dir") return out;
  const depth = dir === root ? 0 : dir.slice(root.length + 1).split(/[\\/]/).length;
  const found = (run: FoundRun) => {
    out.runs.push(run);
    onRun(run);
  };
  // A folder listed moments ago (see `relistRun`) is not listed again.
  const listOf = async (at: string) => (await listed?.get(at))?.entries ?? list(at);
  await walk(dir, depth, await listOf(dir), out, found, listOf);
  return out;
}

async function walk(dir: string, depth: number, own: Dirent[] | null, out: Discovery, found: (run: FoundRun) => void, listOf: (dir: string) => Promise<Dirent[] | null>): Promise<void> {
  if (!own) return;
  if (isRunListing(own)) {
    found({ dir, entries: own });
    return;
  }
  const children = own.filter((e) => e.isDirectory());
  const childEntries = await Promise.all(children.map((c) => listOf(join(dir, c.name))));
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
  await Promise.all(children.map((c, i) => walk(join(dir, c.name), depth + 1, childEntries[i] ?? null, out, found, listOf)));
}

/**
 * A folder the last scan found to be a run, listed again if it is still a real folder inside the
 * root, with no link anywhere on the way (each folder from the root down is checked with `lstat`).
 * Whether it still is a run is for `discoverRuns` to say; this only lets its reading start early.
 */
export async function relistRun(root: string, dir: string): Promise<FoundRun | null> {
  if (dir !== root && !dir.startsWith(root + sep)) return null;
  const parts = dir === root ? [] : dir.slice(root.length + 1).split(sep);
  if (parts.length > MAX_RUN_DEPTH + 1 || parts.some((p) => p === "" || p === "." || p === "..")) return null;
  let at = root;
  for (const part of parts) {
    at = join(at, part);
    if ((await lstatSafe(at)).kind !== "dir") return null;
  }
  const entries = await list(dir);
  return entries ? { dir, entries } : null;
}

/** The run id: the folder's path relative to the results folder, `/`-separated; the folder name when the root is the run. */
export function runIdOf(root: string, dir: string): string {
  if (dir === root) return basename(root);
  return dir.slice(root.length + 1).split(/[\\/]/).join("/");
}
