/**
 * Small, failure-tolerant file reads inside the results folder: a missing file is `null`, anything
 * else unreadable is a problem. Nothing is ever reached through a symbolic link: the last component
 * is opened with O_NOFOLLOW, and `readInside` checks every folder on the way with `lstat` first.
 */
import "server-only";
import { close, constants, fstat, open as openFd, read, type Stats } from "node:fs";
import { lstat, open } from "node:fs/promises";
import { join } from "node:path";
import { problem, type Problem } from "@/lib/core/problems";
import { maxBytesOf } from "./layout";

/** Files above this size are not read into memory (a 100 MB junk file must not stall the index). */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export type TextRead = { text: string; mtimeMs: number; size: number } | TextFailure;
/** A read that gave no text: the file is missing, or the problem that stopped it. */
export type TextFailure = { text: null; missing: true } | { text: null; missing: false; problem: Problem };

// Symbolic links are never followed (the dashboard reads nothing from outside the results folder),
// and a FIFO must not block a read.
export const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Reads a whole text file in one open/fstat/read/close, off the main thread (pages read large
 * files: a 5 MB agent context). Written with the callback API: a promise FileHandle per file costs
 * more main-thread time than parsing the file does. The index's own small reads are `fs-sync`'s.
 */
export function readText(path: string, label: string, maxBytes = MAX_TEXT_BYTES): Promise<TextRead> {
  return new Promise((resolve) => {
    openFd(path, OPEN_FLAGS, (openError, fd) => {
      if (openError) return resolve(openFailure(openError, label));
      // The answer does not wait for the close.
      const done = (result: TextRead) => {
        close(fd, () => {});
        resolve(result);
      };
      const failed = (error: NodeJS.ErrnoException) => done({ text: null, missing: false, problem: problem(label, "unreadable", error.code ?? String(error)) });
      fstat(fd, (statError, info) => {
        if (statError) return failed(statError);
        const refused = refusal(info, label, maxBytes);
        if (refused) return done(refused);
        const buffer = Buffer.allocUnsafe(info.size);
        let filled = 0;
        const finish = () => done({ text: buffer.toString("utf8", 0, filled), mtimeMs: info.mtimeMs, size: info.size });
        const more = (): void => {
          read(fd, buffer, filled, info.size - filled, filled, (readError, bytesRead) => {
            if (readError) return failed(readError);
            filled += bytesRead;
            if (bytesRead === 0 || filled >= info.size) return finish();
            more();
          });
        };
        if (info.size === 0) finish();
        else more();
      });
    });
  });
}

/** What a failed open means: missing, a link (refused by O_NOFOLLOW), or unreadable. */
export function openFailure(error: NodeJS.ErrnoException, label: string): TextFailure {
  const code = error.code;
  if (code === "ENOENT" || code === "ENOTDIR") return { text: null, missing: true };
  if (code === "ELOOP") return { text: null, missing: false, problem: linkProblem(label) };
  return { text: null, missing: false, problem: problem(label, "unreadable", code ?? String(error)) };
}

/** An opened entry that is not read: not a regular file (a FIFO, a device), or over its size limit. */
export function refusal(info: Stats, label: string, maxBytes: number): TextFailure | null {
  if (!info.isFile()) return { text: null, missing: false, problem: problem(label, "unreadable", "not a regular file") };
  if (info.size > maxBytes)
    return { text: null, missing: false, problem: problem(label, "too-large", `${info.size} bytes is over the ${maxBytes}-byte limit`) };
  return null;
}

export function linkProblem(label: string): Problem {
  return problem(label, "unsafe", "a symbolic link (not followed)");
}

/** What is at a path, without following a link there. */
export type EntryKind = "file" | "dir" | "link" | "other" | "missing" | "unreadable";

export function kindOf(info: Stats): EntryKind {
  return info.isSymbolicLink() ? "link" : info.isFile() ? "file" : info.isDirectory() ? "dir" : "other";
}

export async function lstatSafe(path: string): Promise<{ kind: EntryKind; info: Stats | null }> {
  try {
    const info = await lstat(path);
    return { kind: kindOf(info), info };
  } catch (error) {
    return lstatFailure(error);
  }
}

export function lstatFailure(error: unknown): { kind: EntryKind; info: null } {
  const code = (error as NodeJS.ErrnoException).code;
  return { kind: code === "ENOENT" || code === "ENOTDIR" ? "missing" : "unreadable", info: null };
}

/**
 * Checks the folders between `base` and a file `rel` (`a/b/file`: `a` and `a/b`) with `lstat`:
 * `null` when each is a real folder, else the problem (or `missing`) for the first that is not.
 * `base` itself was reached by a listing that does not follow links.
 */
export async function checkFolders(base: string, rel: string): Promise<null | "missing" | Problem> {
  const parts = rel.split("/");
  let at = base;
  for (let i = 0; i < parts.length - 1; i++) {
    at = join(at, parts[i] as string);
    const label = parts.slice(0, i + 1).join("/");
    const verdict = folderVerdict((await lstatSafe(at)).kind, label);
    if (verdict) return verdict;
  }
  return null;
}

/** `null` for a real folder on the way to a file; else `missing` or the problem. */
export function folderVerdict(kind: EntryKind, label: string): null | "missing" | Problem {
  if (kind === "dir") return null;
  if (kind === "missing") return "missing";
  if (kind === "link") return linkProblem(label);
  if (kind === "unreadable") return problem(label, "unreadable", "the folder cannot be read");
  return problem(label, "unreadable", "not a folder");
}

/** `readText` of `base/rel`, with every folder on the way checked first (see `checkFolders`). */
export async function readInside(base: string, rel: string, label = rel, maxBytes = maxBytesOf(rel)): Promise<TextRead> {
  const folders = rel.includes("/") ? await checkFolders(base, rel) : null;
  return folders ? folderRead(folders, label) : readText(join(base, rel), label, maxBytes);
}

/** The read of a file whose way there is not a real folder. */
export function folderRead(folders: "missing" | Problem, label: string): TextRead {
  if (folders === "missing") return { text: null, missing: true };
  return { text: null, missing: false, problem: { ...folders, file: label, message: `${folders.file}/: ${folders.message}` } };
}

/** `lstat` of `base/rel` with the folders on the way checked: a file behind a linked folder is reported as a link. */
export async function lstatInside(base: string, rel: string): Promise<Entry> {
  const folders = rel.includes("/") ? await checkFolders(base, rel) : null;
  return folders ? folderEntry(folders) : lstatSafe(join(base, rel));
}

export type Entry = { kind: EntryKind; info: Stats | null };

/** What `lstatInside` answers for a file whose way there is not a real folder. */
export function folderEntry(folders: "missing" | Problem): Entry {
  if (folders === "missing") return { kind: "missing", info: null };
  return { kind: folders.kind === "unsafe" ? "link" : "unreadable", info: null };
}

export type SliceRead = { kind: "ok"; size: number; bytes: Buffer } | { kind: "missing" } | { kind: "refused"; reason: string };

/**
 * At most `length` bytes of `base/rel` from `offset`, the folders on the way checked and the file
 * opened without following a link (a bounded read of a large file: the MCP server's `get_file`).
 */
export async function readSliceInside(base: string, rel: string, offset: number, length: number): Promise<SliceRead> {
  const found = await lstatInside(base, rel);
  if (found.kind === "missing") return { kind: "missing" };
  if (found.kind !== "file")
    return { kind: "refused", reason: found.kind === "link" ? "a symbolic link is never followed" : `not a regular file (${found.kind})` };
  let handle;
  try {
    handle = await open(join(base, rel), OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? { kind: "missing" } : { kind: "refused", reason: code ?? String(error) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { kind: "refused", reason: "not a regular file" };
    const want = Math.max(0, Math.min(length, info.size - offset));
    const bytes = Buffer.alloc(want);
    let filled = 0;
    while (filled < want) {
      const { bytesRead } = await handle.read(bytes, filled, want - filled, offset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { kind: "ok", size: info.size, bytes: bytes.subarray(0, filled) };
  } finally {
    await handle.close().catch(() => {});
  }
}
