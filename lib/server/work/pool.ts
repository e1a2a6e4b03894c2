/**
 * Expensive views off the server's main thread: `offThread(job, input)` runs a job of `jobs.ts` in a
 * worker thread and resolves with its result, so `/api/health` and every other request keep answering
 * while it computes. At most `size` jobs run at once (2: the rest wait in order, at most `maxQueued`);
 * a job past its `timeoutMs` has its worker ended and is refused by name. Workers start on first use and
 * end after `idleMs` without work.
 *
 *   const diffs = await offThread("lineDiffs", pairs, { timeoutMs: 30_000 });
 *
 * Without the worker script (`script.ts`: a checkout never started through the CLI), or if it fails to
 * start, jobs run on the main thread one at a time: slower to answer other requests, never wrong
 * (`stats.threads` is then 0).
 */
import "server-only";
import { Worker } from "node:worker_threads";
import { JOBS, type JobInput, type JobName, type JobOutput } from "./jobs";
import type { FromWorker, ToWorker } from "./protocol";
import { workScript } from "./script";

export interface WorkOptions {
  /** The job's bound once started (default 2 minutes): past it, its worker is ended and the job refused ("timeout"). */
  timeoutMs?: number;
}

export interface PoolOptions {
  /** Jobs running at once (default 2). */
  size?: number;
  /** Jobs waiting at most; more are refused ("busy"). */
  maxQueued?: number;
  /** A worker without work ends after this long. */
  idleMs?: number;
  /** Each worker's heap bound: a job past it fails by name instead of taking the server down. */
  maxHeapMb?: number;
}

/** Why a job did not give a result: it ran out of time, the queue was full, or it threw (its message). */
export class WorkError extends Error {
  constructor(
    readonly kind: "timeout" | "busy" | "failed",
    message: string,
  ) {
    super(message);
    this.name = "WorkError";
  }
}

export interface WorkStats {
  /** Worker threads alive (0 before first use, or when jobs run on the main thread). */
  threads: number;
  /** Whether jobs run in worker threads (false: no worker script, or it failed to start). */
  offThread: boolean;
  running: number;
  queued: number;
  done: number;
  failed: number;
  /** Jobs ended at their time bound. */
  timedOut: number;
  /** Jobs refused because the queue was full. */
  refused: number;
}

interface Task {
  id: number;
  job: JobName;
  input: unknown;
  timeoutMs: number;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

const DEFAULT_TIMEOUT_MS = 120_000;

export class WorkPool {
  readonly #script: string | null;
  readonly #size: number;
  readonly #maxQueued: number;
  readonly #idleMs: number;
  readonly #maxHeapMb: number;
  readonly #queue: Task[] = [];
  readonly #idle: Worker[] = [];
  readonly #running = new Map<Worker, { task: Task; timer: NodeJS.Timeout }>();
  readonly #idleTimers = new Map<Worker, NodeJS.Timeout>();
  /** Main-thread mode: the script is missing or a worker failed to start. */
  #inProcess: boolean;
  #inProcessBusy = false;
  #nextId = 1;
  #closed = false;
  readonly #counts = { done: 0, failed: 0, timedOut: 0, refused: 0 };

  constructor(script: string | null, options: PoolOptions = {}) {
    this.#script = script;
    this.#inProcess = script === null;
    this.#size = Math.max(1, options.size ?? 2);
    this.#maxQueued = options.maxQueued ?? 256;
    this.#idleMs = options.idleMs ?? 30_000;
    this.#maxHeapMb = options.maxHeapMb ?? 1536;
  }

  get stats(): WorkStats {
    return {
      threads: this.#idle.length + this.#running.size,
      offThread: !this.#inProcess,
      running: this.#running.size + (this.#inProcessBusy ? 1 : 0),
      queued: this.#queue.length,
      ...this.#counts,
    };
  }

  /** Runs `job` on `input` in a worker thread (queued while `size` jobs run). */
  run<K extends JobName>(job: K, input: JobInput<K>, options: WorkOptions = {}): Promise<JobOutput<K>> {
    if (this.#closed) return Promise.reject(new WorkError("failed", "the work pool is closed"));
    if (this.#queue.length >= this.#maxQueued) {
      this.#counts.refused++;
      return Promise.reject(new WorkError("busy", `${this.#queue.length} jobs are already waiting`));
    }
    return new Promise<JobOutput<K>>((resolve, reject) => {
      this.#queue.push({
        id: this.#nextId++,
        job,
        input,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.#pump();
    });
  }

  /** Ends every worker; waiting jobs are refused. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.splice(0)) task.reject(new WorkError("failed", "the work pool was closed"));
    const all = [...this.#idle, ...this.#running.keys()];
    for (const [, { task, timer }] of this.#running) {
      clearTimeout(timer);
      task.reject(new WorkError("failed", "the work pool was closed"));
    }
    this.#running.clear();
    this.#idle.length = 0;
    for (const t of this.#idleTimers.values()) clearTimeout(t);
    this.#idleTimers.clear();
    await Promise.all(all.map((w) => w.terminate()));
  }

  #pump(): void {
    if (this.#inProcess) return this.#pumpInProcess();
    while (this.#queue.length > 0 && (this.#idle.length > 0 || this.#running.size < this.#size)) {
      const worker = this.#idle.pop() ?? this.#spawn();
      if (!worker) return this.#pumpInProcess();
      const idleTimer = this.#idleTimers.get(worker);
      if (idleTimer) clearTimeout(idleTimer);
      this.#idleTimers.delete(worker);
      const task = this.#queue.shift() as Task;
      const timer = setTimeout(() => this.#timeout(worker), task.timeoutMs);
      this.#running.set(worker, { task, timer });
      // A running job keeps the process alive (a CLI command awaits it); an idle worker does not.
      worker.ref();
      worker.postMessage({ id: task.id, job: task.job, input: task.input } satisfies ToWorker);
    }
  }

  #spawn(): Worker | null {
    let worker: Worker;
    try {
      // A plain bundle: none of the parent's loader flags (tsx in the bench, Vitest).
      worker = new Worker(this.#script as string, { execArgv: [], resourceLimits: { maxOldGenerationSizeMb: this.#maxHeapMb } });
    } catch (err) {
      this.#fallBack(err);
      return null;
    }
    // Loaded: the script says so once evaluated (a thread's "online" comes before its module loads).
    let loaded = false;
    worker.on("message", (m: FromWorker | { ready: true }) => {
      if ("ready" in m) loaded = true;
      else this.#answer(worker, m);
    });
    worker.on("error", (err) => {
      if (loaded) return this.#lose(worker, err);
      // The script did not load: its job waits for the main thread, first in line.
      this.#fallBack(err);
      const running = this.#running.get(worker);
      if (running) {
        clearTimeout(running.timer);
        this.#running.delete(worker);
        this.#queue.unshift(running.task);
      }
      this.#lose(worker, err);
    });
    worker.on("exit", (code) => this.#lose(worker, new Error(`the worker thread exited (code ${code})`)));
    return worker;
  }

  /** The worker script cannot start: jobs run on the main thread from now on, and the waiting ones with them. */
  #fallBack(err: unknown): void {
    if (this.#inProcess) return;
    this.#inProcess = true;
    console.error(
      `[voice-eval-dashboard] work pool: worker threads unavailable (${err instanceof Error ? err.message : String(err)}); expensive views run on the main thread`,
    );
  }

  #answer(worker: Worker, m: FromWorker): void {
    const running = this.#running.get(worker);
    if (!running || running.task.id !== m.id) return;
    clearTimeout(running.timer);
    this.#running.delete(worker);
    if (m.ok) {
      this.#counts.done++;
      running.task.resolve(m.value);
    } else {
      this.#counts.failed++;
      running.task.reject(new WorkError("failed", m.error));
    }
    this.#rest(worker);
    this.#pump();
  }

  #rest(worker: Worker): void {
    if (this.#closed) return void worker.terminate();
    worker.unref();
    this.#idle.push(worker);
    const timer = setTimeout(() => {
      this.#idleTimers.delete(worker);
      const at = this.#idle.indexOf(worker);
      if (at >= 0) this.#idle.splice(at, 1);
      void worker.terminate();
    }, this.#idleMs);
    timer.unref();
    this.#idleTimers.set(worker, timer);
  }

  #timeout(worker: Worker): void {
    const running = this.#running.get(worker);
    if (!running) return;
    this.#running.delete(worker);
    this.#counts.timedOut++;
    running.task.reject(new WorkError("timeout", `${running.task.job} took longer than ${Math.round(running.task.timeoutMs / 1000)} s`));
    void worker.terminate();
    this.#pump();
  }

  /** A worker died (a crash, its heap bound, or ended): its job fails by name, the next job gets a new worker. */
  #lose(worker: Worker, err: Error): void {
    const running = this.#running.get(worker);
    if (running) {
      clearTimeout(running.timer);
      this.#running.delete(worker);
      this.#counts.failed++;
      running.task.reject(new WorkError("failed", `${running.task.job}: ${err.message}`));
    }
    const at = this.#idle.indexOf(worker);
    if (at >= 0) this.#idle.splice(at, 1);
    const timer = this.#idleTimers.get(worker);
    if (timer) clearTimeout(timer);
    this.#idleTimers.delete(worker);
    if (!this.#closed) this.#pump();
  }

  /** Main-thread mode: one job at a time, each after the event loop has turned. */
  #pumpInProcess(): void {
    if (this.#inProcessBusy || this.#queue.length === 0) return;
    const task = this.#queue.shift() as Task;
    this.#inProcessBusy = true;
    setImmediate(async () => {
      try {
        const run = JOBS[task.job] as (input: unknown) => unknown;
        task.resolve(await run(task.input));
        this.#counts.done++;
      } catch (err) {
        this.#counts.failed++;
        task.reject(new WorkError("failed", err instanceof Error ? err.message : String(err)));
      } finally {
        this.#inProcessBusy = false;
        this.#pumpInProcess();
      }
    });
  }
}

const KEY = Symbol.for("voice-eval-dashboard.work-pool");
type Holder = { [KEY]?: WorkPool };

/** The process-wide pool (on `globalThis`, like the store: route handlers and pages are separate module instances under Next). */
export function workPool(): WorkPool {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new WorkPool(workScript()));
}

/** Runs `job` of `jobs.ts` on `input` in the process-wide pool's worker threads. */
export function offThread<K extends JobName>(job: K, input: JobInput<K>, options?: WorkOptions): Promise<JobOutput<K>> {
  return workPool().run(job, input, options);
}
