/**
 * Which records make a run's aggregate, in which order, over which queue length and stall floor
 * (ARTIFACTS.md §1.4, §2.1, §2.6, §4.11).
 */
import type { LogSession } from "./evidence/evaluation-log";
import { minAgentTurnsOf } from "./evidence/run-args";
import type { Invocation } from "./schemas";

export interface RunPlanInput {
  invocations: Invocation[];
  sessions: LogSession[];
  /** Names of scenario folders whose `metrics.json` parsed (the completed ones). */
  completed: ReadonlySet<string>;
  /** Every scenario folder found (§1.4), completed or not, in discovery order. */
  discovered: readonly string[];
  /** `scenario_name`s of a current `all_metrics.json`, when the last session finished and wrote one. */
  allMetricsOrder: string[] | null;
  /** `--min-agent-turns` given on our command line. */
  minAgentTurnsOverride?: number;
}

export interface RunPlan {
  /** The last session's queue. */
  queue: string[];
  /** Record names in the order R (a name may repeat when the queue repeats it). */
  order: string[];
  /** Q: the queue length the summary prints. */
  queueLength: number;
  /** M: the stall floor. */
  minAgentTurns: number;
  /** The last session finished (`Evaluation Complete!`). */
  finished: boolean;
  /** Completed scenario folders that the last session's queue does not include. */
  outsideQueue: string[];
  /** Queued scenarios without a completed `metrics.json`. */
  pending: string[];
}

export function planRun(input: RunPlanInput): RunPlan {
  const lastInvocation = input.invocations[input.invocations.length - 1];
  const lastSession = input.sessions[input.sessions.length - 1];
  const queue = lastInvocation?.resolved_scenario_names ?? lastSession?.queued ?? [...input.discovered];
  const finished = lastSession?.complete ?? false;
  const minAgentTurns = input.minAgentTurnsOverride ?? minAgentTurnsOf(lastInvocation);

  let order: string[];
  if (finished && input.allMetricsOrder) {
    order = input.allMetricsOrder;
  } else {
    // Resume order: loaded-from-disk results first (queue order), then the newly run ones (§4.11).
    const loaded = new Set(lastSession?.loaded ?? []);
    const inQueue = queue.filter((name) => input.completed.has(name));
    order = [...inQueue.filter((n) => loaded.has(n)), ...inQueue.filter((n) => !loaded.has(n))];
  }

  const queued = new Set(queue);
  const recorded = lastInvocation?.resolved_scenario_count ?? lastSession?.queuedCount ?? queue.length;
  return {
    queue,
    order,
    // An unfinished run is summarised as if its queue were exactly its completed scenarios (§2.6).
    queueLength: finished ? recorded : order.length,
    minAgentTurns,
    finished,
    outsideQueue: input.discovered.filter((n) => input.completed.has(n) && !queued.has(n)),
    pending: queue.filter((n) => !input.completed.has(n)),
  };
}
