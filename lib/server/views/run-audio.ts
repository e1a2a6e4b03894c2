/**
 * A run's recordings measured (issue 34): per scenario the response gap on the audio against the
 * logged latency, and the findings by kind; the run page's Audio tab, compare and `report` read it.
 * Each recording is analysed once per file signature (`audio/analysis`); a run of thousands of
 * recordings is measured up to `limit`, failures first (the table's order), and says so.
 */
import "server-only";
import { FINDING_KINDS, type FindingKind } from "@/lib/core/audio/analyse";
import type { ReportedFinding } from "@/lib/core/timing/report/run-report";
import type { RunAudio, RunInteraction, ScenarioAudio } from "@/lib/shared/audio";

export type { RunAudio, ScenarioAudio };
import { stats } from "@/lib/core/timing/stats";
import { poolPanels, type InteractionPanel } from "@/lib/core/audio/interaction";
import { poolDeadAir, poolLatencySplit, type DeadAir, type ResponseLatencyByTurn } from "@/lib/core/audio/interaction-facts";
import { audioAnalysis } from "../audio/analysis";
import { mapLimit } from "../ingest/pool";
import type { RunModel } from "../model/run-model";
import { queryScenarios } from "./run-views";

export { FINDING_KINDS };
/** Recordings measured per view: about 10-100 ms each, so the tab answers within seconds. */
export const AUDIO_LIMIT = 200;
const CONCURRENCY = 2;

export async function runAudio(run: RunModel, limit = AUDIO_LIMIT): Promise<RunAudio> {
  const page = queryScenarios(run, { sort: "verdict", dir: "asc", offset: 0, limit });
  const answers = await mapLimit(page.rows, CONCURRENCY, async (row) => ({ row, answer: await audioAnalysis(run, row.name) }));
  const totals = Object.fromEntries(FINDING_KINDS.map((k) => [k, 0])) as Record<FindingKind, number>;
  const pooled: number[] = [];
  const panels: InteractionPanel[] = [];
  const airs: DeadAir[] = [];
  const splits: ResponseLatencyByTurn[] = [];
  const rows: ScenarioAudio[] = [];
  for (const { row, answer } of answers) {
    if (answer.status === 404) continue;
    const base = { name: row.name, verdict: row.verdict, loggedP50: row.latency_p50_ms, loggedP95: row.latency_p95_ms };
    if (answer.status !== 200) {
      rows.push({
        ...base,
        durationSeconds: 0,
        audioP50: null,
        audioP95: null,
        handOffs: 0,
        findings: {},
        interaction: null,
        deadAir: null,
        responseLatencyByTurn: null,
        line: null,
        problem: answer.reason,
      });
      continue;
    }
    const a = answer.analysis;
    const gaps = a.responseGaps.map((g) => g.gapMs);
    // One at a time: a spread of ~169k gaps into push's arguments overflowed the stack (issue 42).
    for (const g of gaps) pooled.push(g);
    // Counted over all the findings, also past the lists' bound.
    const findings: Partial<Record<FindingKind, number>> = { ...a.counts.byKind };
    for (const [kind, n] of Object.entries(a.counts.byKind) as Array<[FindingKind, number]>) totals[kind] = (totals[kind] ?? 0) + n;
    const st = stats(gaps);
    panels.push(a.interaction);
    airs.push(a.deadAir);
    splits.push(a.responseLatencyByTurn);
    rows.push({
      ...base,
      durationSeconds: a.durationSeconds,
      audioP50: st?.p50 ?? null,
      audioP95: st?.p95 ?? null,
      handOffs: a.counts.responseGaps,
      findings,
      interaction: a.interaction,
      deadAir: a.deadAir,
      responseLatencyByTurn: a.responseLatencyByTurn,
      line: a.line,
      problem: null,
    });
  }
  const all = stats(pooled);
  return {
    runId: run.id,
    scenarios: page.rows.length,
    recordings: rows.length,
    truncated: page.total > page.rows.length,
    totals,
    audioP50: all?.p50 ?? null,
    audioP95: all?.p95 ?? null,
    interaction: poolPanels(panels),
    deadAir: poolDeadAir(airs),
    responseLatencyByTurn: poolLatencySplit(splits),
    rows,
  };
}

/** Every finding of every recording in the run, in queue order, and the run's interaction panel (`report`). */
export async function runAudioFindings(run: RunModel): Promise<{
  recordings: number;
  findings: ReportedFinding[];
  interaction: RunInteraction;
  deadAir: DeadAir & { calls: number };
  responseLatencyByTurn: ResponseLatencyByTurn;
}> {
  const names = [...run.scenarioNames()];
  const answers = await mapLimit(names, CONCURRENCY, async (name) => ({ name, answer: await audioAnalysis(run, name) }));
  const findings: ReportedFinding[] = [];
  const panels: InteractionPanel[] = [];
  const airs: DeadAir[] = [];
  const splits: ResponseLatencyByTurn[] = [];
  let recordings = 0;
  for (const { name, answer } of answers) {
    if (answer.status === 404) continue;
    recordings++;
    if (answer.status === 200) {
      for (const f of answer.analysis.findings) findings.push({ ...f, scenario: name });
      panels.push(answer.analysis.interaction);
      airs.push(answer.analysis.deadAir);
      splits.push(answer.analysis.responseLatencyByTurn);
    } else findings.push({ scenario: name, kind: "unreadable", side: "both", start: 0, end: 0, message: answer.reason });
  }
  return { recordings, findings, interaction: poolPanels(panels), deadAir: poolDeadAir(airs), responseLatencyByTurn: poolLatencySplit(splits) };
}
