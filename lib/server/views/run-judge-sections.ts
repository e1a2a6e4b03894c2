/**
 * What a run's judges saw (issue 45): each judged scenario's `judge_input.user_content` read for its
 * tagged sections, counted for the run page and compared between runs. The judge files are not in the
 * index (they can be large), so they are read here, asynchronously and a bounded number per run
 * (table order: failures first), and kept for the run's revision.
 */
import "server-only";
import { countJudgeSections, judgeSeen, type JudgeSectionCounts, type JudgeSeen } from "@/lib/core";
import { readJudgeFile } from "../evidence/judge-file";
import { readReferenceFile } from "../evidence/reference-file";
import { mapLimit } from "../ingest/pool";
import type { RunModel } from "../model/run-model";
import { queryScenarios } from "./run-views";
import { processCaches } from "../process-caches";

export const JUDGE_SECTIONS_LIMIT = 300;
const CONCURRENCY = 2;

export interface RunJudgeSections extends JudgeSectionCounts {
  /** Scenarios with a judge file, of the scenarios looked at. */
  read: number;
  /** Scenarios looked at (at most the limit) and in the run. */
  lookedAt: number;
  total: number;
}

/** Kept per run (dropped with it) for its revision, in the process's registry of caches. */
const kept = () => processCaches().weak<RunModel, { revision: number; at: number; value: Promise<RunJudgeSections> }>("run-judge-sections");
/** A live run's revision moves with every scenario it finishes: its count is read again at most this often. */
const LIVE_REUSE_MS = 30_000;

export function runJudgeSections(run: RunModel, limit = JUDGE_SECTIONS_LIMIT, nowMs = Date.now()): Promise<RunJudgeSections> {
  const hit = kept().get(run);
  if (hit && (hit.revision === run.revision || (!run.finished && nowMs - hit.at < LIVE_REUSE_MS))) return hit.value;
  const value = compute(run, limit);
  kept().set(run, { revision: run.revision, at: nowMs, value });
  value.catch(() => kept().delete(run));
  return value;
}

async function compute(run: RunModel, limit: number): Promise<RunJudgeSections> {
  const page = queryScenarios(run, { sort: "verdict", dir: "asc", offset: 0, limit });
  const seen = await mapLimit(page.rows, CONCURRENCY, async (row) => seenOf(run, row.name));
  const present = seen.filter((s): s is JudgeSeen | null => s !== undefined);
  return { ...countJudgeSections(present), read: present.length, lookedAt: page.rows.length, total: page.total };
}

/** `undefined`: no judge file; `null`: a judge file without a recorded input. */
async function seenOf(run: RunModel, name: string): Promise<JudgeSeen | null | undefined> {
  const state = run.scenarios.get(name);
  if (!state?.record) return undefined;
  // `name` is a key of the index (a folder name read from disk), never a URL value.
  const judge = await readJudgeFile(run.dir, name);
  if (judge === null) return undefined;
  if (!judge.fields) return null;
  const reference = await readReferenceFile(run.dir, name);
  return judgeSeen(judge.stored, state.record.metrics, reference?.value ?? null);
}
