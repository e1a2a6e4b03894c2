/**
 * The first scan's worker threads (as many as cores, at least 2): run-level and bucket reads are
 * queued here and handed to whichever worker is free, two in flight each so none waits on the main
 * thread. If the worker bundle is missing or a worker dies, its tasks are done on the main thread
 * instead: slower, never wrong (`threads` tells which happened).
 */
import "server-only";
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { decodeBucket, type ReadEntry } from "./bucket-codec";
import { mapLimit } from "./pool";
import { livingLevel, readRunLevel, type RunLevel } from "./read-run-level";
import { levelSignature } from "./signatures";
import { readScenario } from "./read-scenario";
import type { FromWorker, ToWorker, WorkerSetup } from "./scan-protocol";
import { decodeLevel, splitList, type ShardKey, type StoredBucket } from "./snapshot";

export type BucketRead =
  | {
      kind: "read";
      reads: ReadEntry[];
      /** Folders read from disk (the rest came from the snapshot, unchanged). */
      fresh: number;
    }
  /** Every folder as the snapshot has it: the reads are still encoded (see `StoredScenarios`). */
  | { kind: "unchanged"; bucket: StoredBucket };

export interface LevelRead {
  level: RunLevel;
  signature: string;
}

type Flushed = Extract<FromWorker, { kind: "flushed" }>;

interface Task {
  id: number;
  message: ToWorker;
  /** Takes the worker's answer; `false` when it is unusable (then `here` runs). */
  take(answer: FromWorker): boolean;
  /** The same work on the main thread. */
  here(): Promise<void>;
}

const IN_FLIGHT = 2;

/** Scenario folders read on the main thread: without workers, or when what a worker sent does not decode. */
export function readHere(runDir: string, names: readonly string[]): Promise<ReadEntry[]> {
  return mapLimit(names, 64, async (name): Promise<ReadEntry> => [name, await readScenario(runDir, name)]);
}

/** The bundled worker: set by the CLI, else where `bin/compile-cli.mjs` caches it. */
export function workerBundle(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = env.VOICE_EVAL_SCAN_WORKER || join(/* turbopackIgnore: true */ process.cwd(), "node_modules", ".cache", "voice-eval-dashboard", "scan-worker.mjs");
  return existsSync(path) ? path : null;
}

export class ScanPool {
  readonly #queue: Task[] = [];
  readonly #busy = new Map<Worker, Task[]>();
  #next = 0;
  readonly #flushed: Array<(m: Flushed) => void> = [];

  /** `bundle`: `null` does everything on the main thread. */
  constructor(bundle: string | null, setup: WorkerSetup, threads = Math.min(8, Math.max(2, availableParallelism()))) {
    if (!bundle) return;
    for (let i = 0; i < threads; i++) {
      // A plain bundle: no loader flags of the parent (tsx in the bench), and a young generation
      // big enough that parsing thousands of small files does not scavenge every few of them.
      const worker = new Worker(bundle, { workerData: setup, execArgv: [], resourceLimits: { maxYoungGenerationSizeMb: 48 } });
      this.#busy.set(worker, []);
      worker.on("message", (m: FromWorker) => this.#answer(worker, m));
      worker.on("error", () => this.#lose(worker));
      worker.on("exit", () => this.#lose(worker));
    }
  }

  /** Worker threads alive (0: reading on the main thread). */
  get threads(): number {
    return this.#busy.size;
  }

  read(key: ShardKey, names: string[]): Promise<BucketRead> {
    return new Promise((resolve) => {
      const here = async () => {
        const reads = await readHere(key.runDir, names);
        resolve({ kind: "read", reads, fresh: reads.length });
      };
      this.#submit((id) => ({ kind: "bucket", id, key, names }), here, (m) => {
        if (m.kind !== "bucket") return false;
        if (m.unchanged) {
          // In the order of the names asked for.
          const signatures = splitList(m.unchanged.signatures);
          if (signatures.length !== names.length) return false;
          resolve({ kind: "unchanged", bucket: { names, signatures, meta: m.meta, numbers: m.numbers, special: m.special } });
          return true;
        }
        const reads = decodeBucket(m);
        // A bucket that does not decode: its folders are read here instead.
        if (reads) resolve({ kind: "read", reads, fresh: m.fresh });
        return reads !== null;
      });
    });
  }

  /** A run's run-level files; queued ahead of buckets, since a run's buckets wait for them. */
  level(runDir: string, files: ReadonlySet<string>): Promise<LevelRead> {
    return new Promise((resolve) => {
      const here = async () => {
        const signature = await levelSignature(runDir);
        resolve({ level: await readRunLevel(runDir, files), signature });
      };
      const take = (m: FromWorker) => {
        const plain = m.kind === "level" ? decodeLevel(m.level) : null;
        // Bytes that do not decode: the run-level files are read here instead.
        if (m.kind !== "level" || !plain) return false;
        // A level read afresh is decoded whole at once, during the scan: the runs list after a first
        // start needs every run's sessions. One from the snapshot waits for its first use, since the
        // runs list after a restart lists unchanged runs from their saved items.
        if (!m.unchanged) void plain.sessions;
        resolve({ level: livingLevel(runDir, plain), signature: m.signature });
        return true;
      };
      this.#submit((id) => ({ kind: "level", id, runDir, files: [...files] }), here, take, true);
    });
  }

  /** Asks every worker to write what changed in the snapshot; resolves with how many files were written. */
  async flush(): Promise<{ written: number; problems: string[] }> {
    const answers = await Promise.all(
      [...this.#busy.keys()].map((w) => new Promise<Flushed>((resolve) => {
        this.#flushed.push(resolve);
        w.postMessage({ kind: "flush" } satisfies ToWorker);
      })),
    );
    return { written: answers.reduce((n, a) => n + a.written, 0), problems: answers.flatMap((a) => (a.problem ? [a.problem] : [])) };
  }

  async close(): Promise<void> {
    const workers = [...this.#busy.keys()];
    this.#busy.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  #submit(message: (id: number) => ToWorker, here: () => Promise<void>, take: (m: FromWorker) => boolean, first = false): void {
    const id = this.#next++;
    const task: Task = { id, message: message(id), take, here };
    if (first) this.#queue.unshift(task);
    else this.#queue.push(task);
    this.#pump();
  }

  #pump(): void {
    if (this.#busy.size === 0) {
      for (const task of this.#queue.splice(0)) void task.here();
      return;
    }
    for (const [worker, tasks] of this.#busy) {
      while (tasks.length < IN_FLIGHT && this.#queue.length > 0) {
        const task = this.#queue.shift() as Task;
        tasks.push(task);
        worker.postMessage(task.message);
      }
    }
  }

  #answer(worker: Worker, m: FromWorker): void {
    if (m.kind === "flushed") {
      this.#flushed.shift()?.(m);
      return;
    }
    const tasks = this.#busy.get(worker) ?? [];
    const at = tasks.findIndex((t) => t.id === m.id);
    if (at === -1) return;
    const task = tasks.splice(at, 1)[0] as Task;
    if (!task.take(m)) void task.here();
    this.#pump();
  }

  /** A worker died: its tasks go back to the queue (or to the main thread when none is left). */
  #lose(worker: Worker): void {
    const tasks = this.#busy.get(worker);
    if (!tasks) return;
    this.#busy.delete(worker);
    this.#flushed.shift()?.({ kind: "flushed", written: 0, problem: "a scan worker exited" });
    this.#queue.unshift(...tasks);
    this.#pump();
  }
}
