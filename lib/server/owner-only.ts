/**
 * The dashboard's own state (index cache, ledger, notify state, saved timing) is its owner's only,
 * whatever the umask: files 0600, the folders it makes 0700. A folder that exists is left as it is
 * (it may be the user's own, such as a `--state-dir` they chose); the files in it are still 0600.
 */
import "server-only";
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";

export const OWNER_FILE_MODE = 0o600;
export const OWNER_DIR_MODE = 0o700;

/** Makes `dir` (and its missing parents) 0700; an existing folder keeps its mode. */
export function ownerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: OWNER_DIR_MODE });
}

/** Sets each existing file to 0600 (an older build, or a umask of 022, made them 0644); a missing one is skipped. */
export function ownerOnlyFiles(files: readonly string[]): void {
  for (const f of files) {
    try {
      chmodSync(f, OWNER_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
}

/**
 * A SQLite database about to be opened: its folder made, the file created 0600 before SQLite opens
 * it (SQLite gives its -wal and -shm files the main file's mode), and all three set 0600 in case an
 * older build made them readable.
 */
export function ownerOnlySqlite(file: string, dir: string): void {
  ownerOnlyDir(dir);
  closeSync(openSync(file, "a", OWNER_FILE_MODE));
  ownerOnlyFiles([file, `${file}-wal`, `${file}-shm`]);
}
