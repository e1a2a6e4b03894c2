/** Small, failure-tolerant file reads: a missing file is `null`, anything else unreadable is a problem. */
import { close, constants, fstat, open as openFd, read } from "node:fs";
import { lstat, open } from "node:fs/promises";
import { problem, type Problem } from "@/lib/core/problems";

/** Files above this size are not read into memory (a 100 MB junk file must not stall the index). */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

export type TextRead = { text: string; mtimeMs: number } | { text: null; missing: true } | { text: null; missing: false; problem: Problem };

// Symbolic links are never followed (the dashboard reads nothing from outside the results folder),
// and a FIFO must not block a read.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Reads a whole text file in one open/fstat/read/close; the scan's hot path. Written with the
 * callback API: a promise FileHandle per file cost the first scan more main-thread time than
 * parsing the files did.
 */
export function readText(path: string, label: string, maxBytes = MAX_TEXT_BYTES): Promise<TextRead> {
  return new Promise((resolve) => {
    openFd(path, OPEN_FLAGS, (openError, fd) => {
      if (openError) {
        const code = openError.code;
        if (code === "ENOENT" || code === "ENOTDIR") return resolve({ text: null, missing: true });
        if (code === "ELOOP") return resolve({ text: null, missing: false, problem: problem(label, "unreadable", "a symbolic link (not followed)") });
        return resolve({ text: null, missing: false, problem: problem(label, "unreadable", code ?? String(openError)) });
      }
      // The answer does not wait for the close.
      const done = (result: TextRead) => {
        close(fd, () => {});
        resolve(result);
      };
      const failed = (error: NodeJS.ErrnoException) => done({ text: null, missing: false, problem: problem(label, "unreadable", error.code ?? String(error)) });
      fstat(fd, (statError, info) => {
        if (statError) return failed(statError);
        if (!info.isFile()) return done({ text: null, missing: false, problem: problem(label, "unreadable", "not a regular file") });
        if (info.size > maxBytes) {
          return done({ text: null, missing: false, problem: problem(label, "too-large", `${info.size} bytes is over the ${maxBytes}-byte limit`) });
        }
        const buffer = Buffer.allocUnsafe(info.size);
        let filled = 0;
        const finish = () => done({ text: buffer.toString("utf8", 0, filled), mtimeMs: info.mtimeMs });
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

/**
 * The last `bytes` of a text file, starting at a line boundary, and whether that is the whole file.
 * Symbolic links are refused as in `readText`.
 */
export async function readTextTail(path: string, label: string, bytes: number): Promise<TextRead & { whole?: boolean }> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { text: null, missing: true };
    return { text: null, missing: false, problem: problem(label, "unreadable", code === "ELOOP" ? "a symbolic link (not followed)" : (code ?? String(error))) };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { text: null, missing: false, problem: problem(label, "unreadable", "not a regular file") };
    const start = Math.max(0, info.size - bytes);
    const buffer = Buffer.allocUnsafe(info.size - start);
    let filled = 0;
    while (filled < buffer.length) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, start + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    let text = buffer.toString("utf8", 0, filled);
    if (start > 0) text = text.slice(text.indexOf("\n") + 1);
    return { text, mtimeMs: info.mtimeMs, whole: start === 0 };
  } catch (error) {
    return { text: null, missing: false, problem: problem(label, "unreadable", (error as NodeJS.ErrnoException).code ?? String(error)) };
  } finally {
    await handle.close().catch(() => {});
  }
}
