"use client";

/**
 * The scenario page's Triage panel: root cause (one key each), secondary cause, status, reference and
 * note; the carried-over label and the computed hints offered as suggestions; the judge override;
 * the history; and a notice when someone else changed the label. Changes from other tabs and other
 * instances arrive live.
 */
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { CAUSES, CAUSE_LABEL, STATUSES, STATUS_LABEL, type Cause, type Label, type LabelFields, type OverrideTarget, type ScenarioLedger, type Status } from "@/lib/shared/ledger";
import { HistoryList } from "./history-list";
import { deleteOverride, loadScenario, saveLabel, saveOverride } from "./ledger-client";
import { OverrideForm } from "./override-form";
import { useLedgerLive } from "./use-ledger-live";
import { useTriageKeys } from "./use-triage-keys";

export interface ReviewQueue {
  next: string | null;
  prev: string | null;
  /** Unlabelled failing scenarios left in the run, this one included when it has no label. */
  remaining: number;
}

interface Draft {
  cause: Cause | null;
  secondary: Cause | null;
  status: Status;
  ref: string;
  note: string;
}

const draftOf = (l: Label | null): Draft => ({ cause: l?.cause ?? null, secondary: l?.secondary ?? null, status: l?.status ?? "unreviewed", ref: l?.ref ?? "", note: l?.note ?? "" });
const KEY_OF: Record<Cause, string> = { agent: "1", "user-sim": "2", asr: "3", framework: "4", judge: "5" };
const when = (iso: string) => iso.replace("T", " ").slice(0, 19);

export function TriagePanel({
  initial,
  csrf,
  hinted,
  nlAssertions,
  judgePassed,
  review,
}: {
  initial: ScenarioLedger;
  csrf: string;
  /** Causes the computed hints point at, most likely first. */
  hinted: Cause[];
  nlAssertions: string[];
  judgePassed: boolean | null;
  review: ReviewQueue | null;
}) {
  const router = useRouter();
  const [data, setData] = useState(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial.label));
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const { run, scenario } = data;
  const base = data.label?.revision ?? 0;

  // Writes of this tab: their live echo is not "someone else".
  const mine = useRef(new Set<string>());
  // Answers can come back out of order (a save's re-read and a live refresh): an older one never replaces a newer.
  const newest = useRef(initial.ledgerRevision);
  const adopt = (next: ScenarioLedger): boolean => {
    if (next.ledgerRevision < newest.current) return false;
    newest.current = next.ledgerRevision;
    setData(next);
    return true;
  };
  const refresh = async () => {
    try {
      const next = await loadScenario(run, scenario);
      const before = data.label;
      const after = next.label;
      if (after && (before?.revision ?? 0) !== after.revision && !mine.current.has(after.updatedAt)) {
        setNotice(`Changed by ${after.updatedBy} at ${when(after.updatedAt)} (revision ${after.revision}).`);
      } else if (before && !after) setNotice("Someone removed this label.");
      if (adopt(next) && !dirty) setDraft(draftOf(next.label));
    } catch (err) {
      setProblem((err as Error).message);
    }
  };

  useLedgerLive((revision) => {
    if (revision !== data.ledgerRevision) void refresh();
  });

  const write = async (fields: LabelFields) => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await saveLabel(csrf, run, scenario, fields, base);
      mine.current.add(res.value.updatedAt);
      // A notice from a live change stays until dismissed; a conflict on this save replaces it.
      if (res.conflict) setNotice(`${res.conflict.previousBy} changed this at ${when(res.conflict.previousAt)} (revision ${res.conflict.previousRevision}) before your save; yours is the latest now.`);
      setDraft(draftOf(res.value));
      setDirty(false);
      setSavedAt(res.value.updatedAt);
      adopt(await loadScenario(run, scenario));
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const fieldsOf = (d: Draft, cause: Cause): LabelFields => ({ cause, secondary: d.secondary === cause ? null : d.secondary, status: d.status, ref: d.ref.trim() || null, note: d.note.trim() || null });
  const quick = (cause: Cause) => {
    if (busy) return;
    // A cause set while walking failures is a reviewed verdict.
    void write(fieldsOf({ ...draft, status: draft.status === "unreviewed" ? "confirmed" : draft.status }, cause));
  };
  const suggestion = data.suggestion;
  const accept = () => {
    if (!suggestion || busy) return;
    const f = suggestion.from;
    void write({ cause: f.cause, secondary: f.secondary, status: f.status, ref: f.ref, note: f.note });
  };
  useTriageKeys({
    cause: quick,
    accept,
    next: review?.next ? () => router.push(review.next as string) : null,
    prev: review?.prev ? () => router.push(review.prev as string) : null,
  });

  const overrideWrite = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      adopt(await loadScenario(run, scenario));
      return true;
    } catch (err) {
      setProblem((err as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const edit = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  const label = data.label;
  const select = "mt-0.5 rounded border border-zinc-300 bg-white px-1 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

  return (
    <div className="space-y-3 text-sm" data-testid="triage-panel" data-revision={label?.revision ?? 0} data-cause={label?.cause ?? ""}>
      {review && (
        <p className="rounded-md bg-sky-50 px-3 py-1.5 text-xs text-sky-900 dark:bg-sky-950 dark:text-sky-200" data-testid="review-queue">
          Review queue: {review.remaining} unlabelled failing scenario(s) left. <kbd>j</kbd>/<kbd>k</kbd> next/previous in the queue.
        </p>
      )}
      {notice && (
        <p role="status" className="flex items-baseline gap-2 rounded-md bg-amber-50 px-3 py-1.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="ledger-notice">
          <span className="min-w-0 flex-1">{notice}</span>
          <button type="button" aria-label="Dismiss" className="rounded px-1 hover:bg-amber-100 dark:hover:bg-amber-900" onClick={() => setNotice(null)}>
            ×
          </button>
        </p>
      )}
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-1.5 text-xs text-red-900 dark:bg-red-950 dark:text-red-200" data-testid="ledger-problem">
          Not saved: {problem}
        </p>
      )}
      <div className="flex flex-wrap items-baseline gap-2" data-testid="ledger-current">
        {label ? (
          <>
            <span className="font-medium" data-testid="ledger-current-cause">
              {CAUSE_LABEL[label.cause]}
            </span>
            <span>{STATUS_LABEL[label.status]}</span>
            {label.ref && <span className="font-mono text-xs">{label.ref}</span>}
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              by {label.updatedBy} at {when(label.updatedAt)}, revision {label.revision}
            </span>
          </>
        ) : (
          <span className="text-zinc-600 dark:text-zinc-400">Not labelled yet.</span>
        )}
        {savedAt && !busy && <span className="text-xs text-emerald-700 dark:text-emerald-400" data-testid="ledger-saved">saved</span>}
      </div>
      {suggestion && (!label || label.status === "unreviewed") && (
        <p className="flex flex-wrap items-baseline gap-2 rounded-md bg-violet-50 px-3 py-1.5 text-xs text-violet-900 dark:bg-violet-950 dark:text-violet-200" data-testid="ledger-suggestion">
          <span className="min-w-0 flex-1 break-words">Earlier: {suggestion.text}.</span>
          <button type="button" className="rounded bg-violet-600 px-2 py-0.5 font-medium text-white hover:bg-violet-700 disabled:opacity-50" disabled={busy} onClick={accept} data-testid="ledger-accept">
            Accept <kbd>y</kbd>
          </button>
        </p>
      )}
      {!label && !suggestion && hinted[0] && (
        <p className="text-xs text-violet-900 dark:text-violet-200" data-testid="ledger-hint-suggestion">
          The likely causes above point at {CAUSE_LABEL[hinted[0]]}: press <kbd>{KEY_OF[hinted[0]]}</kbd> to label it so.
        </p>
      )}
      <fieldset className="flex flex-wrap items-center gap-1.5" disabled={busy}>
        <legend className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">Root cause (keys 1–5 set it and save{hinted.length ? "; the likely causes suggest the highlighted one" : ""})</legend>
        {CAUSES.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={draft.cause === c}
            data-cause={c}
            onClick={() => quick(c)}
            className={`rounded-md border px-2 py-1 text-xs font-medium ${draft.cause === c ? "border-sky-600 bg-sky-600 text-white" : hinted[0] === c ? "border-violet-400 bg-violet-50 text-violet-900 dark:bg-violet-950 dark:text-violet-200" : "border-zinc-300 bg-white hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900"}`}
          >
            <kbd className="mr-1 opacity-70">{KEY_OF[c]}</kbd>
            {CAUSE_LABEL[c]}
            {hinted.includes(c) && draft.cause !== c ? " ·hint" : ""}
          </button>
        ))}
      </fieldset>
      <form
        className="grid grid-cols-1 gap-2 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.cause) void write(fieldsOf(draft, draft.cause));
        }}
      >
        <label className="flex flex-col text-xs">
          Secondary cause
          <select className={select} value={draft.secondary ?? ""} onChange={(e) => edit({ secondary: (e.target.value || null) as Cause | null })} data-testid="ledger-secondary">
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
          <select className={select} value={draft.status} onChange={(e) => edit({ status: e.target.value as Status })} data-testid="ledger-status">
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs">
          Reference (issue number or link)
          <input className={`${select} px-2`} value={draft.ref} maxLength={500} onChange={(e) => edit({ ref: e.target.value })} data-testid="ledger-ref" />
        </label>
        <label className="flex flex-col text-xs sm:row-span-2">
          Note
          <textarea className={`${select} min-h-16 px-2`} value={draft.note} maxLength={10000} onChange={(e) => edit({ note: e.target.value })} data-testid="ledger-note" />
        </label>
        <div className="flex items-end gap-2">
          <button type="submit" className="rounded bg-sky-600 px-3 py-1 text-sm font-medium text-white hover:bg-sky-700 disabled:opacity-50" disabled={busy || !draft.cause || !dirty} data-testid="ledger-save">
            Save
          </button>
          {!draft.cause && <span className="text-xs text-zinc-500">pick a root cause first</span>}
        </div>
      </form>
      <details className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800" open={data.overrides.length > 0}>
        <summary className="cursor-pointer text-xs font-medium">Judge override{data.overrides.length ? ` (${data.overrides.length})` : ""}</summary>
        <div className="mt-2">
          <OverrideForm
            overrides={data.overrides}
            nlAssertions={nlAssertions}
            judgePassed={judgePassed}
            busy={busy}
            onSave={(target: OverrideTarget, reason: string) => overrideWrite(() => saveOverride(csrf, run, scenario, target, reason))}
            onRemove={(target) => void overrideWrite(() => deleteOverride(csrf, run, scenario, target))}
          />
        </div>
      </details>
      <details className="rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
        <summary className="cursor-pointer text-xs font-medium" data-testid="ledger-history-toggle">
          History ({data.history.length})
        </summary>
        <div className="mt-2">
          <HistoryList history={data.history} />
        </div>
      </details>
    </div>
  );
}
