/**
 * A scenario's artifact read from disk by its one reader (`lib/core/evidence/`), without following
 * links, and kept under the file's signature (size and mtime) in a bounded cache of its own: every
 * view that asks for the file reads it once until it changes. `null`: the scenario has no such file;
 * an unreadable file is a read holding its problem.
 */
import "server-only";
import type { Problem } from "@/lib/core/problems";
import { lstatInside, readInside } from "../ingest/fs-safe";
import { processCaches } from "../process-caches";

export interface KeptFile<T> {
  /** The cache's name in `/api/health`. */
  cache: string;
  /** The file's path inside its scenario folder. */
  file: string;
  maxBytes: number;
  read(text: string): T;
  unreadable(problem: Problem): T;
}

/** A name from the index is joined onto a path only when it cannot leave the run folder. */
const plain = (name: string) => name !== "" && name !== "." && name !== ".." && !/[\\/\0]/.test(name);

export function keptFileReader<T>(spec: KeptFile<T>): (runDir: string, scenario: string) => Promise<T | null> {
  const kept = () => processCaches().lru<{ signature: string; read: T; bytes: number }>(spec.cache, { maxBytes: spec.maxBytes, sizeOf: (v) => v.bytes });
  return async (runDir, scenario) => {
    if (!plain(scenario)) return null;
    const rel = `${scenario}/${spec.file}`;
    const key = `${runDir}\0${scenario}`;
    const entry = await lstatInside(runDir, rel);
    if (entry.kind === "missing") return null;
    const signature = entry.info ? `${entry.info.size}@${entry.info.mtimeMs}` : null;
    const hit = kept().get(key);
    if (hit && signature !== null && hit.signature === signature) return hit.read;
    const r = await readInside(runDir, rel, spec.file);
    if (r.text === null) return r.missing ? null : spec.unreadable(r.problem);
    const read = spec.read(r.text);
    kept().set(key, { signature: `${r.size}@${r.mtimeMs}`, read, bytes: r.text.length * 2 + 256 });
    return read;
  };
}
