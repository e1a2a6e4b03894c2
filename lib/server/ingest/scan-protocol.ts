/** The messages between the first scan (main thread) and its workers. */
import "server-only";
import type { ShardKey } from "./snapshot";

export interface WorkerSetup {
  /** Where the persisted index lives; `null`: read everything, store nothing. */
  snapshotDir: string | null;
  /** No run list from a last scan (a first start): every folder will be read, so the readers load at boot. */
  firstStart: boolean;
}

export type ToWorker =
  /** Read (or reuse from the snapshot) these scenario folders of one bucket of a run. */
  | { kind: "bucket"; id: number; key: ShardKey; names: string[] }
  /** Read (or reuse) a run's run-level files; `files`: the names of the run folder's files. */
  | { kind: "level"; id: number; runDir: string; files: string[] }
  /** The scan is over: write the buckets that changed, then answer `flushed`. */
  | { kind: "flush" };

export type FromWorker =
  /**
   * The bucket's reads (see `bucket-codec`); `fresh`: how many were read from disk rather than reused.
   * `unchanged`: the snapshot's bucket as it was stored, every file as it was read (then `fresh` is 0),
   * with the signatures of the asked names, in the order asked, NUL-joined: one string travels faster
   * than a thousand, and the main thread has the names already.
   */
  | { kind: "bucket"; id: number; meta: string | Uint8Array; numbers: Float64Array; special: Uint8Array | null; fresh: number; unchanged: { signatures: string } | null }
  /**
   * `level`: the run level's v8 encoding (see `StoredLevel`), decoded by the main thread alone;
   * `unchanged`: as the snapshot stored it (the files were not read).
   */
  | { kind: "level"; id: number; level: Uint8Array; signature: string; unchanged: boolean }
  | { kind: "flushed"; written: number; problem: string | null };
