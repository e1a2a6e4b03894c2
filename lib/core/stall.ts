/** The stall rule (ARTIFACTS.md §4.6). */
import { tokenSide } from "./token-usage";

/**
 * Agent LLM call count: `token_usage.agent.n_calls` when it is an integer (a JSON `true` counts
 * as 1, as in Python); else the assistant messages of `bot_logs_agent/llm_context.json` when that
 * file parsed; else unknown (`null`).
 */
export function agentTurnCount(metrics: Record<string, unknown>, agentContextAssistantCount: number | null): number | null {
  const calls = nCallsOf(metrics);
  if (calls !== null) return calls;
  return agentContextAssistantCount;
}

/** The stored `n_calls` when it counts as a Python int, else `null`. */
export function nCallsOf(metrics: Record<string, unknown>): number | null {
  const calls = tokenSide(metrics, "agent")?.n_calls;
  if (typeof calls === "boolean") return calls ? 1 : 0;
  if (typeof calls === "number" && Number.isInteger(calls)) return calls;
  return null;
}

/** Number of `assistant` objects in a parsed `llm_context.json` (a non-array yields 0). */
export function assistantMessageCount(context: unknown): number {
  if (!Array.isArray(context)) return 0;
  let n = 0;
  for (const m of context) if (m && typeof m === "object" && (m as Record<string, unknown>).role === "assistant") n++;
  return n;
}

/** Stalled iff M > 0, the count is known, and count < M. Unknown never stalls. */
export function isStalled(count: number | null, minAgentTurns: number): boolean {
  return minAgentTurns > 0 && count !== null && count < minAgentTurns;
}
