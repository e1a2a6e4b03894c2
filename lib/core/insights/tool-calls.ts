/** Tool calls of the agent, from `bot_logs_agent/llm_context.json` (ARTIFACTS.md §7.3, §7.4). */

export interface ToolCall {
  /** Index of the assistant message that made the call. */
  messageIndex: number;
  id: string | null;
  name: string;
  /** Parsed arguments (the file stores them as a JSON string); the raw text when it does not parse. */
  arguments: unknown;
  result: string | null;
  mutating: boolean;
  /** The result says the tool does not exist. */
  unknownTool: boolean;
  /** The result reads as an error. */
  error: boolean;
  /** Agent utterances (assistant messages with text) before this call: the call sits after that many agent turns. */
  afterAgentTurns: number;
}

const TAU2_WRITE =
  /^(cancel|modify|exchange|return|book|update|send|enable|disable|refuel|toggle|reset|transfer|add|remove|set|create|issue|process|assign|change|apply|grant|suspend|resume)_/;
/** eva_airline's tools that change a reservation (its other tools only read). */
export const EVA_WRITE_TOOLS = [
  "RebookFlightTool",
  "CancelReservationTool",
  "ProcessRefundTool",
  "AssignSeatTool",
  "AddBaggageAllowanceTool",
  "AddMealRequestTool",
  "AddToStandbyTool",
  "IssueTravelCreditTool",
  "IssueHotelVoucherTool",
  "IssueMealVoucherTool",
  "TransferToAgentTool",
] as const;
const EVA_WRITE: ReadonlySet<string> = new Set(EVA_WRITE_TOOLS);

/** Write tools change state; `Get*`/`Search*` and the harness's EndConversationTool do not. */
export function isMutatingTool(name: string): boolean {
  if (name === "EndConversationTool" || /^(Get|Search|get_|search_|find_|list_|check_|calculate|think)/.test(name)) return false;
  return EVA_WRITE.has(name) || TAU2_WRITE.test(name);
}

function text(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((p) =>
        typeof p === "string" ? p : p && typeof p === "object" && typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : "",
      )
      .join("");
  }
  return null;
}

export function toolCalls(context: readonly unknown[]): ToolCall[] {
  const results = new Map<string, string>();
  for (const m of context) {
    if (!m || typeof m !== "object") continue;
    const msg = m as Record<string, unknown>;
    if (msg.role === "tool" && typeof msg.tool_call_id === "string") results.set(msg.tool_call_id, text(msg.content) ?? "");
  }
  const out: ToolCall[] = [];
  let agentTurns = 0;
  context.forEach((m, messageIndex) => {
    if (!m || typeof m !== "object") return;
    const msg = m as Record<string, unknown>;
    if (msg.role !== "assistant") return;
    const calls = Array.isArray(msg.tool_calls) ? msg.tool_calls : [];
    for (const c of calls) {
      const fn = c && typeof c === "object" ? ((c as Record<string, unknown>).function as Record<string, unknown> | undefined) : undefined;
      const name = typeof fn?.name === "string" ? fn.name : "?";
      const id = typeof (c as Record<string, unknown>).id === "string" ? ((c as Record<string, unknown>).id as string) : null;
      let args: unknown = fn?.arguments ?? null;
      if (typeof args === "string") {
        try {
          args = JSON.parse(args);
        } catch {
          // keep the raw text
        }
      }
      const result = id !== null ? (results.get(id) ?? null) : null;
      out.push({
        messageIndex,
        id,
        name,
        arguments: args,
        result,
        mutating: isMutatingTool(name),
        unknownTool: result !== null && /There is no tool named/i.test(result),
        error: result !== null && /^\s*(\{?\s*"?error"?|Error\b|Exception\b|Traceback\b)/i.test(result),
        afterAgentTurns: agentTurns,
      });
    }
    const said = text(msg.content);
    if (said && said.trim()) agentTurns++;
  });
  return out;
}
