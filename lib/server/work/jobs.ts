/**
 * The jobs a worker thread runs (`lib/server/work/pool.ts`): each a function of one structured-clonable
 * input to a structured-clonable output, run whole in a worker, never on the server's main thread.
 * A new kind of expensive view adds its function here; its callers then use `offThread("name", input)`.
 * Keep each job bounded by its own input (a size or time budget inside): the pool bounds how many run
 * at once, not how long one takes (see `timeoutMs`).
 */
import "server-only";
import { lineDiffs } from "@/lib/core/setup/diff";
import { themeChangeSet, themeSet, themesOverNights, type ThemeItem } from "@/lib/core/themes";

export const JOBS = {
  /** The setup diff's distinct (before, after) text pairs, each diffed once (`lib/core/setup/diff.ts`). */
  lineDiffs,
  /** A run's failure themes within the server's bounds (`THEME_BOUNDS`). */
  themeSet: (items: ThemeItem[]) => themeSet(items),
  /** The change of failure themes between two runs, within the server's bounds. */
  themeChangeSet: ({ base, other }: { base: ThemeItem[]; other: ThemeItem[] }) => themeChangeSet(base, other),
  /** Failure themes over a range of nights (each night's items, oldest first), within the server's bounds. */
  themesOverNights: (nights: ThemeItem[][]) => themesOverNights(nights),
} satisfies Record<string, (input: never) => unknown>;

export type JobName = keyof typeof JOBS;
export type JobInput<K extends JobName> = Parameters<(typeof JOBS)[K]>[0];
export type JobOutput<K extends JobName> = Awaited<ReturnType<(typeof JOBS)[K]>>;
