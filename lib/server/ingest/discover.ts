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
  /** Run folders whose path below the root holds a backslash (not on Windows): see `runIdOf`. */
  backslashed: string[];
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
  const out: Discovery = { runs: [], tooDeep: [], backslashed: [] };
  if (dir !== root && (await lstatSafe(dir)).kind !== "dir") return out;
  const depth = dir === root ? 0 : dir.slice(root.length + 1).split(SEPARATORS).length;
  const found = (run: FoundRun) => {
    // Refused by name rather than listed under an id another folder may have (issue 42).
    if (run.dir !== root && sep === "/" && run.dir.slice(root.length + 1).includes("\\")) {
      out.backslashed.push(run.dir);
      return;
    }
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

/** The folder separators of this platform: `\` is one only on Windows; elsewhere it may be part of a name. */
const SEPARATORS = sep === "/" ? "/" : /[\\/]/;

/**
 * The run id: the folder's path relative to the results folder, `/`-separated; the folder name when
 * the root is the run. Distinct folders have distinct ids: on Linux and macOS a backslash is part of a
 * name, so `back\slash` and `back/slash` would both read `back/slash`; `discoverRuns` refuses a run
 * whose path holds one, by name (`rootProblemsOf`), since no URL could name it either (a backslash in a
 * path is refused).
 */
export function runIdOf(root: string, dir: string): string {
  if (dir === root) return basename(root);
  return dir
    .slice(root.length + 1)
    .split(SEPARATORS)
    .join("/");
}

/** What the results folder shows at its top about runs that are not listed, and why. */
export function rootProblemsOf(found: Discovery): Array<{ path: string; message: string }> {
  return [
    ...found.tooDeep.map((path) => ({ path, message: `a run folder below the ${MAX_RUN_DEPTH}-folder depth limit is not shown` })),
    ...found.backslashed.map((path) => ({
      path,
      message: "a run folder whose name holds a backslash is not shown (a backslash cannot be told from a folder separator in its id or URL): rename it",
    })),
  ];
}
