/** The judge's reason of some scenarios of a run (`judge_result.json`), for `check`'s comment and `--notify`. */
import "server-only";
import { judgeFields } from "@/lib/core/judge-fields";
import { parseJson } from "@/lib/core/json";
import { redactProse } from "@/lib/core/redact";
import { readInside } from "../ingest/fs-safe";

/** How many scenarios' reasons one call reads at most (the comment and the ping list far fewer). */
export const MAX_REASONS = 200;

/** A name from the index is joined onto a path only when it cannot leave the run folder. */
const plain = (name: string) => name !== "" && name !== "." && name !== ".." && !/[\\/\0]/.test(name);

export async function judgeReasons(runDir: string, names: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of names.slice(0, MAX_REASONS)) {
    if (!plain(name)) continue;
    const read = await readInside(runDir, `${name}/judge_result.json`);
    if (read.text === null) continue;
    const parsed = parseJson(read.text);
    const reason = parsed.ok ? judgeFields(parsed.value as never)?.reason : null;
    // The comment and the ping show 200 characters: kept (and scanned for secrets) to a few thousand.
    if (reason) out.set(name, redactProse(reason.slice(0, 4_000).replace(/\s+/g, " ").trim()));
  }
  return out;
}
