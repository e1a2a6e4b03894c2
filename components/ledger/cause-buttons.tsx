/** The root-cause buttons: one per cause, each with its key; a press sets the cause and saves. */
import { CAUSES, CAUSE_LABEL, type Cause } from "@/lib/shared/ledger";

export const CAUSE_KEY: Record<Cause, string> = { agent: "1", "user-sim": "2", asr: "3", framework: "4", judge: "5" };

export function CauseButtons({
  chosen,
  hinted,
  busy,
  onPick,
}: {
  chosen: Cause | null;
  hinted: readonly Cause[];
  busy: boolean;
  onPick: (cause: Cause) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5" disabled={busy}>
      <legend className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">
        Root cause (keys 1–5 set it and save{hinted.length ? "; the likely causes suggest the highlighted one" : ""})
      </legend>
      {CAUSES.map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={chosen === c}
          data-cause={c}
          onClick={() => onPick(c)}
          className={`rounded-md border px-2 py-1 text-xs font-medium ${chosen === c ? "border-sky-600 bg-sky-600 text-white" : hinted[0] === c ? "border-violet-400 bg-violet-50 text-violet-900 dark:bg-violet-950 dark:text-violet-200" : "border-zinc-300 bg-white hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900"}`}
        >
          <kbd className="mr-1 opacity-70">{CAUSE_KEY[c]}</kbd>
          {CAUSE_LABEL[c]}
          {hinted.includes(c) && chosen !== c ? " ·hint" : ""}
        </button>
      ))}
    </fieldset>
  );
}
