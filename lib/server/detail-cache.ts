/**
 * Serialised scenario details, kept while their files are unchanged: a scenario with a
 * multi-megabyte agent context is parsed once, then served from memory. Bounded by total size.
 */
import { join } from "node:path";
import { mtimeOf } from "./files";

const FILES = ["metrics.json", "judge_result.json", "conversation_log.txt", "bot_logs_agent/llm_context.json", "bot_logs_user/llm_context.json", "final_agent_response.json"];
const MAX_BYTES = 96 * 1024 * 1024;

const entries = new Map<string, { signature: string; body: string }>();
let total = 0;

/** The files' modification times: any rewrite changes it. */
export async function signatureOf(dir: string): Promise<string> {
  return (await Promise.all(FILES.map((f) => mtimeOf(join(/*turbopackIgnore: true*/ dir, f))))).join(",");
}

export function cached(key: string, signature: string): string | null {
  const hit = entries.get(key);
  if (!hit || hit.signature !== signature) return null;
  // Most recently used last.
  entries.delete(key);
  entries.set(key, hit);
  return hit.body;
}

export function remember(key: string, signature: string, body: string): void {
  const old = entries.get(key);
  if (old) total -= old.body.length;
  entries.delete(key);
  if (body.length > MAX_BYTES / 4) return;
  entries.set(key, { signature, body });
  total += body.length;
  while (total > MAX_BYTES) {
    const [oldest, value] = entries.entries().next().value as [string, { body: string }];
    entries.delete(oldest);
    total -= value.body.length;
  }
}
