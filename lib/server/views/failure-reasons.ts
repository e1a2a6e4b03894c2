/**
 * The judge's reason of each failing scenario, for the reports (issue 43): judge_result.json read
 * without following links, a few at a time. A missing or unreadable file gives `null` (the report
 * says so), never a throw.
 */
import "server-only";
import { readJudgeResult } from "@/lib/core";
import { redactProse } from "@/lib/core/redact";
import { readInside } from "../ingest/fs-safe";
import { mapLimit } from "../ingest/pool";

/** Reads at once; a run with more failures than MAX_READ reports the first ones' reasons. */
const CONCURRENCY = 8;
export const MAX_READ = 2_000;
/** How much of a reason is kept (and scanned for secrets): more than any report shows. */
const REASON_SCAN_CHARS = 4_000;

export async function failureReasons(dir: string, names: readonly string[]): Promise<Map<string, string | null>> {
  const read = names.slice(0, MAX_READ);
  const reasons = await mapLimit(read, CONCURRENCY, async (name) => {
    const r = await readInside(dir, `${name}/judge_result.json`, "judge_result.json");
    if (r.text === null) return null;
    const j = readJudgeResult(r.text);
    const value = (j.value ?? j.raw ?? null) as { reason?: unknown } | null;
    // The reports cut a reason to 200 characters: redacted at that length (a key the cut splits shows its first characters at most).
    return value && typeof value === "object" && typeof value.reason === "string" ? redactProse(value.reason.slice(0, REASON_SCAN_CHARS)) : null;
  });
  return new Map(read.map((n, i) => [n, reasons[i] ?? null]));
}
