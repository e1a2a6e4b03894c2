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
 * open the cache as the file was being made.
 *
 * The two talk over a pipe the command gives the server as a file descriptor
 * (`VOICE_EVAL_PRESCAN_FD`): one JSON line per progress step, then the report. If the pipe closes
 * without one (the command died, the worker failed), the server reads the folder itself.
 */
import "server-only";
import { Socket } from "node:net";
import type { ScanStats } from "../ingest/scan";

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

/** One line on the pipe (and `done`, the worker's last message to the command: the states are written). */
export type PrescanMessage = { progress: { done: number; total: number } } | { report: PrescanReport } | { done: true };

/** The report of a scan's stats. */
export function prescanReport(stats: ScanStats | null, problem: string | null, ms: number, otherBuild: PrescanReport["otherBuild"] = NO_ROWS): PrescanReport {
  return { ok: problem === null && stats !== null, problem, read: stats?.read ?? 0, reused: stats?.reused ?? 0, ms: Math.round(ms), otherBuild };
}
const NO_ROWS = { runs: 0, listItems: 0, trendFacts: 0 };

/** The command's scan says something at least this often (progress every 500 scenarios); silent longer, it is given up on. */
export const PRESCAN_SILENCE_MS = 60_000;

/**
 * The server's side: resolves with the command's report once it comes (progress meanwhile), or with
 * `null` when the pipe ends without one or stays silent for `silenceMs`. Never rejects: at worst the
 * server reads the folder itself.
 */
export function waitForPrescan(
  fd: number,
  onProgress: (p: { done: number; total: number }) => void,
  silenceMs = PRESCAN_SILENCE_MS,
): Promise<PrescanReport | null> {
  return new Promise((resolve) => {
    let socket: Socket;
    try {
      socket = new Socket({ fd, readable: true, writable: false });
    } catch {
      resolve(null);
      return;
    }
    let buffer = "";
    let done = false;
    let silence: NodeJS.Timeout | undefined;
    const finish = (report: PrescanReport | null) => {
      if (done) return;
      done = true;
      clearTimeout(silence);
      socket.destroy();
      resolve(report);
    };
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => finish(null), silenceMs);
      silence.unref?.();
    };
    heard();
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      heard();
      buffer += chunk;
      for (let nl = buffer.indexOf("\n"); nl !== -1 && !done; nl = buffer.indexOf("\n")) {
        const message = parseMessage(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        if (message && "progress" in message) onProgress(message.progress);
        else if (message && "report" in message) finish(message.report);
      }
    });
    socket.on("end", () => finish(null));
    socket.on("close", () => finish(null));
    socket.on("error", () => finish(null));
  });
}

function parseMessage(line: string): PrescanMessage | null {
  try {
    const value = JSON.parse(line) as unknown;
    if (!value || typeof value !== "object") return null;
    const m = value as Record<string, unknown>;
    const p = m.progress as Record<string, unknown> | undefined;
    if (p && typeof p.done === "number" && typeof p.total === "number") return { progress: { done: p.done, total: p.total } };
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
