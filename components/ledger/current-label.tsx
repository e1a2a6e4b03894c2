/** The scenario's label as stored (cause, status, reference, who and when), or that it has none. */
import { CAUSE_LABEL, STATUS_LABEL, type Label } from "@/lib/shared/ledger";
import { ledgerTime } from "./ledger-time";

export function CurrentLabel({ label, saved }: { label: Label | null; saved: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline gap-2" data-testid="ledger-current">
      {label ? (
        <>
          <span className="font-medium" data-testid="ledger-current-cause">
            {CAUSE_LABEL[label.cause]}
          </span>
          <span>{STATUS_LABEL[label.status]}</span>
          {label.ref && <span className="font-mono text-xs">{label.ref}</span>}
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            by {label.updatedBy} at {ledgerTime(label.updatedAt)}, revision {label.revision}
          </span>
        </>
      ) : (
        <span className="text-zinc-600 dark:text-zinc-400">Not labelled yet.</span>
      )}
      {saved && (
        <span className="text-xs text-emerald-700 dark:text-emerald-400" data-testid="ledger-saved">
          saved
        </span>
      )}
    </div>
  );
}
