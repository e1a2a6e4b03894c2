/**
 * The failure-themes panel, loaded on its own: reading a big run's judge files the first time must
 * not hold back the rest of the page, so pages put this under a <Suspense> boundary.
 */
import { ThemeChanges } from "@/components/trends/theme-changes";
import { getStore } from "@/lib/server/live/store";
import { themeChangeSetFor } from "@/lib/server/http/themes";
import { WorkError } from "@/lib/server/work/pool";

export async function ThemePanel({ baseId, otherId }: { baseId: string; otherId: string }) {
  const store = getStore();
  const [base, other] = await Promise.all([store.openRun(baseId), store.openRun(otherId)]);
  if (!base || !other) return null;
  const set = await orWorkError(themeChangeSetFor(base, other, store));
  return set instanceof WorkError ? <ThemesUnavailable error={set} /> : <ThemeChanges set={set} baseId={baseId} otherId={otherId} />;
}

/** Out of time or refused (the work pool's bound): the rest of the page stands, the panel says why. */
export function orWorkError<T>(made: Promise<T>): Promise<T | WorkError> {
  return made.catch((err: unknown) => {
    if (err instanceof WorkError) return err;
    throw err;
  });
}

export function ThemesUnavailable({ error }: { error: WorkError }) {
  return (
    <p
      className="rounded-lg border border-amber-300 p-4 text-sm text-amber-800 dark:border-amber-800 dark:text-amber-300"
      data-testid="theme-changes-unavailable"
    >
      The failure themes could not be made: {error.message}.
    </p>
  );
}

export function ThemePanelFallback() {
  return (
    <p className="rounded-lg border border-zinc-200 p-4 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">Grouping failure reasons into themes…</p>
  );
}
