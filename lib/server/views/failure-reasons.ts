/**
 * The judge's reason of each failing scenario, for the reports (issue 43): judge_result.json read by
 * the one reader (`evidence/judge-file.ts`), a few at a time. A missing or unreadable file gives
 * `null` (the report says so), never a throw.
 */
import "server-only";
import { judgeReasonOf } from "../evidence/judge-file";
import { mapLimit } from "../ingest/pool";

/** Reads at once; a run with more failures than MAX_READ reports the first ones' reasons. */
const CONCURRENCY = 8;
export const MAX_READ = 2_000;

export async function failureReasons(dir: string, names: readonly string[]): Promise<Map<string, string | null>> {
  const read = names.slice(0, MAX_READ);
  const reasons = await mapLimit(read, CONCURRENCY, (name) => judgeReasonOf(dir, name));
  return new Map(read.map((n, i) => [n, reasons[i] ?? null]));
}
