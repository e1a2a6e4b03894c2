/** One turn of a transcript, whichever file it came from (see turns.ts for the order). */
export type Role = "user" | "agent";

/** Where a transcript's words came from, by file. */
export type TurnSource = "conversation_log.txt" | "conversation_log.seglst.json" | "metrics.json" | "bot_logs_agent/llm_context.json";

/** One turn; timing is `null` only for sources without it (metrics.json turns, the LLM context). */
export interface Turn<Time extends number | null = number | null> {
  role: Role;
  text: string;
  start: Time;
  end: Time;
  duration: Time;
  interrupted: boolean;
  /** The log's `→ Response latency` line after the turn, in ms; `null` where no file states it. */
  statedLatencyMs: number | null;
  /**
   * Where in the call, in seconds: the start for timed sources; for metrics.json, since the first
   * turn's timestamp (no per-segment times); `null` when unknown (the LLM context).
   */
  at: number | null;
}
