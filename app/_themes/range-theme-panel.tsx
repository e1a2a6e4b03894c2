/**
 * The failure themes over a trends range, loaded on its own (under a <Suspense> boundary): reading
 * every night's judge files the first time must not hold back the rest of the page.
 */
import { RangeThemes } from "@/components/trends/range-themes";
import { getStore } from "@/lib/server/live/store";
import { rangeThemesFor } from "@/lib/server/http/themes";
import type { RunModel } from "@/lib/server/model/run-model";
import { WorkError } from "@/lib/server/work/pool";

export async function RangeThemePanel({ runIds }: { runIds: readonly string[] }) {
  const store = getStore();
  const runs = (await Promise.all(runIds.map((id) => store.openRun(id)))).filter((r): r is RunModel => r !== undefined);
  if (runs.length < 2) return null;
  // Out of time or refused (the work pool's bound): the rest of the page stands, the panel says why.
  const set = await rangeThemesFor(runs, store).catch((err: unknown) => {
    if (err instanceof WorkError) return err;
    throw err;
  });
  if (set instanceof WorkError) {
    return (
      <p
        className="rounded-lg border border-amber-300 p-4 text-sm text-amber-800 dark:border-amber-800 dark:text-amber-300"
        data-testid="theme-changes-unavailable"
      >
        The failure themes could not be made: {set.message}.
      </p>
    );
  }
  return <RangeThemes set={set} />;
}
