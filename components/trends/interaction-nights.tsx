/**
 * The τ-voice interaction panel per night (server component; inert text): one row per night with
 * recordings, the five figures with their events, a rate backed by too few events hidden as on the
 * run's Audio tab.
 */
import { link, num, Table, Value, type Column } from "@/components/ui/table-kit";
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
  const first = interactionRows(nights[0]!.interaction);
  const [labels, keys] = [first.map((r) => r.label), first.map((r) => r.key)];
  return (
    <div className="relative overflow-x-auto" data-testid="interaction-nights">
      <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400" title={INTERACTION_HINT}>
        The nights with recordings among the range&rsquo;s newest {maxNights}, {perNight} recordings a night at most (failures first), measured from the
        recordings as on each run&rsquo;s Audio tab. A rate backed by fewer than 10 events is hidden.
      </p>
      <Table
        rows={nights}
        rowKey={(n) => n.runId}
        row={(n) => ({ "data-night": n.runId })}
        columns={[
          {
            head: "Night",
            rowHeader: true,
            cellClass: "font-normal",
            cell: (n) => link(`${runHref(n.runId, "tab=audio")}#analyses`, n.runId, "font-mono text-sky-700 hover:underline dark:text-sky-400"),
          },
          { head: "Recordings", cell: (n) => [<Value key="n" c={num.count(n.recordings)} />, n.truncated && " +"] },
          ...keys.map((k, j): Column<NightInteractionRow> => ({
            head: labels[j],
            data: () => ({ "data-interaction": k }),
            cell: (n) => {
              const r = interactionRows(n.interaction)[j]!;
              return [
                r.text,
                " ",
                <span key="e" className="text-zinc-500">
                  · <Value c={num.count(r.events)} />
                </span>,
              ];
            },
          })),
        ]}
      />
    </div>
  );
}
