/**
 * The failure themes over a trends range, loaded on its own (under a <Suspense> boundary): reading
 * every night's judge files the first time must not hold back the rest of the page.
 */
import { RangeThemes } from "@/components/trends/range-themes";
import { getStore } from "@/lib/server/live/store";
import { rangeThemesFor } from "@/lib/server/http/themes";
import { trendRuns } from "@/lib/server/views/trends";
import { WorkError } from "@/lib/server/work/pool";
import { orWorkError, ThemesUnavailable } from "./theme-panel";

export async function RangeThemePanel({ runIds }: { runIds: readonly string[] }) {
  const store = getStore();
  const runs = trendRuns(store.index, runIds);
  if (runs.length < 2) return null;
  const set = await orWorkError(rangeThemesFor(runs, store));
  return set instanceof WorkError ? <ThemesUnavailable error={set} /> : <RangeThemes set={set} />;
}
