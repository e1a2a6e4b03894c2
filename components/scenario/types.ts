/**
 * The data the scenario page renders: the shape of `scenarioDetail()` (lib/server/scenario-detail.ts),
 * restated here because components receive data as props and never import server modules.
 */
import type { ActionDiff, AsrDiff, ConversationLog, Hint, Problem, ScenarioRow, ToolCall } from "@/lib/core";

export interface ScenarioFileStatus {
  path: string;
  present: boolean;
  size: number | null;
}

export interface ScenarioData {
  run: string;
  name: string;
  row: ScenarioRow | null;
  files: ScenarioFileStatus[];
  metrics: Record<string, unknown> | null;
  judge: unknown;
  finalAgentResponse: unknown[] | null;
  dbHashes: { db_hash: string | null; user_db_hash: string | null } | null;
  conversation: ConversationLog | null;
  segments: unknown[] | null;
  agentContext: unknown[] | null;
  userContext: unknown[] | null;
  metadata: unknown;
  referenceAnswer: unknown;
  prompts: { user: string | null; agent: string | null };
  tools: { user: Record<string, unknown> | null; agent: Record<string, unknown> | null };
  traceMetrics: unknown;
  bridgeLogTail: string | null;
  insights: {
    toolCalls: ToolCall[] | null;
    asr: AsrDiff | null;
    actions: ActionDiff | null;
    verdictTurns: number[][];
    hints: Hint[];
  };
  problems: Problem[];
}

/** One neighbour link of the header's navigation. */
export interface NavTarget {
  name: string;
  href: string;
}

export interface NavList {
  prev: NavTarget | null;
  next: NavTarget | null;
  /** 0-based position of this scenario in the list, `null` when it is not in it. */
  index: number | null;
  total: number;
}

export interface ScenarioNav {
  /** The run page's current filtered, sorted list. */
  list: NavList;
  /** The same list restricted to failing scenarios (`quick=failed` added). */
  failing: NavList;
  /** The run page with the same view (back link). */
  runHref: string;
  /** The view's query string (filters and sort), without `?`; empty when unfiltered. */
  viewQuery: string;
  /** True when the view filters the list. */
  filtered: boolean;
  /** The view's query did not validate (it is then ignored). */
  error: string | null;
}

/** Run-level facts the page needs. */
export interface RunFacts {
  id: string;
  judgeThreshold: number | null;
  minAgentTurns: number;
  /** The stall rule's agent LLM call count (§4.6), `null` when unknown. */
  agentTurnCount: number | null;
}

/** A transcript turn as shown (from conversation_log.txt, or from the segLST when the log has none). */
export interface TurnView {
  role: "user" | "agent";
  start: number;
  end: number;
  duration: number;
  text: string;
  interrupted: boolean;
  /** Agent: the log's `→ Response latency`; user: start − end of the most recent agent turn (§7.8). */
  latencyMs: number | null;
}
