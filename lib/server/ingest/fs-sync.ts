/**
 * The index's reads, synchronous: a small file's open/fstat/read/close costs a few microseconds,
 * a fraction of a round trip through libuv's thread pool, and callers read in slices between which
 * the event loop runs (see `loadRun`, `changedScenarios`). Same rules as `fs-safe`: no link
 * followed, FIFOs not blocked on, sizes capped.
 */
import "server-only";
import { closeSync, fstatSync, lstatSync, openSync, readSync, type Stats } from "node:fs";
import { join } from "node:path";
import { problem, type Problem } from "@/lib/core/problems";
import {
  folderEntry,
  folderRead,
  folderVerdict,
  kindOf,
  lstatFailure,
  MAX_TEXT_BYTES,
  OPEN_FLAGS,
  openFailure,
  refusal,
  type Entry,
  type TextFailure,
  type TextRead,
} from "./fs-safe";
import { maxBytesOf } from "./layout";

/** Grown as needed and reused: the text is copied out of it, so one buffer serves every read of a thread. */
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * One open (never through a link: O_NOFOLLOW; never blocking on a FIFO: O_NONBLOCK), then `fstat`
 * of what was opened: its kind, the size limit, and the size and mtime the read is signed with, of
 * the very file read. One path lookup per file, which is most of a small file's cost here.
 */
export function readTextSync(path: string, label: string, maxBytes = MAX_TEXT_BYTES): TextRead {
  return withOpenFile(path, label, maxBytes, (fd, info) => ({ text: readRange(fd, 0, info.size), mtimeMs: info.mtimeMs, size: info.size }));
}

/** `readTextSync` of the last `bytes` only, from a line start, and whether that is the whole file. */
export function readTextTailSync(path: string, label: string, bytes: number): TextRead & { whole?: boolean } {
  return withOpenFile(path, label, Infinity, (fd, info) => {
    const start = Math.max(0, info.size - bytes);
    let text = readRange(fd, start, info.size - start);
    if (start > 0) text = text.slice(text.indexOf("\n") + 1);
    return { text, mtimeMs: info.mtimeMs, size: info.size, whole: start === 0 };
  });
}

/** What `probeTextSync` learns of a file it could read, or why it could not. */
export type FileProbe = { size: number; mtimeMs: number } | TextFailure;

/** Whether the file could be read, and its size and mtime, without reading it: the same open and refusals as a read. */
export function probeTextSync(path: string, label: string, maxBytes = MAX_TEXT_BYTES): FileProbe {
  return withOpenFile(path, label, maxBytes, (_, info) => ({ size: info.size, mtimeMs: info.mtimeMs }));
}

/** Opens the file under the read rules, checks what was opened, then `read`s it; the descriptor is always closed. */
function withOpenFile<T>(path: string, label: string, maxBytes: number, read: (fd: number, info: Stats) => T): T | TextFailure {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return openFailure(error as NodeJS.ErrnoException, label);
  }
  try {
    const info = fstatSync(fd);
    return refusal(info, label, maxBytes) ?? read(fd, info);
  } catch (error) {
    return { text: null, missing: false, problem: problem(label, "unreadable", (error as NodeJS.ErrnoException).code ?? String(error)) };
  } finally {
    closeSync(fd);
  }
}

function readRange(fd: number, position: number, length: number): string {
  if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.max(length, scratch.length * 2));
  let filled = 0;
  while (filled < length) {
    const n = readSync(fd, scratch, filled, length - filled, position + filled);
    if (n === 0) break;
    filled += n;
  }
  return scratch.toString("utf8", 0, filled);
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
