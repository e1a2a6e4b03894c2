/**
 * What the server shows of an object-storage source. The command that keeps the mirror (lib/cli/
 * serve-source.ts) writes its status after each pass to the file named by VOICE_EVAL_SOURCE_STATUS;
 * /api/health shows it as `source`, and its problem is a problem of the runs list. Never a credential:
 * the source is named by bucket and prefix only, and a problem by its kind's own text.
 */
import "server-only";
import { readFileSync } from "node:fs";

export interface SourceProblem {
  kind: "access-denied" | "no-bucket" | "throttled" | "timeout" | "unreachable" | "bad-credentials" | "database" | "error";
  message: string;
}

export interface SourceStatus {
  /** `s3://bucket/prefix`: never the endpoint or a credential. */
  source: string;
  /** `direct`: this replica polls the store; with `--database`, `ingester` (it reads the store for every replica) or `follower` (it reads the shared table). */
  role: "direct" | "ingester" | "follower";
  pollSeconds: number;
  problem: SourceProblem | null;
  /** Epoch ms of the last pass, and of the last that succeeded. */
  lastPollAt: number | null;
  lastOkAt: number | null;
  /** Objects the mirror holds (recordings listed but not fetched included). */
  objects: number;
  /** Objects this replica fetched from the store since it started, and copied from the shared table. */
  fetched: number;
  fromDatabase: number;
  /** Keys that cannot be paths (named, never written): how many, and the first few. */
  skipped: { count: number; first: Array<{ key: string; reason: string }> };
}

/** The source's last status, or null for a folder source (or before the first pass wrote one). */
export function sourceStatus(env: Record<string, string | undefined> = process.env): SourceStatus | null {
  const file = env.VOICE_EVAL_SOURCE_STATUS;
  if (!file) return null;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SourceStatus;
  } catch {
    return null;
  }
}

/** The source's problem as a problem of the runs list (the list may be empty or old because of it). */
export function sourceProblems(env: Record<string, string | undefined> = process.env): Array<{ path: string; message: string }> {
  const status = sourceStatus(env);
  const out: Array<{ path: string; message: string }> = [];
  if (status?.problem) out.push({ path: status.source, message: status.problem.message });
  for (const s of status?.skipped.first ?? []) out.push({ path: `${status?.source}/${s.key}`, message: `not mirrored: ${s.reason}` });
  return out;
}
