/**
 * How a bucket of scenario reads travels from a scan worker to the main thread and to the snapshot:
 * as one JSON text, which the main thread parses faster than anything structured cloning or
 * `v8.deserialize` rebuild (JSON.parse shares the records' shapes and interns their keys). JSON has
 * no NaN, ±Infinity or -0, which metrics can hold (§0): the few reads flagged as perhaps holding one
 * travel apart, in V8's own serialization.
 */
import "server-only";
import { deserialize, serialize } from "node:v8";
import type { ScenarioRead } from "./read-scenario";

export type ReadEntry = [name: string, read: ScenarioRead];

export interface EncodedBucket {
  /** The entries JSON can carry, as a JSON array. */
  json: string;
  /** The others (`v8.serialize`), `null` when there are none. */
  special: Uint8Array | null;
}

export function encodeBucket(entries: readonly ReadEntry[]): EncodedBucket {
  const plain: ReadEntry[] = [];
  const odd: ReadEntry[] = [];
  for (const entry of entries) (jsonSafe(entry[1]) ? plain : odd).push(entry);
  return { json: JSON.stringify(plain), special: odd.length ? serialize(odd) : null };
}

/** `null` when the text is not a bucket of reads (a damaged snapshot): the caller reads the folders again. */
export function decodeBucket(bucket: EncodedBucket): ReadEntry[] | null {
  try {
    const entries = JSON.parse(bucket.json) as unknown[];
    if (bucket.special) entries.push(...(deserialize(bucket.special) as unknown[]));
    return entries.every(isEntry) ? entries : null;
  } catch {
    return null;
  }
}

const KINDS = new Set(["completed", "unfinished", "not-scenario"]);

/** The shape of an entry, checked cheaply (the records themselves come from our own reads). */
function isEntry(entry: unknown): entry is ReadEntry {
  if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== "string") return false;
  const read = entry[1] as { kind?: unknown; signature?: unknown; problems?: unknown; record?: unknown } | null;
  if (!read || typeof read !== "object" || !KINDS.has(read.kind as string)) return false;
  if (read.kind === "not-scenario") return true;
  return typeof read.signature === "string" && Array.isArray(read.problems) && (read.kind === "unfinished" || (!!read.record && typeof read.record === "object"));
}

/** Whether JSON keeps this read as it is (the reader flags metrics that may not: see `ScenarioRead`). */
function jsonSafe(read: ScenarioRead): boolean {
  return !(read.kind === "completed" && read.exotic);
}
