/** Finds run folders under the results folder, at any nesting depth (§1.1). Symbolic links are not followed. */
import { readdir } from "node:fs/promises";
import type { Dirent } from "node:fs";
import { basename, join } from "node:path";
import { isScenarioFolder, RUN_MARKERS } from "@/lib/core";

export const MAX_DEPTH = 8;

export interface FoundRun {
  dir: string;
  entries: Dirent[];
}

async function list(dir: string): Promise<Dirent[] | null> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch {
    return null;
  }
}

/** Walks `dir`; a folder is a run when it holds a run-level file, or a child that is a scenario folder. */
export async function discoverRuns(dir: string, depth = 0, entries?: Dirent[] | null): Promise<FoundRun[]> {
  const own = entries ?? (await list(dir));
  if (!own) return [];
  if (own.some((e) => !e.isDirectory() && (RUN_MARKERS as readonly string[]).includes(e.name))) return [{ dir, entries: own }];
  if (depth >= MAX_DEPTH) return [];
  const children = own.filter((e) => e.isDirectory());
  const childEntries = await Promise.all(children.map((c) => list(join(dir, c.name))));
  const looksLikeRun = children.some((c, i) => {
    const names = childEntries[i];
    return names ? isScenarioFolder(c.name, new Set(names.map((n) => n.name))) : false;
  });
  if (looksLikeRun) return [{ dir, entries: own }];
  const nested = await Promise.all(children.map((c, i) => discoverRuns(join(dir, c.name), depth + 1, childEntries[i])));
  return nested.flat();
}

/** The run id: the folder's path relative to the results folder, `/`-separated; the folder name when the root is the run. */
export function runIdOf(root: string, dir: string): string {
  if (dir === root) return basename(root);
  return dir.slice(root.length + 1).split(/[\\/]/).join("/");
}
