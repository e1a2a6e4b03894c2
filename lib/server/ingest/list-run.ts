/** A run folder's own entries, sorted into what the index reads (§1.4) and what it never follows. */
import "server-only";
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { classifyRunEntry } from "./layout";

export interface RunListing {
  /** Real sub-folders that may be scenarios (not `.killed.`), in listing order. */
  scenarios: string[];
  killed: string[];
  /** Names of the run folder's regular (or special) files. */
  files: Set<string>;
  /** Entries that are symbolic links: never followed, named as problems of the run. */
  linked: string[];
}

export function listingOf(entries: readonly Dirent[]): RunListing {
  const listing: RunListing = { scenarios: [], killed: [], files: new Set(), linked: [] };
  for (const e of entries) {
    if (e.isSymbolicLink()) {
      listing.linked.push(e.name);
      continue;
    }
    if (!e.isDirectory()) {
      listing.files.add(e.name);
      continue;
    }
    const kind = classifyRunEntry(e.name);
    if (kind === "killed") listing.killed.push(e.name);
    else if (kind === "scenario") listing.scenarios.push(e.name);
  }
  listing.linked.sort();
  return listing;
}

/** `null` when the folder cannot be listed (gone, or not a folder). */
export async function listRun(dir: string): Promise<RunListing | null> {
  try {
    return listingOf(await readdir(dir, { withFileTypes: true }));
  } catch {
    return null;
  }
}
