/**
 * The failure-themes panel, loaded on its own: reading a big run's judge files the first time must
 * not hold back the rest of the page, so pages put this under a <Suspense> boundary.
 */
import { ThemeChanges } from "@/components/trends/theme-changes";
import { getStore } from "@/lib/server/live/store";
import { themeChanges } from "@/lib/server/http/themes";

export async function ThemePanel({ baseId, otherId }: { baseId: string; otherId: string }) {
  const store = getStore();
  const [base, other] = await Promise.all([store.openRun(baseId), store.openRun(otherId)]);
  if (!base || !other) return null;
  return <ThemeChanges changes={await themeChanges(base, other)} baseId={baseId} otherId={otherId} />;
}

export function ThemePanelFallback() {
  return <p className="rounded-lg border border-zinc-200 p-4 text-sm text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">Grouping failure reasons into themes…</p>;
}
