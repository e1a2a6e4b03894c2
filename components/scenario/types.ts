/**
 * Types of the scenario page's props.
 */
import type { ScenarioDetail } from "@/lib/shared/dto";

/** The shape of `scenarioDetail()`, shared through lib/shared/dto.ts. */
export type ScenarioData = ScenarioDetail;
export type ScenarioFileStatus = ScenarioDetail["files"][number];

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
  /** The run's pooled agent response latency p95 (ms), `null` when nothing was measured: a slow turn is measured against it. */
  latencyP95Ms: number | null;
}
