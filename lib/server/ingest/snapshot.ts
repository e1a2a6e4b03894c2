/**
 * The persisted index: what a scan read of each scenario folder, kept in the state folder (never the
 * results folder) so that a restart reads again only the folders whose files changed. A run's
 * scenarios are split into buckets by a hash of their names (so both scan workers share a big run);
 * each bucket is one file, written whole and renamed into place.
 *
 * A shard is never trusted: one that does not decode, names another format, project version, run or
 * bucket layout is ignored, and every stored read is used only after an `lstat` of each file it was
 * read from gives the same size and mtime (its signature, see `read-scenario`).
 */
import "server-only";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { readdir, unlink } from "node:fs/promises";
import { crc32 } from "node:zlib";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import pkg from "@/package.json";
import type { EncodedBucket } from "./bucket-codec";
import type { PlainRunLevel } from "./read-run-level";
import { stampsFit, stampsOf, type Stamps } from "./stamps";

/** Bumped whenever what a `ScenarioRead` holds, or how a bucket encodes it, changes. */
export const SNAPSHOT_FORMAT = 7; // 7: list items carry queueKey
export const PROJECT_VERSION: string = pkg.version;
/** About this many scenarios per bucket (one worker task, one shard file). */
export const BUCKET_SIZE = 512;

/** The snapshot folder of one results folder, inside the state folder. */
export function snapshotDirOf(stateDir: string, root: string): string {
  return join(stateDir, "index", createHash("sha256").update(root).digest("hex").slice(0, 16));
}

/** A power of two, so that a run that grows a little keeps its buckets. */
export function bucketCountOf(scenarios: number): number {
  let n = 1;
  while (n * BUCKET_SIZE < scenarios) n *= 2;
  return n;
}

/** FNV-1a of the folder name: stable across processes and versions. */
export function bucketOf(name: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return (h >>> 0) % buckets;
}

export interface ShardKey {
  runDir: string;
  buckets: number;
  bucket: number;
}

/** A bucket as stored: the names and signatures apart, so that checking them needs no parse of the reads. */
export interface StoredBucket extends EncodedBucket {
  names: string[];
  signatures: string[];
}

/** Names and signatures NUL-joined (no file name holds a NUL): one string each deserializes far faster than a thousand. */
interface Shard extends ShardKey, Omit<StoredBucket, "names" | "signatures"> {
  names: string;
  signatures: string;
  /** The signatures as numbers, for the restart's check (see `stamps`). */
  stamps: Stamps;
  format: number;
  version: string;
  /** Of the encoded reads: an unchanged bucket goes to the main thread undecoded, so damage must show here. */
  digest: number;
}

/**
 * A CRC-32 of everything a stored bucket decodes from (about 0.3 ms per MB here, a third of SHA-1's):
 * it is there to catch a damaged file, and one who can write the state folder could write any shard.
 */
function digestOf(bucket: Pick<Shard, "meta" | "numbers" | "special" | "names" | "signatures" | "stamps"> & { meta: Uint8Array }): number {
  let crc = crc32(bucket.meta);
  crc = crc32(bytesOf(bucket.numbers), crc);
  if (bucket.special) crc = crc32(bucket.special, crc);
  const { stamps } = bucket;
  for (const array of [stamps.from, stamps.file, stamps.values]) crc = crc32(bytesOf(array), crc);
  return crc32(`${bucket.names}\n${bucket.signatures}\n${stamps.files}`, crc);
}

const bytesOf = (array: ArrayBufferView) => new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

const runKey = (runDir: string) => createHash("sha256").update(runDir).digest("hex").slice(0, 16);

/** The file names of a bucket's and of a run level's shard, inside the snapshot folder. */
export const shardName = (key: ShardKey) => `${runKey(key.runDir)}-${key.buckets}-${key.bucket}.v8`;
export const levelName = (runDir: string) => `${runKey(runDir)}-level.v8`;
/** A run's timing items (see `timing/saved-timing`), written by the main thread. */
export const timingName = (runDir: string) => `${runKey(runDir)}-timing.v8`;

/** The run folders the last scan found, so that a restart starts reading them before its walk ends. */
export const RUN_DIRS_FILE = "runs.v8";

export function loadRunDirs(dir: string): string[] {
  try {
    const stored = deserialize(readFileSync(join(dir, RUN_DIRS_FILE))) as { format?: unknown; version?: unknown; dirs?: unknown };
    if (stored.format !== SNAPSHOT_FORMAT || stored.version !== PROJECT_VERSION || !Array.isArray(stored.dirs)) return [];
    return stored.dirs.filter((d): d is string => typeof d === "string");
  } catch {
    return [];
  }
}

export function writeRunDirs(dir: string, dirs: readonly string[]): void {
  mkdirSync(dir, { recursive: true });
  writeWhole(join(dir, RUN_DIRS_FILE), serialize({ format: SNAPSHOT_FORMAT, version: PROJECT_VERSION, dirs }));
}

/** Written to a temporary name and renamed, so a reader never sees half a file. */
export function writeWhole(file: string, bytes: Buffer): void {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

/** A bucket as loaded: with its signatures also as stored, NUL-joined (what the main thread is sent). */
export interface LoadedBucket extends StoredBucket {
  joinedSignatures: string;
  stamps: Stamps;
}

/** The stored bucket, or why there is none (`missing`, or the reason it was ignored). */
export function loadShard(dir: string, key: ShardKey): LoadedBucket | { ignored: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(dir, shardName(key)));
  } catch {
    return { ignored: "missing" };
  }
  let shard: Partial<Shard>;
  try {
    shard = deserialize(bytes) as Partial<Shard>;
  } catch {
    return { ignored: "corrupt" };
  }
  if (!shard || typeof shard !== "object") return { ignored: "corrupt" };
  if (shard.format !== SNAPSHOT_FORMAT || shard.version !== PROJECT_VERSION) return { ignored: "another version" };
  if (shard.runDir !== key.runDir || shard.buckets !== key.buckets || shard.bucket !== key.bucket) return { ignored: "corrupt" };
  if (typeof shard.names !== "string" || typeof shard.signatures !== "string") return { ignored: "corrupt" };
  const names = splitList(shard.names);
  const signatures = splitList(shard.signatures);
  const { meta, numbers, special, stamps } = shard;
  if (names.length !== signatures.length || !(meta instanceof Uint8Array) || !(numbers instanceof Float64Array) || !(special === null || special instanceof Uint8Array)) return { ignored: "corrupt" };
  if (!stamps || typeof stamps.files !== "string" || !(stamps.from instanceof Uint32Array) || !(stamps.file instanceof Uint8Array) || !(stamps.values instanceof Float64Array) || !stampsFit(stamps, names.length)) return { ignored: "corrupt" };
  if (shard.digest !== digestOf({ meta, numbers, special, names: shard.names, signatures: shard.signatures, stamps })) return { ignored: "corrupt" };
  return { names, signatures, meta, numbers, special, joinedSignatures: shard.signatures, stamps };
}

/**
 * A loaded bucket's signatures in the order `names` (the same names) asked for them, NUL-joined: as
 * stored, unless the listing's order moved since.
 */
export function signaturesInOrder(bucket: LoadedBucket, names: readonly string[]): string {
  if (bucket.names.every((name, i) => name === names[i])) return bucket.joinedSignatures;
  const at = new Map(bucket.names.map((name, i) => [name, bucket.signatures[i] as string]));
  return joinList(names.map((name) => at.get(name) as string));
}

/** A NUL-joined list (see `Shard`); an empty string is the empty list. */
export const splitList = (joined: string): string[] => (joined === "" ? [] : joined.split("\0"));
const joinList = (list: readonly string[]): string => list.join("\0");

export function writeShard(dir: string, key: ShardKey, bucket: StoredBucket): void {
  const meta = typeof bucket.meta === "string" ? Buffer.from(bucket.meta, "utf8") : bucket.meta;
  const stored = { names: joinList(bucket.names), signatures: joinList(bucket.signatures), meta, numbers: bucket.numbers, special: bucket.special, stamps: stampsOf(bucket.signatures) };
  const shard: Shard = { format: SNAPSHOT_FORMAT, version: PROJECT_VERSION, ...key, ...stored, digest: digestOf(stored) };
  writeWhole(join(dir, shardName(key)), serialize(shard));
}

/**
 * A run's run-level files as last read, by the signature they were read at. `level` is the v8
 * encoding of the `PlainRunLevel` (see `encodeLevel`), kept as bytes: a worker only compares the
 * signature and hands the bytes on, and the main thread alone decodes them (4–6 ms for a run of 2,000
 * scenarios, whose invocations and sessions list every name: decoding in the worker too doubled that).
 */
export interface StoredLevel {
  signature: string;
  level: Uint8Array;
}

export function loadLevel(dir: string, runDir: string): StoredLevel | null {
  try {
    const stored = deserialize(readFileSync(join(dir, levelName(runDir)))) as Partial<StoredLevel & { format: number; version: string; runDir: string; digest: number }>;
    if (stored.format !== SNAPSHOT_FORMAT || stored.version !== PROJECT_VERSION || stored.runDir !== runDir) return null;
    if (typeof stored.signature !== "string" || !(stored.level instanceof Uint8Array) || stored.digest !== crc32(stored.level)) return null;
    return { signature: stored.signature, level: stored.level };
  } catch {
    return null;
  }
}

export function writeLevel(dir: string, runDir: string, stored: StoredLevel): void {
  writeWhole(join(dir, levelName(runDir)), serialize({ format: SNAPSHOT_FORMAT, version: PROJECT_VERSION, runDir, ...stored, digest: crc32(stored.level) }));
}

/** A run level's bulk (its invocations and sessions, which list every scenario name several times) is encoded apart, see `decodeLevel`. */
export function encodeLevel(level: PlainRunLevel): Uint8Array {
  const { invocations, sessions, ...rest } = level;
  return serialize({ ...rest, bulk: serialize({ invocations, sessions }) });
}

type Bulk = Pick<PlainRunLevel, "invocations" | "sessions">;

/**
 * A stored level's bytes as the run level, or `null` when they do not decode to one. Its invocations
 * and sessions decode on first use: the index needs only the rest (and `sessionsHead`) until a page
 * asks, and decoding them all took the main thread 40 ms and 23 MB at 100,000 scenarios.
 */
export function decodeLevel(bytes: Uint8Array): PlainRunLevel | null {
  let stored: Partial<Omit<PlainRunLevel, keyof Bulk> & { bulk: Uint8Array }> | null;
  try {
    stored = deserialize(bytes) as typeof stored;
  } catch {
    return null;
  }
  if (!stored || typeof stored !== "object" || !Array.isArray(stored.problems) || typeof stored.finished !== "boolean" || !(stored.bulk instanceof Uint8Array)) return null;
  const { bulk, ...rest } = stored;
  let decoded: Bulk | null = null;
  const decode = (): Bulk => (decoded ??= decodeBulk(bulk, rest.problems as PlainRunLevel["problems"]));
  return Object.defineProperties(rest, {
    invocations: { get: () => decode().invocations, enumerable: true, configurable: true },
    sessions: { get: () => decode().sessions, enumerable: true, configurable: true },
  }) as PlainRunLevel;
}

/** The stored bulk; the digest makes a failure here all but impossible, but it is named, not thrown. */
function decodeBulk(bytes: Uint8Array, problems: PlainRunLevel["problems"]): Bulk {
  try {
    const bulk = deserialize(bytes) as Partial<Bulk> | null;
    if (bulk && Array.isArray(bulk.invocations) && Array.isArray(bulk.sessions)) return { invocations: bulk.invocations, sessions: bulk.sessions };
  } catch {
    // Named below.
  }
  problems.push({ file: "evaluation_log.txt", kind: "unreadable", message: "the saved index of this run's sessions did not decode; they show as none" });
  return { invocations: [], sessions: [] };
}

/** Removes the files of buckets and runs this scan did not use (runs gone, buckets re-laid out); returns how many. */
export async function pruneSnapshot(dir: string, used: ReadonlySet<string>): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".v8") || used.has(name)) continue;
    await unlink(join(dir, name)).then(() => removed++, () => {});
  }
  return removed;
}
