/**
 * The judge's reason of each failing scenario, for the reports (issue 43): judge_result.json read
 * without following links, a few at a time. A missing or unreadable file gives `null` (the report
 * says so), never a throw.
 */
import "server-only";
import { readJudgeResult } from "@/lib/core";
import { readInside } from "../ingest/fs-safe";
import { mapLimit } from "../ingest/pool";

/** Reads at once; a run with more failures than MAX_READ reports the first ones' reasons. */
const CONCURRENCY = 8;
export const MAX_READ = 2_000;

export async function failureReasons(dir: string, names: readonly string[]): Promise<Map<string, string | null>> {
  const read = names.slice(0, MAX_READ);
  const reasons = await mapLimit(read, CONCURRENCY, async (name) => {
    const r = await readInside(dir, `${name}/judge_result.json`, "judge_result.json");
    if (r.text === null) return null;
    const j = readJudgeResult(r.text);
    const value = (j.value ?? j.raw ?? null) as { reason?: unknown } | null;
    return value && typeof value === "object" && typeof value.reason === "string" ? value.reason : null;
  });
  return new Map(read.map((n, i) => [n, reasons[i] ?? null]));
}
