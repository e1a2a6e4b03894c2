/** Failure themes that are new, gone, grown or shrunk between two runs (server component; inert text). */
import { count } from "@/components/format";

import type { ThemeChangeSetDTO, ThemeDiffDTO, UnthemedDTO } from "@/lib/shared/themes";
import { Card } from "@/components/ui/card";

const TONE: Record<ThemeDiffDTO["change"], string> = {
  new: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-300",
  grown: "bg-orange-50 text-orange-800 ring-orange-600/20 dark:bg-orange-950 dark:text-orange-300",
  gone: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300",
  shrunk: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300",
  steady: "bg-zinc-50 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-900 dark:text-zinc-300",
};

/** At most this many themes listed (new and grown first). */
const MAX_SHOWN = 12;

/** "12 reason(s) of run-b in no theme listed (3 with no word the themes read)", or nothing when every reason is in one. */
function unthemedNote(u: UnthemedDTO, runId: string): string | null {
  if (u.reasons === 0) return null;
  return `${count(u.reasons)} reason(s) of ${runId} in no theme listed${u.withoutWords > 0 ? ` (${count(u.withoutWords)} with no word the themes read, e.g. in another script than Latin)` : ""}`;
}

export function ThemeChanges({ set, baseId, otherId }: { set: ThemeChangeSetDTO; baseId: string; otherId: string }) {
  const { changes, counts } = set;
  const moving = changes.filter((c) => c.change !== "steady");
  const shown = moving.slice(0, MAX_SHOWN);
  // Changes of each kind, listed or not: the server returns the first ones only.
  const movingCount = counts.new + counts.grown + counts.gone + counts.shrunk;
  const notes = [unthemedNote(set.unthemed.other, otherId), unthemedNote(set.unthemed.base, baseId)].filter((n): n is string => n !== null);
  return (
    <Card
      id="themes"
      testId="theme-changes"
      title="Failure themes"
      description={
        <>
          Judge and NL-assertion reasons of failing scenarios, grouped by content (words, synonyms folded, fixed threshold; one set of themes over both runs);{" "}
          <span className="font-mono">{otherId}</span> against <span className="font-mono">{baseId}</span>. {counts.steady} theme(s) unchanged.
        </>
      }
    >
      {shown.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No theme is new, gone, grown or shrunk.</p>
      ) : (
        <ul className="space-y-2">
          {shown.map((c, i) => {
            const t = (c.other ?? c.base)!;
            return (
              <li key={i} className="text-sm" data-theme-change={c.change}>
                <span className={`mr-2 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[c.change]}`}>{c.change}</span>
                <span className="font-medium" title={t.terms.join(" · ")}>
                  {t.label}
                </span>
                <span className="ml-2 text-xs tabular-nums text-zinc-600 dark:text-zinc-400">
                  {c.base ? c.base.count : 0} → {c.other ? c.other.count : 0} reason(s)
                </span>
                <span className="ml-2 text-xs text-zinc-500">{t.scenarioCount} scenario(s)</span>
                <blockquote className="mt-0.5 border-l-2 border-zinc-300 pl-2 text-xs text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
                  {t.quote}
                </blockquote>
              </li>
            );
          })}
        </ul>
      )}
      {movingCount > shown.length && <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">… and {count(movingCount - shown.length)} more.</p>}
      {notes.length > 0 && (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="theme-unthemed">
          {notes.join("; ")}.
        </p>
      )}
    </Card>
  );
}
