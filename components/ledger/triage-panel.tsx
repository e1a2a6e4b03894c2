"use client";

/**
 * The scenario page's Triage panel: root cause (one key each), secondary cause, status, reference and
 * note; the carried-over label and the computed hints offered as suggestions; the judge override;
 * the history; and a notice when someone else changed the label. Changes from other tabs and other
 * instances arrive live.
 */
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { CAUSE_LABEL, type Cause, type LabelFields, type OverrideTarget, type ScenarioLedger } from "@/lib/shared/ledger";
import { CAUSE_KEY, CauseButtons } from "./cause-buttons";
import { CurrentLabel } from "./current-label";
import { HistoryList } from "./history-list";
import { draftOf, LabelForm, type Draft } from "./label-form";
import { deleteOverride, loadScenario, saveLabel, saveOverride } from "./ledger-client";
import { ledgerTime as when } from "./ledger-time";
import { OverrideForm } from "./override-form";
import { TriageNotices, type ReviewQueue } from "./triage-notices";
import { useLedgerLive } from "./use-ledger-live";
import { useTriageKeys } from "./use-triage-keys";

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
      if (res.conflict)
        setNotice(
          `${res.conflict.previousBy} changed this at ${when(res.conflict.previousAt)} (revision ${res.conflict.previousRevision}) before your save; yours is the latest now.`,
        );
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

  const fieldsOf = (d: Draft, cause: Cause): LabelFields => ({
    cause,
    secondary: d.secondary === cause ? null : d.secondary,
    status: d.status,
    ref: d.ref.trim() || null,
    note: d.note.trim() || null,
  });
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

  return (
    <div className="space-y-3 text-sm" data-testid="triage-panel" data-revision={label?.revision ?? 0} data-cause={label?.cause ?? ""}>
      <TriageNotices review={review} notice={notice} problem={problem} onDismiss={() => setNotice(null)} />
      <CurrentLabel label={label} saved={savedAt !== null && !busy} />
      {suggestion && (!label || label.status === "unreviewed") && (
        <p
          className="flex flex-wrap items-baseline gap-2 rounded-md bg-violet-50 px-3 py-1.5 text-xs text-violet-900 dark:bg-violet-950 dark:text-violet-200"
          data-testid="ledger-suggestion"
        >
          <span className="min-w-0 flex-1 break-words">Earlier: {suggestion.text}.</span>
          <button
            type="button"
            className="rounded bg-violet-600 px-2 py-0.5 font-medium text-white hover:bg-violet-700 disabled:opacity-50"
            disabled={busy}
            onClick={accept}
            data-testid="ledger-accept"
          >
            Accept <kbd>y</kbd>
          </button>
        </p>
      )}
      {!label && !suggestion && hinted[0] && (
        <p className="text-xs text-violet-900 dark:text-violet-200" data-testid="ledger-hint-suggestion">
          The likely causes above point at {CAUSE_LABEL[hinted[0]]}: press <kbd>{CAUSE_KEY[hinted[0]]}</kbd> to label it so.
        </p>
      )}
      <CauseButtons chosen={draft.cause} hinted={hinted} busy={busy} onPick={quick} />
      <LabelForm
        draft={draft}
        busy={busy}
        dirty={dirty}
        onEdit={edit}
        onSave={() => {
          if (draft.cause) void write(fieldsOf(draft, draft.cause));
        }}
      />
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
