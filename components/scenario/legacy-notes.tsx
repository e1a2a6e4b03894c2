/** Documented legacy values in metrics.json (lib/core/legacy-values.ts), as plain notes: not problems. */
import { legacyNotes } from "@/lib/core/legacy-values";

export function LegacyNotes({ metrics }: { metrics: Record<string, unknown> | null }) {
  const notes = legacyNotes(metrics);
  if (notes.length === 0) return null;
  return (
    <ul
      className="space-y-1 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:border-zinc-800 dark:bg-zinc-800/60 dark:text-zinc-300"
      data-testid="legacy-notes"
    >
      {notes.map((n) => (
        <li key={n}>
          <span className="font-medium">Note:</span> {n}
        </li>
      ))}
    </ul>
  );
}
