/** The export's three pages, each the live page's components (components/scenario, run, compare) with the export's links. */
import { Headline } from "@/components/compare/headline";
import { PerDomainDeltas } from "@/components/compare/per-domain";
import { Panel } from "@/components/compare/ui";
import { RateCards } from "@/components/run/rate-cards";
import { ScenarioView } from "@/components/scenario/scenario-view";
import type { AudioFinding } from "@/lib/core/audio/analyse";
import type { RunFacts, ScenarioNav } from "@/components/scenario/types";
import { Card } from "@/components/ui/card";
import type { CompareResult } from "@/lib/shared/compare";
import type { RunDetail, ScenarioDetail } from "@/lib/shared/dto";
import { exportHtml } from "./document";
import { ExportedScenarios, type ExportedScenario } from "./scenario-list";

interface Frame {
  cssHref: string | null;
  linkOf: (path: string) => string | null;
}

/** `audioFindings`: what the copied recording says (the likely causes see it as the live page does); `null` without one. */
export function scenarioPageHtml(
  o: Frame & { detail: ScenarioDetail; run: RunFacts; nav: ScenarioNav; audioSrc: string | null; audioFindings?: AudioFinding[] | null },
): string {
  return exportHtml({
    ...o,
    title: `${o.detail.name} · ${o.run.id}`,
    children: <ScenarioView data={o.detail} run={o.run} nav={o.nav} seekTo={null} audioSrc={o.audioSrc} audioFindings={o.audioFindings ?? null} />,
  });
}

export function overviewHtml(
  o: Frame & {
    run: RunDetail;
    scenarios: ExportedScenario[];
    total: number;
    filter: string | null;
    audioNote: string | null;
    compareFile: string | null;
    generatedAt: string;
  },
): string {
  const d = o.run;
  return exportHtml({
    ...o,
    title: `Run ${d.id}`,
    children: (
      <div className="space-y-5">
        <header className="space-y-1">
          <h1 className="font-mono text-xl font-semibold break-all">Run {d.id}</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {d.state}, {d.scenarioCount} of {d.intendedCount} scenarios finished. Exported {o.generatedAt} by voice-eval-dashboard; opens without a server.
          </p>
          {o.compareFile && (
            <p className="text-sm">
              <a href={o.compareFile} className="text-sky-700 hover:underline dark:text-sky-400">
                Comparison with the baseline →
              </a>
            </p>
          )}
          {o.audioNote && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="audio-note">
              {o.audioNote}
            </p>
          )}
        </header>
        <section aria-label="Rates">
          <RateCards rates={d.rates} judgeThreshold={d.judgeThreshold} judgeScores={d.judgeScores} />
        </section>
        <Card id="scenarios" title={`Scenarios (${o.scenarios.length} of ${o.total}${o.filter ? `, filter ${o.filter}` : ""})`}>
          <ExportedScenarios scenarios={o.scenarios} />
        </Card>
      </div>
    ),
  });
}

export function compareHtml(o: Frame & { result: CompareResult; files: ReadonlyMap<string, string>; back: string; smallBelow: number }): string {
  const pair = o.result.comparisons[0]!;
  const changed = pair.scenarios.filter((s) => s.change === "regressed" || s.change === "fixed");
  return exportHtml({
    ...o,
    title: `Compare ${o.result.base} vs ${pair.run}`,
    children: (
      <div className="space-y-5">
        <nav className="text-sm">
          <a href={o.back} className="font-mono text-sky-700 hover:underline dark:text-sky-400">
            ← Run {pair.run}
          </a>
        </nav>
        <h1 className="text-xl font-semibold">
          Baseline <span className="font-mono">{o.result.base}</span> vs <span className="font-mono">{pair.run}</span>
        </h1>
        {pair.warnings.map((w, i) => (
          <p key={i} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {w.message}
          </p>
        ))}
        <Headline result={o.result} />
        <Panel id="changed" title={`Changed scenarios (${changed.length})`}>
          <ExportedScenarios
            scenarios={changed.map((s) => ({
              name: s.name,
              domain: s.domain,
              verdict: s.other,
              file: o.files.get(s.name) ?? null,
              failing: s.signals.map((f) => `${f.signal}: ${f.base ?? "–"} → ${f.other ?? "–"}`),
              judge: null,
              audio: "none",
              change: s.change,
            }))}
          />
        </Panel>
        <PerDomainDeltas pair={pair} smallBelow={o.smallBelow} />
      </div>
    ),
  });
}
