/**
 * The scenario drill-down (issue 5): why did this scenario pass or fail, with the evidence next to
 * each claim. A server component; the interactive parts (verdict selection, audio, keys) are small
 * client leaves sharing one context.
 */
import { CappedTextProvider } from "./capped-text";
import { apiAudioHref, apiScenarioPath, apiScenarioReportHref, apiTextHref } from "@/lib/shared/routes";
import type { ReactNode } from "react";
import { ScenarioTimingSection } from "@/components/timing/scenario-timing";
import { Card } from "@/components/ui/card";
import { AudioPanel, StaticLanes } from "./audio-panel";
import { HeardVsMeant } from "./asr";
import { Checks } from "./checks";
import { gatesOn, neededBy } from "@/lib/core/gating";
import { ScenarioContext } from "./context";
import { ScenarioHeader } from "./header";
import { ScenarioInteraction } from "./interaction";
import { JudgeEvidence } from "./judge";
import { JudgeSeenList } from "./judge-seen";
import { RetriedNotice, RetriesCard } from "./retries";
import { OpenOnHash } from "./open-on-hash";
import { StickyOffset } from "./sticky-offset";
import { Transcript } from "./transcript";
import { scenarioWhy, type LikelyCausesInput } from "@/lib/core/insights";
import { durationSourcesLine, harnessDuration, harnessLatency, latencySourcesLine } from "@/lib/core/insights/figure-sources";
import { Why } from "./why";
import type { RunFacts, ScenarioData, ScenarioNav } from "./types";

/**
 * `audioSrc`: where the recording is played from: the API by default; the export passes its copied
 * file, or `null` when the recording was left out (the lanes then show the timing only).
 */
export function ScenarioView({
  data,
  run,
  nav,
  seekTo,
  triage,
  audioSrc,
  audioFindings = null,
  divergence = null,
  recording = null,
  across,
}: {
  /** The recording's length and response gaps, when the page measured it (the header's sources line). */
  recording?: { durationS: number; gapsMs: number[] } | null;
  data: ScenarioData;
  run: RunFacts;
  nav: ScenarioNav;
  seekTo: number | null;
  triage?: ReactNode;
  audioSrc?: string | null;
  /** What the recording says where it and the logs disagree, when the page measured it. */
  audioFindings?: LikelyCausesInput["audio"];
  /** Where the call first differs from the last run in which the scenario passed, when the page compared them. */
  divergence?: LikelyCausesInput["divergence"];
  /** The same scenario across its suite's runs (components/changes/scenario-strip). */
  across?: ReactNode;
}) {
  const metadata = data.metadata;
  const whitelist = metadata?.success_signals ?? null;
  const present = (p: string) => data.files.some((f) => f.path === p && f.present);
  const hasAudio = present("conversation_log.wav");
  const why = scenarioWhy({
    row: data.row,
    metrics: data.metrics,
    judge: data.judge,
    conversation: data.conversation,
    segments: data.segments,
    hints: data.insights.hints,
    flowFindings: data.timing?.flow.findings ?? null,
    present,
    judgeThreshold: run.judgeThreshold,
    runP95Ms: run.latencyP95Ms,
    agentTurnCount: run.agentTurnCount,
    audio: audioFindings,
    divergence,
    asr: data.insights.asr,
  });
  const transcript = why.transcript;
  // The header shows the harness's figures; where the log or the recording says otherwise, one line each says why.
  const sourceLines = [
    latencySourcesLine({
      harness: harnessLatency(data.metrics),
      log: data.timing?.turns.agent ? { n: data.timing.turns.agent.n, p50: data.timing.turns.agent.p50 } : null,
      recordingGapsMs: recording?.gapsMs ?? null,
    }),
    durationSourcesLine({
      scenarioDurationS: harnessDuration(data.metrics),
      logEndS: data.timing && data.timing.budget.duration_s > 0 ? data.timing.budget.duration_s : null,
      recordingS: recording?.durationS ?? null,
    }),
  ].filter((l): l is string => l !== null);
  const { turns, source } = transcript;
  const apiHref = apiScenarioPath(data.run, data.name);
  const audioHref = audioSrc === undefined ? apiAudioHref(data.run, data.name) : audioSrc;
  const nlAssertions = metadata?.nl_assertions ?? [];
  const judgeNeed = neededBy("judge_result.json", whitelist);
  // Only per-segment times place a turn in the recording.
  const lanes = transcript.timed ? turns.flatMap((t) => (t.start !== null && t.end !== null ? [{ role: t.role, start: t.start, end: t.end }] : [])) : [];

  const emptyReason = !data.metrics
    ? "No turns: metrics.json is missing or unreadable and no conversation log was kept."
    : present("conversation_log.txt")
      ? "conversation_log.txt holds only its header and metrics.json has no turns: no speech segment was captured (the bots may have crashed before any audio)."
      : "metrics.json has no turns and there is no conversation_log.txt: the bots never spoke.";
  const asrWhy =
    !present("bot_logs_user/llm_context.json") || !present("bot_logs_agent/llm_context.json")
      ? "Needs both bot_logs_user/llm_context.json (what the simulator meant) and bot_logs_agent/llm_context.json (what the agent heard); at least one is missing."
      : "One of the LLM contexts could not be read or was saved empty (§1.14), so what was meant and heard is unknown.";

  return (
    <CappedTextProvider value={{ truncated: data.truncated, textHref: apiTextHref(data.run, data.name, "") }}>
      {/* Play buttons only where a recording plays (an export without --audio has none). */}
      <ScenarioInteraction verdictTurns={data.insights.verdictTurns} hasAudio={hasAudio && !!audioHref}>
        <OpenOnHash />
        {hasAudio && <StickyOffset targetId="audio" />}
        <div className="space-y-5" data-testid="scenario-page">
          <ScenarioHeader
            name={data.name}
            row={data.row}
            metrics={data.metrics}
            run={run}
            nav={nav}
            problems={data.problems}
            transcriptTurns={{ count: turns.length, source }}
            toolCallCount={data.insights.toolCalls === null ? null : data.insights.toolCalls.length}
            stopReasonFromLog={data.conversation?.stopReason ?? null}
            sourceLines={sourceLines}
          />
          {across}
          <RetriedNotice retries={data.retries} />
          <Card id="why" title={why.failed ? "Why it failed" : "Outcome"} className="scroll-mt-4">
            <Why failed={why.failed} signals={why.signals} reason={why.reason} judgeNote={why.judgeNote} causes={why.causes} />
          </Card>
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
            <Card id="transcript" title="Transcript" className="min-w-0 scroll-mt-4">
              {/* The audio panel sticks above the transcript, except on a phone: there it is taller than the screen would spare. */}
              <div
                className={
                  hasAudio
                    ? "z-10 -mx-4 -mt-1 mb-3 border-b sm:sticky sm:top-0 border-zinc-200 bg-white/95 px-4 pt-1 pb-2 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95"
                    : "mb-3"
                }
                id="audio"
              >
                {hasAudio && audioHref ? (
                  <AudioPanel src={audioHref} turns={lanes} initialTime={seekTo} permalinkBase={nav.viewQuery} marks={data.timing?.marks} />
                ) : (
                  <>
                    {/* Without timed turns the transcript's one line names every absent source, the recording included. */}
                    {(hasAudio || transcript.timed) && (
                      <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="no-audio">
                        {hasAudio
                          ? "The recording was left out of this export (export again with --audio to include it) — the lanes show the turn timing only."
                          : "No conversation_log.wav (no audio was routed, or it was not kept) — the lanes show the turn timing only."}
                      </p>
                    )}
                    {lanes.length > 0 && <StaticLanes turns={lanes} marks={data.timing?.marks} />}
                  </>
                )}
              </div>
              <Transcript
                turns={turns}
                toolCalls={data.insights.toolCalls}
                source={source}
                permalinkBase={nav.viewQuery}
                emptyReason={emptyReason}
                apiHref={apiHref}
                sourcesNote={why.sourcesNote}
              />
            </Card>
            {/* The judge stays in view next to the transcript, so a selected verdict and its quoted turns are seen together. */}
            <div className="min-w-0">
              <div className="lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto lg:overscroll-contain" data-testid="evidence-column">
                <Card id="judge" title="Judge evidence">
                  <JudgeEvidence
                    judge={data.judge}
                    present={present("judge_result.json")}
                    needed={judgeNeed.needed}
                    gating={{ judge_passed: gatesOn(whitelist, "judge_passed"), nl_assertion: gatesOn(whitelist, "nl_assertion") }}
                    threshold={run.judgeThreshold}
                    verdictTurns={data.insights.verdictTurns}
                    nlAssertions={nlAssertions}
                    phantom={why.phantomJudge}
                  />
                  <JudgeSeenList seen={data.judgeSeen} judgePresent={present("judge_result.json")} />
                </Card>
              </div>
            </div>
          </div>
          {/* Below the evidence: the first screen answers "why"; keys 1–5 and y work wherever the form is. */}
          <RetriesCard runId={data.run} name={data.name} retries={data.retries} />
          {triage}
          {data.timing && (
            <Card id="timing" title="Timing: why it was slow and how the call went" className="scroll-mt-4">
              <ScenarioTimingSection
                timing={data.timing}
                reportHref={apiScenarioReportHref(data.run, data.name)}
                metrics={data.metrics}
                markedInterrupted={turns.filter((t) => t.interrupted).length}
              />
            </Card>
          )}
          <div className="grid items-start gap-5 lg:grid-cols-2">
            <Card id="checks" title="Checks" className="min-w-0">
              <Checks
                row={data.row}
                metrics={data.metrics}
                whitelist={whitelist}
                dbHashes={data.dbHashes}
                expectedUserHash={metadata?.expected_user_db_hash ?? null}
                assertionsDeclared={metadata?.db_state_assertions ?? []}
                actions={data.insights.actions}
                referencePresent={present("scenario_config/reference_answer.json")}
                actionGating={gatesOn(whitelist, "is_action_match")}
                finalAgentResponse={data.finalAgentResponse}
              />
            </Card>
            <Card id="asr" title="Heard vs meant" className="min-w-0">
              <HeardVsMeant asr={data.insights.asr} why={asrWhy} turns={why.asrTurns} />
            </Card>
          </div>
          <Card id="context" title="Context and files">
            <ScenarioContext data={data} audioHref={audioHref} apiHref={apiHref} />
          </Card>
        </div>
      </ScenarioInteraction>
    </CappedTextProvider>
  );
}
