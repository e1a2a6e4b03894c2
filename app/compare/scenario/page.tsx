import Link from "next/link";
import { apiAudioHref, scenarioHref } from "@/lib/shared/routes";
import { absentSourcesLine, alignedTranscript, firstDivergence, replyTurnsText, whereCallsPart } from "@/lib/core/transcript";
import { compareHref, scenarioCompareHref } from "@/components/compare/labels";
import { AlignedTranscripts, judgeView, NlAssertions, SideBySide, type SideView } from "@/components/compare/scenario-pair";
import { linkClass, RunId } from "@/components/compare/ui";
import type { RunModel } from "@/lib/server/model/run-model";
import { scenarioDetail } from "@/lib/server/views/scenario-detail";
import { getStore } from "@/lib/server/live/store";
import { SetupSection } from "@/components/compare/setup-section";
import { readScenarioSetup } from "@/lib/server/setup/read-setup";
import { argsOf, setupDiffOffThread } from "@/lib/server/views/setup";

// Reads the live index and the scenario folders at request time.
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

function one(v: string | string[] | undefined): string {
  return ((Array.isArray(v) ? v[0] : v) ?? "").trim();
}

export async function generateMetadata({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const name = one((await searchParams).name);
  return { title: `${name || "Scenario"} · compare · Voice eval dashboard` };
}

async function sideOf(run: RunModel, name: string, role: SideView["role"]): Promise<SideView> {
  const detail = await scenarioDetail(run, name);
  const empty: SideView = {
    runId: run.id,
    role,
    present: false,
    verdict: null,
    taskVerdict: null,
    stalled: false,
    stopReason: null,
    breakdown: null,
    judge: null,
    audioUrl: null,
    runScenarioHref: scenarioHref(run.id, name),
    transcript: { exchanges: [], source: null, note: null, toolsKnown: false },
    sourcesNote: null,
    turns: 0,
    durationSeconds: null,
  };
  if (!detail) return empty;
  const row = detail.row;
  const hasWav = detail.files.some((f) => f.path === "conversation_log.wav" && f.present);
  const transcript = alignedTranscript(detail.conversation, detail.agentContext, detail.metrics);
  return {
    ...empty,
    present: true,
    verdict: row ? row.verdict : null,
    taskVerdict: row ? row.task_verdict : null,
    stalled: row?.stalled ?? false,
    stopReason: row?.stop_reason ?? detail.conversation?.stopReason ?? null,
    breakdown: row?.success_breakdown ?? null,
    judge: judgeView(detail.judge, row?.judge_passed ?? null),
    audioUrl: hasWav ? apiAudioHref(run.id, name) : null,
    transcript,
    sourcesNote:
      transcript.source === "conversation_log.txt" ? null : absentSourcesLine((p) => detail.files.some((f) => f.path === p && f.present), transcript.source),
    turns: row?.turns ?? detail.conversation?.turns.length ?? 0,
    durationSeconds: row?.duration_seconds ?? null,
  };
}

export default async function CompareScenarioPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const baseId = one(sp.base);
  const otherId = one(sp.run);
  const name = one(sp.name);
  const store = getStore();
  await store.scanned;
  const base = baseId ? await store.openRun(baseId) : undefined;
  const other = otherId ? await store.openRun(otherId) : undefined;

  const crumbs = (
    <nav aria-label="Breadcrumb" className="flex flex-wrap gap-x-3 text-sm">
      <Link href="/" className={linkClass}>
        ← All runs
      </Link>
      {base && other && (
        <Link href={compareHref(base.id, [other.id])} className={linkClass}>
          ← Compare {base.id} with {other.id}
        </Link>
      )}
    </nav>
  );

  const problem =
    !baseId || !otherId || !name
      ? "This page needs base, run and name in its address."
      : !base
        ? `Unknown run: ${baseId}`
        : !other
          ? `Unknown run: ${otherId}`
          : !base.scenarios.has(name) && !other.scenarios.has(name)
            ? `Neither run has a scenario named ${name}.`
            : null;
  if (problem || !base || !other) {
    return (
      <section className="space-y-4">
        {crumbs}
        <h1 className="text-2xl font-semibold tracking-tight">Compare one scenario</h1>
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-300">
          {problem}
        </p>
      </section>
    );
  }

  const [b, o, baseSetup, otherSetup] = await Promise.all([
    sideOf(base, name, "baseline"),
    sideOf(other, name, "other"),
    readScenarioSetup(base.dir, name),
    readScenarioSetup(other.dir, name),
  ]);
  // This scenario's own setup diff (its prompts and tools), beside the transcript diff.
  const setup = await setupDiffOffThread(
    { args: argsOf(base), scenarios: new Map([[name, baseSetup]]) },
    { args: argsOf(other), scenarios: new Map([[name, otherSetup]]) },
  );
  // Tool calls are compared only when both sides' are known (one side without its agent's LLM context has none to compare).
  const toolsKnown = b.transcript.toolsKnown && o.transcript.toolsKnown;
  const divergence = b.present && o.present ? firstDivergence(b.transcript.exchanges, o.transcript.exchanges, undefined, toolsKnown) : null;
  // Where the calls part, when later than the first difference (a reworded greeting): what the
  // scenario page's likely cause names, and what its "side by side" link points at.
  const part = divergence ? whereCallsPart(b.transcript.exchanges, o.transcript.exchanges, undefined, toolsKnown) : null;
  const partsLater = part && divergence && part.at.index > divergence.index ? part : null;

  return (
    <section className="space-y-4" aria-labelledby="scenario-heading">
      {crumbs}
      <div>
        <h1 id="scenario-heading" className="font-mono text-xl font-semibold break-all">
          {name}
        </h1>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <RunId id={base.id} role="baseline" /> <span aria-hidden="true">vs</span> <RunId id={other.id} role="other" />
          <Link
            href={scenarioCompareHref(other.id, base.id, name)}
            className="text-xs text-zinc-600 underline hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
          >
            Swap sides
          </Link>
        </p>
      </div>
      {divergence && (
        <p className="text-sm">
          <a href={`#turn-${divergence.index + 1}`} className={linkClass}>
            The conversations first diverge at reply {divergence.index + 1}
            {replyTurnsText(b.transcript.exchanges, o.transcript.exchanges, divergence.index)}
          </a>
          : {divergence.reason}.
          {partsLater && (
            <>
              {" "}
              <a href={`#turn-${partsLater.at.index + 1}`} className={linkClass} data-testid="calls-part-link">
                {partsLater.byActions ? "What the agent did first differs" : "They part for good"} at reply {partsLater.at.index + 1}
                {replyTurnsText(b.transcript.exchanges, o.transcript.exchanges, partsLater.at.index)}
              </a>
              : {partsLater.at.reason}.
            </>
          )}
        </p>
      )}
      <SideBySide base={b} other={o} name={name} />
      <NlAssertions base={b.judge} other={o.judge} />
      <SetupSection diff={setup} baseId={base.id} otherId={other.id} />
      <AlignedTranscripts base={b} other={o} divergence={divergence} part={partsLater} />
    </section>
  );
}
