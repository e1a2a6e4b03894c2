/** The judge's reason of some scenarios of a run (`judge_result.json`, by the one reader), for `check`'s comment and `--notify`. */
import "server-only";
import { redactProse } from "@/lib/core/redact";
import { judgeReasonOf } from "../evidence/judge-file";

/** How many scenarios' reasons one call reads at most (the comment and the ping list far fewer). */
export const MAX_REASONS = 200;

export async function judgeReasons(runDir: string, names: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const name of names.slice(0, MAX_REASONS)) {
    const reason = await judgeReasonOf(runDir, name);
    // Read redacted; once more on the one line it becomes (a secret split over lines reads whole).
    if (reason) out.set(name, redactProse(reason.replace(/\s+/g, " ").trim()));
  }
  return out;
}
