"use client";

/** Marks the judge's verdict (overall, or one NL assertion) as wrong, with a reason. */
import { useState } from "react";
import type { Override, OverrideTarget } from "@/lib/shared/ledger";

export function OverrideForm({
  overrides,
  nlAssertions,
  judgePassed,
  busy,
  onSave,
  onRemove,
}: {
  overrides: Override[];
  nlAssertions: string[];
  judgePassed: boolean | null;
  busy: boolean;
  onSave: (target: OverrideTarget, reason: string) => Promise<boolean>;
  onRemove: (target: OverrideTarget) => void;
}) {
  const [target, setTarget] = useState<OverrideTarget>("overall");
  const [reason, setReason] = useState("");
  const verdict = judgePassed === null ? "no verdict" : judgePassed ? "passed" : "failed";
  const name = (t: string) =>
    t === "overall"
      ? `overall verdict (judge: ${verdict})`
      : `NL assertion ${Number(t.slice(3)) + 1}${nlAssertions[Number(t.slice(3))] ? `: ${nlAssertions[Number(t.slice(3))]}` : ""}`;
  return (
    <div className="space-y-2" data-testid="judge-override">
      {overrides.length > 0 && (
        <ul className="space-y-1 text-xs">
          {overrides.map((o) => (
            <li key={o.target} className="flex flex-wrap items-baseline gap-2" data-testid="judge-override-item" data-target={o.target}>
              <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">judge wrong</span>
              <span className="min-w-0 flex-1 break-words">
                {name(o.target)} — {o.reason} <span className="text-zinc-500">({o.updatedBy})</span>
              </span>
              <button
                type="button"
                className="text-sky-700 hover:underline disabled:opacity-50 dark:text-sky-400"
                disabled={busy}
                onClick={() => onRemove(o.target)}
              >
                remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2 text-sm"
        onSubmit={async (e) => {
          e.preventDefault();
          if (reason.trim() && (await onSave(target, reason.trim()))) setReason("");
        }}
      >
        <label className="flex flex-col text-xs">
          Judge was wrong on
          <select
            className="mt-0.5 max-w-56 rounded border border-zinc-300 bg-white px-1 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            value={target}
            onChange={(e) => setTarget(e.target.value as OverrideTarget)}
            data-testid="override-target"
          >
            <option value="overall">{name("overall")}</option>
            {nlAssertions.map((a, i) => (
              <option key={i} value={`nl:${i}`}>
                {name(`nl:${i}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-40 flex-1 flex-col text-xs">
          Reason
          <input
            className="mt-0.5 rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            value={reason}
            maxLength={2000}
            onChange={(e) => setReason(e.target.value)}
            data-testid="override-reason"
          />
        </label>
        <button
          type="submit"
          className="rounded bg-amber-600 px-2 py-1 text-sm font-medium text-white hover:bg-amber-700 disabled:opacity-50"
          disabled={busy || reason.trim() === ""}
          data-testid="override-save"
        >
          Mark judge wrong
        </button>
      </form>
    </div>
  );
}
