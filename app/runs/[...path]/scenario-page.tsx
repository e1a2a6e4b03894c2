/**
 * `/runs/{id}/scenarios/{name}`: reads the scenario (scenarioDetail) and the run's filtered list
 * (for previous/next), then renders components/scenario. The query string is the run page's view
 * (q, quick, domain, signal, bucket, judgeMin…, sort, dir) plus `t` (seconds to seek the audio to).
 */
import { tableQuery } from "@/components/scenarios/view-params";
import { queryMessage } from "@/lib/core/schema-message";
import { notFound } from "next/navigation";
import { runHref, scenarioHref } from "@/lib/shared/routes";
import { ScenarioView } from "@/components/scenario/scenario-view";
import type { NavList, ScenarioNav } from "@/components/scenario/types";
import type { ScenarioRow } from "@/lib/core";
import { runFactsOf } from "@/lib/server/views/run-facts";
import type { RunModel } from "@/lib/server/model/run-model";
import { queryScenarios, scenarioPositions } from "@/lib/server/views/run-views";
import { scenarioDetail } from "@/lib/server/views/scenario-detail";
import { VIEW_KEYS } from "@/lib/shared/scenario-keys";
import { parseScenarioQuery, type ScenarioQuery } from "@/lib/shared/scenario-query";
import { getStore } from "@/lib/server/live/store";
import { REVIEW_PARAM, Triage } from "./triage";
import { ScenarioStrip } from "@/components/changes/scenario-strip";
import { scenarioAcrossRuns, verdictChanges } from "@/lib/server/views/run-changes";
import { audioAnalysis } from "@/lib/server/audio/analysis";
import { divergenceFromLastPass } from "@/lib/server/views/divergence";

type SearchParams = Record<string, string | string[] | undefined>;

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function viewOf(searchParams: SearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of VIEW_KEYS) {
    const v = first(searchParams[key]);
    if (v !== undefined && v !== "") out.set(key, v);
  }
  return out;
}

function navigation(run: RunModel, rowName: string | null, view: URLSearchParams): ScenarioNav {
  const parsed = parseScenarioQuery(tableQuery(view));
  const error = parsed.success ? null : queryMessage(parsed.error, Object.fromEntries(view));
  const viewQuery = parsed.success ? view.toString() : "";
  const query: ScenarioQuery = parsed.success ? parsed.data : { sort: "order", dir: "asc", offset: 0, limit: 1 };
  const all = run.scenarios.size + 1;
  // Rows are named by their folder, which is what links use.
  const href = (name: string) => scenarioHref(run.id, name, viewQuery);
  // Position in the same sort without filters: places a scenario the filter hides between its neighbours.
  const position = scenarioPositions(run, query.sort, query.dir);
  const here = rowName === null ? -1 : (position.get(rowName) ?? -1);
  const around = (rows: ScenarioRow[]): NavList => {
    const target = (r: ScenarioRow | undefined) => (r ? { name: r.name, href: href(r.name) } : null);
    const index = rowName === null ? -1 : rows.findIndex((r) => r.name === rowName);
    if (index >= 0) return { prev: target(rows[index - 1]), next: target(rows[index + 1]), index, total: rows.length };
    const after = rows.findIndex((r) => (position.get(r.name) ?? -1) > here);
    return {
      prev: target(after === -1 ? rows[rows.length - 1] : rows[after - 1]),
      next: target(after === -1 ? undefined : rows[after]),
      index: null,
      total: rows.length,
    };
  };
  const list = queryScenarios(run, { ...query, offset: 0, limit: all }).rows;
  const failing = queryScenarios(run, { ...query, quick: [...new Set([...(query.quick ?? []), "failed" as const])], offset: 0, limit: all }).rows;
  return {
    list: around(list),
    failing: around(failing),
    runHref: `${runHref(run.id, viewQuery)}#scenarios`,
    viewQuery,
    filtered: parsed.success && VIEW_KEYS.some((k) => k !== "sort" && k !== "dir" && view.has(k)),
    error,
  };
}

export async function ScenarioPage({ run, name, searchParams }: { run: RunModel; name: string; searchParams: SearchParams }) {
  const data = await scenarioDetail(run, name, { contexts: false, capTexts: true });
  if (!data) notFound();
  const t = Number(first(searchParams.t));
  // The likely causes see what the recording says (measured once per file signature, kept for the lanes' request too).
  const hasWav = data.files.some((f) => f.path === "conversation_log.wav" && f.present);
  const audio = hasWav ? await audioAnalysis(run, name) : null;
  // A failure: where the call first went differently from the last run in which it passed.
  const divergence = data.row?.verdict === false ? await divergenceFromLastPass(getStore().index, run, name) : null;
  return (
    <ScenarioView
      data={data}
      run={runFactsOf(run, name)}
      nav={navigation(run, data.row?.name ?? null, viewOf(searchParams))}
      seekTo={first(searchParams.t) !== undefined && Number.isFinite(t) && t >= 0 ? t : null}
      across={
        <ScenarioStrip
          runId={run.id}
          name={name}
          strip={scenarioAcrossRuns(getStore().index, run, name)}
          mark={data.row?.verdict === false ? (verdictChanges(getStore().index, run).marks[name] ?? null) : null}
        />
      }
      audioFindings={audio && audio.status === 200 ? audio.analysis.findings : null}
      recording={audio && audio.status === 200 ? { durationS: audio.analysis.durationSeconds, gapsMs: audio.analysis.responseGaps.map((g) => g.gapMs) } : null}
      divergence={divergence}
      triage={
        <Triage
          index={getStore().index}
          run={run}
          name={name}
          hints={data.insights.hints}
          nlAssertions={data.metadata?.nl_assertions ?? []}
          judgePassed={data.row?.judge_passed ?? null}
          review={first(searchParams[REVIEW_PARAM]) === "unreviewed"}
          collapsed={data.row?.verdict === true}
        />
      }
    />
  );
}
