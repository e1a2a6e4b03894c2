/**
 * The synchronous twins of `fs-safe`'s reads, for the scan workers: a worker thread has nothing else
 * to do while it waits, and a synchronous open/fstat/read/close costs a fraction of a round trip
 * through libuv's thread pool. Same rules: no link followed, FIFOs not blocked on, sizes capped.
 */
import "server-only";
import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Problem } from "@/lib/core/problems";
import { folderEntry, folderRead, folderVerdict, kindOf, linkProblem, lstatFailure, MAX_TEXT_BYTES, OPEN_FLAGS, openFailure, refusal, type Entry, type TextRead } from "./fs-safe";
import { maxBytesOf } from "./layout";

/**
 * `lstat` first (kind, size limit, and the size and mtime the read is signed with, taken before the
 * read so a change during it shows next time), then one `readFileSync`: Node reads a whole file
 * into a string in one native call, several times cheaper than open/fstat/read/close from here.
 * The open still refuses links (O_NOFOLLOW) and does not block on a FIFO swapped in meanwhile.
 */
export function readTextSync(path: string, label: string, maxBytes = MAX_TEXT_BYTES): TextRead {
  let info;
  try {
    // No exception for a missing file (judge files often are): building one costs more than the read.
    info = lstatSync(path, { throwIfNoEntry: false });
  } catch (error) {
    return openFailure(error as NodeJS.ErrnoException, label);
  }
  if (!info) return { text: null, missing: true };
  if (info.isSymbolicLink()) return { text: null, missing: false, problem: linkProblem(label) };
  const refused = refusal(info, label, maxBytes);
  if (refused) return refused;
  try {
    return { text: readFileSync(path, { encoding: "utf8", flag: OPEN_FLAGS as unknown as string /* typed as a string; Node takes the numeric flags too */ }), mtimeMs: info.mtimeMs, size: info.size };
  } catch (error) {
    return openFailure(error as NodeJS.ErrnoException, label);
  }
}

export function lstatSafeSync(path: string): Entry {
  try {
    const info = lstatSync(path, { throwIfNoEntry: false });
    if (!info) return { kind: "missing", info: null };
    return { kind: kindOf(info), info };
  } catch (error) {
    return lstatFailure(error);
  }
}

function checkFoldersSync(base: string, rel: string): null | "missing" | Problem {
  const parts = rel.split("/");
  let at = base;
  for (let i = 0; i < parts.length - 1; i++) {
    at = join(at, parts[i] as string);
    const verdict = folderVerdict(lstatSafeSync(at).kind, parts.slice(0, i + 1).join("/"));
    if (verdict) return verdict;
  }
  return null;
}

export function readInsideSync(base: string, rel: string, label = rel, maxBytes = maxBytesOf(rel)): TextRead {
  const folders = rel.includes("/") ? checkFoldersSync(base, rel) : null;
  // `base` and `rel` come from a listing and our own file names: plain concatenation is enough, and
  // `join`'s normalising showed in the scan's profile.
  return folders ? folderRead(folders, label) : readTextSync(`${base}/${rel}`, label, maxBytes);
}

export function lstatInsideSync(base: string, rel: string): Entry {
  const folders = rel.includes("/") ? checkFoldersSync(base, rel) : null;
  return folders ? folderEntry(folders) : lstatSafeSync(`${base}/${rel}`);
}

/** The two reads a scenario folder needs, the synchronous way (see `FolderIo`). */
export const syncIo = { readInside: readInsideSync, lstatInside: lstatInsideSync };
