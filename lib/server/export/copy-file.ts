/** Copies one results file into the export without following symbolic links (a regular file, bounded size). */
import "server-only";
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { writeFileNoFollow } from "../write-guard";

export const MAX_COPY_BYTES = 512 * 1024 * 1024;

/** `true` when copied; `false` when the source is missing, not a regular file, or too large. */
export async function copyRegularFile(from: string, to: string, maxBytes = MAX_COPY_BYTES): Promise<boolean> {
  let handle;
  try {
    handle = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile() || info.size > maxBytes) return false;
    await writeFileNoFollow(to, await handle.readFile());
    return true;
  } finally {
    await handle.close();
  }
}
