/** The export's three pages, each the live page's components (components/scenario, run, compare) with the export's links. */
import { Headline } from "@/components/compare/headline";
import { PerDomainDeltas } from "@/components/compare/per-domain";
import { SetupSection } from "@/components/compare/setup-section";
import { CHANGE_LABEL } from "@/components/compare/labels";
import { changeWord } from "@/lib/core/run-changes";
import type { SetupDiff } from "@/lib/core/setup/diff";
import { RateCards } from "@/components/run/rate-cards";
import { ScenarioView } from "@/components/scenario/scenario-view";
import type { AudioFinding } from "@/lib/core/audio/analyse";
import type { DivergenceFromPass } from "@/lib/core/insights/likely-causes";
import type { RunFacts, ScenarioNav } from "@/components/scenario/types";
import { Card } from "@/components/ui/card";
import type { Change, CompareResult } from "@/lib/shared/compare";
import type { RunDetail, ScenarioDetail } from "@/lib/shared/dto";
import { exportHtml } from "./document";
import { ExportedScenarios, type ExportedScenario } from "./scenario-list";

interface Frame {
  cssHref: string | null;
  linkOf: (path: string) => string | null;
}

/** `audioFindings`: what the copied recording says (the likely causes see it as the live page does); `null` without one. */
export function scenarioPageHtml(
  o: Frame & {
    detail: ScenarioDetail;
    run: RunFacts;
    nav: ScenarioNav;
    audioSrc: string | null;
    audioFindings?: AudioFinding[] | null;
    /** Where the call parts from its passing call in the compared run (`export --compare`). */
    divergence?: DivergenceFromPass | null;
  },
): string {
  return exportHtml({
    ...o,
    title: `${o.detail.name} · ${o.run.id}`,
    children: (
      <ScenarioView
        data={o.detail}
        run={o.run}
        nav={o.nav}
        seekTo={null}
        audioSrc={o.audioSrc}
        audioFindings={o.audioFindings ?? null}
        divergence={o.divergence ?? null}
      />
    ),
  });
}

/** The run exported with `--compare`: each scenario's change against it (the export knows no other run of the suite). */
export interface Versus {
  base: string;
  changes: ReadonlyMap<string, Change>;
  /** The setup changes, one line each, as the run page's "what changed" names them. */
  setup: readonly string[];
}

/** A scenario's change against the compared run in the change vocabulary (lib/core/run-changes.ts); other changes as the compare page names them. */
function versusMark(change: Change | undefined): string {
  if (change === undefined) return "–";
  const word = changeWord(change, false);
  if (word === "new") return "new failure";
  return word ? word.replace("_", " ") : CHANGE_LABEL[change];
}

export function overviewHtml(
  o: Frame & {
    run: RunDetail;
    scenarios: ExportedScenario[];
    total: number;
    filter: string | null;
    audioNote: string | null;
    compareFile: string | null;
    versus: Versus | null;
    generatedAt: string;
  },
): string {
  const d = o.run;
  const count = (...kinds: Change[]) => [...(o.versus?.changes.values() ?? [])].filter((c) => kinds.includes(c)).length;
  const scenarios = o.versus ? o.scenarios.map((s) => ({ ...s, change: versusMark(o.versus?.changes.get(s.name)) })) : o.scenarios;
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
          {o.versus && (
            <p className="text-sm" data-testid="changes-line">
              vs <span className="font-mono break-all">{o.versus.base}</span>: {count("regressed")} new failure(s), {count("fixed")} fixed,{" "}
              {count("still_failing")} still failing
              {count("was_stalled") > 0 && `, ${count("was_stalled")} was stalled (not a fix)`}
              {count("now_stalled") > 0 && `, ${count("now_stalled")} now stalled (not a new failure)`}.{" "}
              {o.compareFile && (
                <a href={o.compareFile} className="text-sky-700 hover:underline dark:text-sky-400">
                  Comparison with the baseline →
                </a>
              )}
            </p>
          )}
          {o.versus && o.versus.setup.length > 0 && (
            <p className="text-sm" data-testid="setup-changes">
              Setup changed: {o.versus.setup.join("; ")}
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
          <ExportedScenarios scenarios={scenarios} changeLabel={o.versus ? `vs ${o.versus.base}` : undefined} />
        </Card>
      </div>
    ),
  });
}

/** `setup`: the two runs' setup diff, as the live compare page shows it. */
export function compareHtml(
  o: Frame & { result: CompareResult; setup: SetupDiff; files: ReadonlyMap<string, string>; back: string; smallBelow: number },
): string {
  const pair = o.result.comparisons[0]!;
  const listed = (s: (typeof pair.scenarios)[number]): ExportedScenario => ({
    name: s.name,
    domain: s.domain,
    verdict: s.other,
    file: o.files.get(s.name) ?? null,
    failing: s.signals.map((f) => `${f.signal}: ${f.base ?? "–"} → ${f.other ?? "–"}`),
    judge: null,
    audio: "none",
    change: CHANGE_LABEL[s.change],
  });
  const changed = pair.scenarios.filter((s) => s.change === "regressed" || s.change === "fixed" || s.change === "now_stalled" || s.change === "was_stalled");
  const still = pair.scenarios.filter((s) => s.change === "still_failing");
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
        <SetupSection diff={o.setup} baseId={o.result.base} otherId={pair.run} />
        <Card id="changed" title={`Changed scenarios (${changed.length})`}>
          <ExportedScenarios scenarios={changed.map(listed)} />
        </Card>
        <Card id="still-failing" title={`Still failing (${still.length})`} testId="still-failing">
          {still.length ? (
            <ExportedScenarios scenarios={still.map(listed)} />
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">No scenario failed in both runs.</p>
          )}
        </Card>
        <PerDomainDeltas pair={pair} smallBelow={o.smallBelow} />
      </div>
    ),
  });
}
