/** Messages between the pool and its worker threads. */
import "server-only";
import type { JobName } from "./jobs";

export interface ToWorker {
  id: number;
  job: JobName;
  input: unknown;
}

export type FromWorker = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
