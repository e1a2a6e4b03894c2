/**
 * Signatures: the files a read was taken from, each by size and mtime, and whether they still are
 * so. A scenario folder's (see `read-scenario`) and a run's run-level files' (see `read-run-level`).
 */
import "server-only";
import { join } from "node:path";
import { lstatInside, lstatSafe, type Entry, type EntryKind } from "./fs-safe";
import { lstatInsideSync } from "./fs-sync";
import { RUN_LEVEL_FILES, SCENARIO_MARKERS } from "./layout";

/** How a signature's files are `lstat`ed: `fs-safe`'s (through libuv's pool) or `fs-sync`'s. */
export type LstatInside = (base: string, rel: string) => Entry | Promise<Entry>;

/**
 * A listed entry's path: an entry name holds no `/` and is never `.` or `..`, so concatenation is
 * the same path as `join`, whose normalising cost a tenth of a restart's signature checks.
 */
export const folderOf = (runDir: string, name: string) => `${runDir}/${name}`;

export function part(file: string, size: number, mtimeMs: number): string {
  return `${file}:${size}@${mtimeMs}`;
}

export function unfinishedSignature(markers: readonly EntryKind[]): string {
  return `metrics.json:-,${SCENARIO_MARKERS.map((m, i) => `${m}:${markers[i]}`).join(",")}`;
}

/**
 * Whether every file a signature names still has its size and mtime, by synchronous `lstat`s under
 * the same rules (no link followed, folders on the way checked), without building the signature
 * anew: a restart checks 100,000 of them, at about 6 µs each against 8–9 µs for `currentSignature`.
 * `null` when a part is not `file:size@mtime` (an absent or unreadable file, an unfinished folder, a
 * state the index cache could not give back, signed `?`):
 * then `currentSignature` says.
 */
export function signatureHoldsSync(runDir: string, name: string, stored: string): boolean | null {
  const dir = folderOf(runDir, name);
  const shaped: Array<[file: string, size: string, mtime: string]> = [];
  for (const p of stored.split(",")) {
    const colon = p.indexOf(":");
    const at = p.indexOf("@", colon);
    if (colon <= 0 || at === -1) return null;
    shaped.push([p.slice(0, colon), p.slice(colon + 1, at), p.slice(at + 1)]);
  }
  for (const [file, size, mtime] of shaped) {
    const { kind, info } = lstatInsideSync(dir, file);
    if (kind !== "file" || !info || `${info.size}` !== size || `${info.mtimeMs}` !== mtime) return false;
  }
  return true;
}

/** Whether a folder's files are as `stored` signed them: the fast check, else the signature made again (synchronous `lstat`s). */
export async function stillSigned(runDir: string, name: string, stored: string): Promise<boolean> {
  return signatureHoldsSync(runDir, name, stored) ?? (await currentSignature(runDir, name, stored, lstatInsideSync)) === stored;
}

/**
 * A signature lists `file:size@mtime` for each file read, `file:-` for one that was absent, and
 * `file:?` for one that is there but could not be read (a link, a FIFO, a folder).
 *
 * The signature the folder would have now, from `lstat`s of the files a read took it from: equal to
 * the stored one when nothing the record depends on changed. `null`: not a scenario folder any more.
 */
export async function currentSignature(runDir: string, name: string, stored: string, lstat: LstatInside = lstatInside): Promise<string | null> {
  const dir = folderOf(runDir, name);
  const files = stored.split(",").map((p) => p.slice(0, p.indexOf(":")));
  const metrics = await lstat(dir, "metrics.json");
  if (metrics.kind === "missing") {
    const markers = await Promise.all(SCENARIO_MARKERS.map((m) => lstat(dir, m)));
    if (markers.every((m) => m.kind === "missing")) return null;
    return unfinishedSignature(markers.map((m) => m.kind));
  }
  // A link, a folder or an unreadable entry: not opened, so it signs as `?`, like the read that named it.
  if (metrics.kind !== "file" || !metrics.info) return "metrics.json:?";
  const parts = [part("metrics.json", metrics.info.size, metrics.info.mtimeMs)];
  for (const file of files.slice(1)) {
    const s = await lstat(dir, file);
    parts.push(s.kind === "file" && s.info ? part(file, s.info.size, s.info.mtimeMs) : s.kind === "missing" ? `${file}:-` : `${file}:?`);
  }
  return parts.join(",");
}

/** The run-level files' sizes and mtimes: what decides whether they are read again. */
export async function levelSignature(dir: string, lstat: (path: string) => Entry | Promise<Entry> = lstatSafe): Promise<string> {
  const parts = await Promise.all(
    [...RUN_LEVEL_FILES].map(async (f) => {
      const { kind, info } = await lstat(join(dir, f));
      return kind === "missing" ? `${f}:-` : info && kind === "file" ? part(f, info.size, info.mtimeMs) : `${f}:?`;
    }),
  );
  return parts.join(",");
}
