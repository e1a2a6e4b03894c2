/**
 * Reads the files one scenario's timing needs, once, without following links (readText opens
 * O_NOFOLLOW), and folds them into what the run rollup keeps. The signature (kind, size, mtime of
 * each file) tells when the scenario must be read again.
 */
import "server-only";
import { asrDiff, parseConversationLog, readLlmContext, readSegLst } from "@/lib/core";
import { readJudge } from "@/lib/core/evidence/judge";
import { rollupItem, scenarioTiming, type RollupItem } from "@/lib/core/timing";
import { lstatInside, readInside, type Entry } from "../ingest/fs-safe";
import { lstatInsideSync } from "../ingest/fs-sync";

export const TIMING_FILES = [
  "conversation_log.txt",
  "conversation_log.seglst.json",
  "bridge_log.txt",
  "bot_logs_agent/llm_context.json",
  "bot_logs_user/llm_context.json",
  "judge_result.json",
] as const;

/** One lstat per file: what changes the scenario's timing. */
export async function timingSignature(dir: string): Promise<string> {
  const parts = await Promise.all(TIMING_FILES.map(async (f) => signed(await lstatInside(/*turbopackIgnore: true*/ dir, f))));
  return parts.join(",");
}

/** The same with synchronous `lstat`s (a few microseconds each, against a pool round trip's tens): for checks in slices. */
export function timingSignatureSync(dir: string): string {
  return TIMING_FILES.map((f) => signed(lstatInsideSync(dir, f))).join(",");
}

function signed({ kind, info }: Entry): string {
  if (kind === "missing" || kind === "unreadable" || !info) return "-";
  return `${kind === "file" ? "f" : "x"}${info.size}@${info.mtimeMs}`;
}

export async function readScenarioTiming(dir: string, name: string, metrics: Record<string, unknown> | null, signature?: string): Promise<RollupItem> {
  const absent = new Set(signature ? TIMING_FILES.filter((_, i) => signature.split(",")[i] === "-") : []);
  const text = async (d: string, file: (typeof TIMING_FILES)[number]): Promise<string | null> => {
    if (absent.has(file)) return null;
    return (await readInside(/*turbopackIgnore: true*/ d, file)).text;
  };
  const [conv, seg, bridge, agentCtx, userCtx, judge] = await Promise.all([
    text(dir, "conversation_log.txt"),
    text(dir, "conversation_log.seglst.json"),
    text(dir, "bridge_log.txt"),
    text(dir, "bot_logs_agent/llm_context.json"),
    text(dir, "bot_logs_user/llm_context.json"),
    text(dir, "judge_result.json"),
  ]);
  const conversation = conv === null ? null : parseConversationLog(conv).value;
  const segments = seg === null ? null : (readSegLst(seg).value as unknown[] | null);
  const agentContext = agentCtx === null ? null : (readLlmContext("bot_logs_agent/llm_context.json", agentCtx).value as unknown[] | null);
  const userContext = userCtx === null ? null : (readLlmContext("bot_logs_user/llm_context.json", userCtx).value as unknown[] | null);
  const result = scenarioTiming({ conversation, segments, bridgeLog: bridge, agentContext });
  return rollupItem({
    name,
    result,
    metrics,
    judgeReason: judge === null ? null : (readJudge(judge).fields?.reason ?? null),
    agentContext,
    asr: agentContext && userContext ? asrDiff(userContext, agentContext) : null,
  });
}
