/** What the scenario page's Triage panel and the run page's triage card are rendered from. */
import "server-only";
import type { ResultsIndex } from "@/lib/server/model/results-index";
import type { RunModel } from "@/lib/server/model/run-model";
import type { RunLedgerSummary, ScenarioLedger } from "@/lib/shared/ledger";
import { runLedger, scenarioLedger, serverDeps } from "./api";
import { runFacts } from "./facts";

export type Loaded<T> = { ok: true; value: T } | { ok: false; reason: string };

async function guarded<T>(fn: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    return { ok: false, reason: `the triage ledger is unavailable: ${(err as Error).message}` };
  }
}

export interface QueueStep {
  next: string | null;
  prev: string | null;
  remaining: number;
}

/** Neighbours of `name` among the unlabelled failures, in summary order. */
export function queueStep(run: RunModel, unreviewed: string[], name: string): QueueStep {
  const order = new Map(runFacts(run).map((f, i) => [f.name, i]));
  const here = order.get(name) ?? -1;
  const others = unreviewed.filter((n) => n !== name);
  const next = others.find((n) => (order.get(n) ?? -1) > here) ?? null;
  const prev = [...others].reverse().find((n) => (order.get(n) ?? -1) < here) ?? null;
  return { next, prev, remaining: unreviewed.length };
}

export function scenarioTriage(
  index: ResultsIndex,
  run: RunModel,
  name: string,
  review: boolean,
): Promise<Loaded<{ view: ScenarioLedger; csrf: string; queue: QueueStep | null }>> {
  return guarded(async () => {
    const deps = await serverDeps();
    const view = await scenarioLedger(index, deps, run.id, name);
    if ("status" in view) throw new Error(view.reason);
    let queue: QueueStep | null = null;
    if (review) {
      const r = await runLedger(index, deps, run.id);
      queue = r ? queueStep(run, r.summary.unreviewed, name) : null;
    }
    return { view, csrf: deps.csrf, queue };
  });
}

export function runTriage(index: ResultsIndex, run: RunModel): Promise<Loaded<{ summary: RunLedgerSummary; revision: number }>> {
  return guarded(async () => {
    const r = await runLedger(index, await serverDeps(), run.id);
    if (!r) throw new Error("unknown run");
    return { summary: r.summary, revision: r.ledgerRevision };
  });
}
