/** The label's other fields (secondary cause, status, reference, note), saved together with the chosen root cause. */
import { CAUSES, CAUSE_LABEL, STATUSES, STATUS_LABEL, type Cause, type Label, type Status } from "@/lib/shared/ledger";

export interface Draft {
  cause: Cause | null;
  secondary: Cause | null;
  status: Status;
  ref: string;
  note: string;
}

export const draftOf = (l: Label | null): Draft => ({
  cause: l?.cause ?? null,
  secondary: l?.secondary ?? null,
  status: l?.status ?? "unreviewed",
  ref: l?.ref ?? "",
  note: l?.note ?? "",
});

const field = "mt-0.5 rounded border border-zinc-300 bg-white px-1 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

export function LabelForm({
  draft,
  busy,
  dirty,
  onEdit,
  onSave,
}: {
  draft: Draft;
  busy: boolean;
  dirty: boolean;
  onEdit: (patch: Partial<Draft>) => void;
  onSave: () => void;
}) {
  return (
    <form
      className="grid grid-cols-1 gap-2 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <label className="flex flex-col text-xs">
        Secondary cause
        <select
          className={field}
          value={draft.secondary ?? ""}
          onChange={(e) => onEdit({ secondary: (e.target.value || null) as Cause | null })}
          data-testid="ledger-secondary"
        >
          <option value="">none</option>
          {CAUSES.filter((c) => c !== draft.cause).map((c) => (
            <option key={c} value={c}>
              {CAUSE_LABEL[c]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs">
        Status
        <select className={field} value={draft.status} onChange={(e) => onEdit({ status: e.target.value as Status })} data-testid="ledger-status">
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs">
        Reference (issue number or link)
        <input className={`${field} px-2`} value={draft.ref} maxLength={500} onChange={(e) => onEdit({ ref: e.target.value })} data-testid="ledger-ref" />
      </label>
      <label className="flex flex-col text-xs sm:row-span-2">
        Note
        <textarea
          className={`${field} min-h-16 px-2`}
          value={draft.note}
          maxLength={10000}
          onChange={(e) => onEdit({ note: e.target.value })}
          data-testid="ledger-note"
        />
      </label>
      <div className="flex items-end gap-2">
        <button
          type="submit"
          className="rounded bg-sky-600 px-3 py-1 text-sm font-medium text-white hover:bg-sky-700 disabled:opacity-50"
          disabled={busy || !draft.cause || !dirty}
          data-testid="ledger-save"
        >
          Save
        </button>
        {!draft.cause && <span className="text-xs text-zinc-500">pick a root cause first</span>}
      </div>
    </form>
  );
}
