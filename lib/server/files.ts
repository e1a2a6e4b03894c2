/** Small, failure-tolerant file reads: a missing file is `null`, anything else unreadable is a problem. */
import { lstat, readFile } from "node:fs/promises";
import { problem, type Problem } from "@/lib/core/problems";

/** Files above this size are not read into memory (a 100 MB junk file must not stall the index). */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export type TextRead = { text: string; mtimeMs: number } | { text: null; missing: true } | { text: null; missing: false; problem: Problem };

export async function readText(path: string, label: string, maxBytes = MAX_TEXT_BYTES): Promise<TextRead> {
  try {
    // Symbolic links are never followed: the dashboard serves nothing from outside the results folder.
    const info = await lstat(path);
    if (info.isSymbolicLink()) return { text: null, missing: false, problem: problem(label, "unreadable", "a symbolic link (not followed)") };
    if (!info.isFile()) return { text: null, missing: false, problem: problem(label, "unreadable", "not a regular file") };
    if (info.size > maxBytes) {
      return { text: null, missing: false, problem: problem(label, "too-large", `${info.size} bytes is over the ${maxBytes}-byte limit`) };
    }
    const text = await readFile(path, "utf8");
    return { text, mtimeMs: info.mtimeMs };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { text: null, missing: true };
    return { text: null, missing: false, problem: problem(label, "unreadable", code ?? String(error)) };
  }
}

export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

export async function mtimeOf(path: string): Promise<number | null> {
  try {
    return (await lstat(path)).mtimeMs;
  } catch {
    return null;
  }
}
