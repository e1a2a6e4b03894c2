/**
 * The τ-voice interaction panel per night (server component; inert text): one row per night with
 * recordings, the five figures with their events, a rate backed by too few events hidden as on the
 * run's Audio tab.
 */
import Link from "next/link";
import { INTERACTION_HINT } from "@/components/audio/interaction-panel";
import { interactionRows } from "@/lib/core/audio/interaction";
import { runHref } from "@/lib/shared/routes";
import type { RunInteraction } from "@/lib/shared/audio";

export interface NightInteractionRow {
  runId: string;
  recordings: number;
  truncated: boolean;
  interaction: RunInteraction;
}

export function InteractionNights({ nights, maxNights, perNight }: { nights: readonly NightInteractionRow[]; maxNights: number; perNight: number }) {
  if (nights.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">None of the range&rsquo;s newest {maxNights} nights has recordings (conversation_log.wav).</p>
    );
  }
  const labels = interactionRows(nights[0]!.interaction).map((r) => r.label);
  return (
    <div className="relative overflow-x-auto" data-testid="interaction-nights">
      <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400" title={INTERACTION_HINT}>
        The nights with recordings among the range&rsquo;s newest {maxNights}, {perNight} recordings a night at most (failures first), measured from the
        recordings as on each run&rsquo;s Audio tab. A rate backed by fewer than 10 events is hidden.
      </p>
      <table className="w-full text-left text-xs tabular-nums">
        <thead className="text-zinc-600 dark:text-zinc-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Night
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Recordings
            </th>
            {labels.map((l) => (
              <th key={l} scope="col" className="py-1 pr-3 font-medium">
                {l}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {nights.map((n) => (
            <tr key={n.runId} data-night={n.runId} className="border-t border-zinc-200 dark:border-zinc-800">
              <th scope="row" className="py-1 pr-3 font-normal">
                <Link href={`${runHref(n.runId, "tab=audio")}#analyses`} className="font-mono text-sky-700 hover:underline dark:text-sky-400">
                  {n.runId}
                </Link>
              </th>
              <td className="py-1 pr-3">
                {n.recordings}
                {n.truncated && " +"}
              </td>
              {interactionRows(n.interaction).map((r) => (
                <td key={r.key} className="py-1 pr-3" data-interaction={r.key}>
                  {r.text} <span className="text-zinc-500">· {r.events}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
