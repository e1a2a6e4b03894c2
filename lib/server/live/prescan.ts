/**
 * The first scan, ahead of the server (issue 46). The command a user types (`bin/`) starts Next, whose
 * boot takes most of a second of one core; meanwhile it reads the results folder into the index
 * cache on a worker thread (`prescan-worker`), on the other core, with the store's own code. The
 * server's store waits for it, then starts as a restart does: from the cache, audited against the
 * disk once its watcher is up. Runs the cache held already are left to that audit: the command's
 * scan reads only what the cache lacks. The worker's memory is the command's, given back when it ends.
 *
 * One thread, not one per core: two threads (or two processes) splitting the runs finished a year of
 * nightly runs only 15–25% sooner on this 2-core machine, and once one of two writers could not
 * open the cache as the file was being made; two workers each scanning half a year into a cache of
 * its own report in 800 ms against 820 for one scanning it all (one already uses 1.2 cores).
 *
 * The two talk over a pipe the command gives the server as a file descriptor
 * (`VOICE_EVAL_PRESCAN_FD`): one JSON line per progress step; then the runs list, once every run is
 * read and before anything is written, when it read any (the server shows it while it loads the
 * index from the cache: a user waits for the list, not for the cache); then the report, once the cache is written; then
 * `done` once the worker wrote what the runs list does not need (the trend facts and the runs'
 * states). If the pipe closes without a report (the command died, the worker failed), the server
 * reads the folder itself.
 */
import "server-only";
import { Socket } from "node:net";
import type { ScanStats } from "../ingest/scan";
import type { ResultsIndex } from "../model/results-index";

/** What the command's scan did, for the log and `/api/health`. */
export interface PrescanReport {
  /** Whether the index cache now holds the folder as the scan read it (else the server reads it). */
  ok: boolean;
  /** Why not, when not. */
  problem: string | null;
  /** Scenario folders read, and scenarios that came from the index cache. */
  read: number;
  reused: number;
  /** From the worker's start to the cache written. */
  ms: number;
  /** Rows another build made, found in the cache when the scan began: recomputed (see `IndexCache.otherBuild`). */
  otherBuild: { runs: number; listItems: number; trendFacts: number };
}

/** The runs list as the command's scan made it, every run read (the index's version is the server's). */
export type FirstList = NonNullable<ResultsIndex["firstList"]>;

/** One line on the pipe (`done`, the worker's last message: the trend facts and the states are written). */
export type PrescanMessage = { progress: { done: number; total: number } } | { list: FirstList } | { report: PrescanReport } | { done: true };

/** The report of a scan's stats. */
export function prescanReport(stats: ScanStats | null, problem: string | null, ms: number, otherBuild: PrescanReport["otherBuild"] = NO_ROWS): PrescanReport {
  return { ok: problem === null && stats !== null, problem, read: stats?.read ?? 0, reused: stats?.reused ?? 0, ms: Math.round(ms), otherBuild };
}
const NO_ROWS = { runs: 0, listItems: 0, trendFacts: 0 };

/** The command's scan says something at least this often (progress every 500 scenarios); silent longer, it is given up on. */
export const PRESCAN_SILENCE_MS = 60_000;

/** The server's side of the pipe: the command's report, and when the cache is filled. */
export interface PrescanListener {
  /** The report once it comes, or `null` when the pipe ends without one or stays silent for the silence bound. Never rejects. */
  report: Promise<PrescanReport | null>;
  /** Resolves once the worker wrote what it writes after its report (or the pipe ended, or went silent): never rejects. */
  filled: Promise<void>;
}

/** What the server is told before the report: the scan's progress, then its runs list. */
export interface PrescanHandlers {
  onProgress(p: { done: number; total: number }): void;
  onList?(list: FirstList): void;
}

/**
 * Listens on the pipe at `fd`: progress meanwhile, the runs list, then the report, then `done`. At
 * worst the server reads the folder itself (no report), or uses the cache before the worker filled
 * it (a run's states it lacks are read again from the run's folder).
 */
export function listenToPrescan(fd: number, handlers: PrescanHandlers, silenceMs = PRESCAN_SILENCE_MS): PrescanListener {
  let report!: (r: PrescanReport | null) => void;
  let filled!: () => void;
  const listener: PrescanListener = {
    report: new Promise((resolve) => (report = resolve)),
    filled: new Promise((resolve) => (filled = resolve)),
  };
  let socket: Socket;
  try {
    socket = new Socket({ fd, readable: true, writable: false });
  } catch {
    report(null);
    filled();
    return listener;
  }
  let buffer = "";
  let ended = false;
  let silence: NodeJS.Timeout | undefined;
  // Later calls of `report` do nothing: the first (the report, or its absence) stands.
  const finish = () => {
    if (ended) return;
    ended = true;
    clearTimeout(silence);
    socket.destroy();
    report(null);
    filled();
  };
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(finish, silenceMs);
    silence.unref?.();
  };
  heard();
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    heard();
    // Only the new chunk is searched for the line's end: the runs list is one line of 1.4 KB a run,
    // and searching all of it again at each chunk would be quadratic.
    let from = 0;
    for (let nl = chunk.indexOf("\n"); nl !== -1 && !ended; nl = chunk.indexOf("\n", from)) {
      const message = parseMessage(buffer + chunk.slice(from, nl));
      buffer = "";
      from = nl + 1;
      if (message && "progress" in message) handlers.onProgress(message.progress);
      else if (message && "list" in message) handlers.onList?.(message.list);
      else if (message && "report" in message) report(message.report);
      else if (message && "done" in message) finish();
    }
    if (!ended) buffer += chunk.slice(from);
  });
  socket.on("end", finish);
  socket.on("close", finish);
  socket.on("error", finish);
  return listener;
}

function parseMessage(line: string): PrescanMessage | null {
  try {
    const value = JSON.parse(line) as unknown;
    if (!value || typeof value !== "object") return null;
    const m = value as Record<string, unknown>;
    const p = m.progress as Record<string, unknown> | undefined;
    if (p && typeof p.done === "number" && typeof p.total === "number") return { progress: { done: p.done, total: p.total } };
    if (m.done === true) return { done: true };
    const l = m.list as Record<string, unknown> | undefined;
    // Our own worker's output on a private descriptor: its shape is checked, its items are the list's own.
    if (l && Array.isArray(l.runs) && Array.isArray(l.problems))
      return { list: { runs: l.runs as FirstList["runs"], problems: l.problems as FirstList["problems"] } };
    const r = m.report as Record<string, unknown> | undefined;
    if (r && typeof r.ok === "boolean" && typeof r.read === "number" && typeof r.reused === "number" && typeof r.ms === "number") {
      const o = (r.otherBuild ?? {}) as Record<string, unknown>;
      const count = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : 0);
      const otherBuild = { runs: count(o.runs), listItems: count(o.listItems), trendFacts: count(o.trendFacts) };
      return { report: { ok: r.ok, problem: typeof r.problem === "string" ? r.problem : null, read: r.read, reused: r.reused, ms: r.ms, otherBuild } };
    }
    return null;
  } catch {
    return null;
  }
}
