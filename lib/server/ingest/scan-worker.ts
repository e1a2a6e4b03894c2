/**
 * A scan worker (bundled on its own, see bin/compile-cli.mjs): reads scenario folders with
 * synchronous calls and hands each bucket to the main thread encoded (see `bucket-codec`).
 * With a snapshot folder it first takes the bucket's stored reads: when no file changed size or
 * mtime, the stored encoding goes on as it is; otherwise only the changed folders are read again.
 * After the scan it writes back the buckets that changed. The readers load on the first read (see
 * `scan-reader`): a restart that finds nothing changed never loads them.
 */
import "server-only";
import { mkdirSync, readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { BucketEncoder, decodeBucket, type EncodedBucket, type ReadEntry } from "./bucket-codec";
import { lstatSafeSync } from "./fs-sync";
import type { FromWorker, ToWorker, WorkerSetup } from "./scan-protocol";
import { levelSignature, stillSigned } from "./signatures";
import { stampsHold } from "./stamps";
import { encodeLevel, loadLevel, loadShard, signaturesInOrder, splitList, writeLevel, writeShard, type LoadedBucket, type ShardKey, type StoredBucket, type StoredLevel } from "./snapshot";

const setup = workerData as WorkerSetup;
const port = parentPort;
const SCAN_NICE = 10;
lowerPriority();

/**
 * The workers take the cores the main thread leaves idle, not a share of the time it needs to
 * answer requests during the scan: this thread runs 10 nice levels below the process. Linux gives
 * each thread its own id (`/proc/thread-self` → `<pid>/task/<tid>`), and `setpriority` of that id
 * changes this thread alone.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, Math.min(19, getPriority(tid) + SCAN_NICE));
  } catch {
    // Not Linux, or not allowed: the worker keeps the main thread's priority.
  }
}

/** The readers, loaded once, by the first read (their bundle is most of this worker's code). */
let reader: Promise<typeof import("./scan-reader")> | null = null;
const readers = () => (reader ??= import("./scan-reader"));
// A first start reads every folder: the readers compile while the main thread walks the folder.
if (setup.firstStart) void readers();

/** Buckets whose shard must be written at the flush. */
const changed: Array<{ key: ShardKey; bucket: StoredBucket }> = [];
const changedLevels: Array<{ runDir: string; stored: StoredLevel }> = [];

/**
 * The run-level files: parsing a log's tail is the costliest part of a run besides its scenarios.
 * `unchanged`: the snapshot's bytes, which move to the main thread (a fresh read's are kept for the flush).
 */
async function readLevel(runDir: string, files: string[]): Promise<StoredLevel & { unchanged: boolean }> {
  const signature = await levelSignature(runDir, lstatSafeSync);
  const stored = setup.snapshotDir ? loadLevel(setup.snapshotDir, runDir) : null;
  if (stored && stored.signature === signature) return { ...stored, unchanged: true };
  const { plainLevel, readRunLevel, syncLevelIo } = await readers();
  const fresh = { signature, level: encodeLevel(plainLevel(await readRunLevel(runDir, new Set(files), false, false, syncLevelIo))) };
  if (setup.snapshotDir) changedLevels.push({ runDir, stored: fresh });
  return { ...fresh, unchanged: false };
}

/** Whether stored folder `i`, which has no stamps, is as it was read, by its signature. */
async function signedAsStored(known: LoadedBucket, i: number, runDir: string, name: string): Promise<boolean> {
  const signature = known.signatures[i] as string;
  return signature !== "" && (await stillSigned(runDir, name, signature));
}

function signatureOf(entry: ReadEntry): string {
  const read = entry[1];
  return read.kind === "not-scenario" ? "" : read.signature;
}

async function readBucket(key: ShardKey, names: string[]): Promise<{ bucket: EncodedBucket; fresh: number; unchanged: LoadedBucket | null }> {
  const stored = setup.snapshotDir ? loadShard(setup.snapshotDir, key) : null;
  const known = stored && "meta" in stored ? stored : null;
  const at = new Map<string, number>();
  known?.names.forEach((name, i) => at.set(name, i));
  const files = known ? splitList(known.stamps.files) : [];
  const stale = new Set<string>();
  for (const name of names) {
    const i = at.get(name);
    // Awaited only without stamps: a microtask per folder shows over 50,000 of them.
    const held = i !== undefined && known !== null && (stampsHold(known.stamps, files, i, key.runDir, name) ?? (await signedAsStored(known, i, key.runDir, name)));
    if (!held) stale.add(name);
  }
  // Nothing changed: the stored encoding goes to the main thread as it is, not decoded here.
  if (known && stale.size === 0 && known.names.length === names.length) return { bucket: known, fresh: 0, unchanged: known };
  const kept = new Map<string, ReadEntry>();
  if (known && stale.size < names.length) for (const entry of decodeBucket(known) ?? []) kept.set(entry[0], entry);
  const { readScenario, syncIo } = await readers();
  // Each read is encoded at once (see `BucketEncoder`); only its signature is kept beside.
  const encoder = new BucketEncoder();
  const signatures: string[] = [];
  for (const name of names) {
    const entry = (stale.has(name) ? undefined : kept.get(name)) ?? [name, await readScenario(key.runDir, name, {}, syncIo)];
    encoder.add(entry);
    signatures.push(signatureOf(entry));
  }
  const bucket = encoder.finish();
  if (setup.snapshotDir) changed.push({ key, bucket: { ...bucket, names, signatures } });
  return { bucket, fresh: stale.size, unchanged: null };
}

/**
 * Bytes of the snapshot, made ready to move to the main thread rather than be cloned: an array
 * that is a view into a larger buffer (the shard file's, as `deserialize` leaves most of them) is
 * copied once into a buffer of its own. Cloning copied them twice, once here and once on the main
 * thread (a restart at 100,000 scenarios hands over about 75 MB; the main thread's CPU during it
 * was 200–240 ms cloned, 130–140 ms moved). A view that spans its whole buffer is never one of
 * Node's pooled slices.
 */
function movable<T extends Uint8Array | Float64Array>(a: T): T {
  if (a.byteOffset === 0 && a.byteLength === a.buffer.byteLength) return a;
  return (a instanceof Float64Array ? new Float64Array(a) : new Uint8Array(a)) as T;
}

/** The distinct buffers under these arrays (strings and `null` have none). */
const buffersOf = (arrays: Array<string | ArrayBufferView | null>): ArrayBuffer[] => [...new Set(arrays.flatMap((a) => (a && typeof a !== "string" ? [a.buffer as ArrayBuffer] : [])))];

/** A stored bucket as it goes to the main thread: each array in a buffer of its own, and those buffers to move. */
function moved(bucket: EncodedBucket): { bucket: EncodedBucket; transfer: ArrayBuffer[] } {
  const out = { meta: typeof bucket.meta === "string" ? bucket.meta : movable(bucket.meta), numbers: movable(bucket.numbers), special: bucket.special && movable(bucket.special) };
  return { bucket: out, transfer: buffersOf([out.meta, out.numbers, out.special]) };
}

function flush(): FromWorker {
  if (!setup.snapshotDir || changed.length + changedLevels.length === 0) return { kind: "flushed", written: 0, problem: null };
  try {
    mkdirSync(setup.snapshotDir, { recursive: true });
    for (const shard of changed) writeShard(setup.snapshotDir, shard.key, shard.bucket);
    for (const l of changedLevels) writeLevel(setup.snapshotDir, l.runDir, l.stored);
    return { kind: "flushed", written: changed.length + changedLevels.length, problem: null };
  } catch (error) {
    return { kind: "flushed", written: 0, problem: (error as Error).message };
  } finally {
    changed.length = 0;
    changedLevels.length = 0;
  }
}

// Tasks run one at a time, in the order they came: each is synchronous work between awaits of plain values.
let queue = Promise.resolve();
port?.on("message", (message: ToWorker) => {
  queue = queue.then(async () => {
    if (message.kind === "flush") return port.postMessage(flush());
    if (message.kind === "level") {
      const read = await readLevel(message.runDir, message.files);
      // A stored level is not kept here: its bytes move (a fresh read's are kept for the flush, and cloned).
      const level = read.unchanged ? movable(read.level) : read.level;
      return port.postMessage({ kind: "level", id: message.id, level, signature: read.signature, unchanged: read.unchanged } satisfies FromWorker, read.unchanged ? buffersOf([level]) : []);
    }
    const read = await readBucket(message.key, message.names);
    // A stored bucket is not kept here either: its bytes move (a fresh one's are kept for the flush, and cloned).
    const { bucket, transfer } = read.unchanged ? moved(read.bucket) : { bucket: read.bucket, transfer: [] };
    const answer = { kind: "bucket", id: message.id, meta: bucket.meta, numbers: bucket.numbers, special: bucket.special, fresh: read.fresh, unchanged: read.unchanged ? { signatures: signaturesInOrder(read.unchanged, message.names) } : null } satisfies FromWorker;
    port.postMessage(answer, transfer);
  });
});
