/**
 * The run page's Audio tab: each recording measured (response gap on the audio against the logged
 * latency, findings by kind), filterable by finding. Presents `RunAudio` (lib/server/views/run-audio).
 */
import Link from "next/link";
import { FINDING_HINT, FINDING_LABEL } from "@/components/audio/finding-labels";
import { InteractionFacts, InteractionFigures } from "@/components/audio/interaction-panel";
import { group, ms } from "@/components/format";
import { DataTable } from "@/components/ui/data-table";
import { VerdictMark } from "@/components/scenarios/scenario-columns";
import type { FindingKind } from "@/lib/core/audio/analyse";
import { scenarioHref } from "@/lib/shared/routes";
import type { RunAudio } from "@/lib/shared/audio";

const td = "px-2 py-1 align-top tabular-nums";
const KINDS = Object.keys(FINDING_LABEL) as FindingKind[];

export function RunAudioPanel({ audio, finding, hrefFor }: { audio: RunAudio; finding: FindingKind | null; hrefFor: (finding: FindingKind | null) => string }) {
  const rows = finding ? audio.rows.filter((r) => (r.findings[finding] ?? 0) > 0) : audio.rows;
  if (audio.recordings === 0)
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="run-audio-none">
        No scenario of this run has a conversation_log.wav.
      </p>
    );
  return (
    <div className="space-y-3 text-sm" data-testid="run-audio">
      <p className="text-zinc-700 dark:text-zinc-300">
        {group(audio.recordings)} recording{audio.recordings === 1 ? "" : "s"} measured
        {audio.truncated && ` (the first ${group(audio.scenarios)} scenarios, failures first)`}. Response gap on the audio (user stops → agent starts): p50{" "}
        {ms(audio.audioP50)}, p95 {ms(audio.audioP95)}.
      </p>
      <section aria-label="Interaction (τ-voice panel)" className="space-y-1">
        <h3 className="text-xs font-medium text-zinc-700 dark:text-zinc-300">Interaction (τ-voice panel), on the recordings</h3>
        <InteractionFigures panel={audio.interaction} />
        {audio.deadAir && <InteractionFacts deadAir={audio.deadAir} split={audio.responseLatencyByTurn ?? null} />}
      </section>
      <nav aria-label="Filter by audio finding" className="flex flex-wrap gap-2 text-xs">
        <Link
          href={hrefFor(null)}
          scroll={false}
          aria-current={finding === null ? "true" : undefined}
          className={`rounded-md border px-2 py-0.5 ${finding === null ? "border-sky-600 bg-sky-50 dark:border-sky-400 dark:bg-sky-950" : "border-zinc-300 dark:border-zinc-700"}`}
        >
          All ({group(audio.recordings)})
        </Link>
        {KINDS.map((k) => (
          <Link
            key={k}
            href={hrefFor(k)}
            scroll={false}
            title={FINDING_HINT[k]}
            data-finding-filter={k}
            aria-current={finding === k ? "true" : undefined}
            className={`rounded-md border px-2 py-0.5 ${finding === k ? "border-sky-600 bg-sky-50 dark:border-sky-400 dark:bg-sky-950" : "border-zinc-300 dark:border-zinc-700"} ${audio.totals[k] === 0 ? "text-zinc-400" : ""}`}
          >
            {FINDING_LABEL[k]}: {group(audio.totals[k])}
          </Link>
        ))}
      </nav>
      <DataTable
        label="Recordings measured"
        columns={[
          { label: "Scenario" },
          { label: "Success" },
          { label: "Gap on audio p50 / p95", align: "right" },
          { label: "Logged latency p50 / p95", align: "right" },
          { label: "Hand-offs", align: "right" },
          { label: "Findings" },
        ]}
      >
        {rows.map((r) => (
          <tr key={r.name} data-audio-row={r.name}>
            <td className="px-2 py-1 font-mono text-xs">
              <Link href={scenarioHref(audio.runId, r.name)} className="text-sky-700 hover:underline dark:text-sky-400">
                {r.name}
              </Link>
            </td>
            <td className={td}>
              <VerdictMark v={r.verdict} what="Success" />
            </td>
            <td className={`${td} text-right`}>
              {ms(r.audioP50)} / {ms(r.audioP95)}
            </td>
            <td className={`${td} text-right`}>
              {ms(r.loggedP50)} / {ms(r.loggedP95)}
            </td>
            <td className={`${td} text-right`}>{r.handOffs}</td>
            <td className="px-2 py-1 text-xs">
              {r.problem ? (
                <span className="text-amber-800 dark:text-amber-300">{r.problem}</span>
              ) : (
                KINDS.filter((k) => r.findings[k]).map((k) => (
                  <span key={k} className="mr-1 rounded bg-red-50 px-1 text-red-800 dark:bg-red-950 dark:text-red-300" data-finding-count={k}>
                    {FINDING_LABEL[k]} ×{r.findings[k]}
                  </span>
                ))
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
