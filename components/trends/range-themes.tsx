/**
 * Failure themes over a trends range (issue 44): each theme's first and last night, its reasons per
 * night, and whether it is new, rising, gone or came and went (server component; inert text).
 */
import { count } from "@/components/format";

import Link from "next/link";
import { runHref } from "@/lib/shared/routes";
import { RANGE_THEME_FAILURES, RANGE_THEME_NIGHTS, type RangeThemeSetDTO, type RangeTrendKind } from "@/lib/shared/themes";
import { Card } from "@/components/ui/card";

const TONE: Record<RangeTrendKind, string> = {
  new: "bg-red-50 text-red-800 ring-red-600/20 dark:bg-red-950 dark:text-red-300",
  rising: "bg-orange-50 text-orange-800 ring-orange-600/20 dark:bg-orange-950 dark:text-orange-300",
  passing: "bg-violet-50 text-violet-800 ring-violet-600/20 dark:bg-violet-950 dark:text-violet-300",
  gone: "bg-emerald-50 text-emerald-800 ring-emerald-600/20 dark:bg-emerald-950 dark:text-emerald-300",
  fading: "bg-sky-50 text-sky-800 ring-sky-600/20 dark:bg-sky-950 dark:text-sky-300",
  steady: "bg-zinc-50 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-900 dark:text-zinc-300",
};
const WORD: Record<RangeTrendKind, string> = { new: "new", rising: "rising", passing: "came and went", gone: "gone", fading: "fading", steady: "steady" };

/** At most this many themes listed (new and rising first). */
const MAX_SHOWN = 12;
const BARS = "▁▂▃▄▅▆▇█";

/** The reasons per night as one line of bars ("·" for none), scaled to the theme's busiest night. */
function bars(perNight: readonly number[]): string {
  const top = Math.max(1, ...perNight);
  return perNight.map((c) => (c === 0 ? "·" : BARS[Math.min(BARS.length - 1, Math.ceil((c / top) * BARS.length) - 1)])).join("");
}

export function RangeThemes({ set }: { set: RangeThemeSetDTO }) {
  const moving = set.themes.filter((t) => t.trend !== "steady");
  const shown = moving.slice(0, MAX_SHOWN);
  const movingCount = set.counts.new + set.counts.rising + set.counts.passing + set.counts.gone + set.counts.fading;
  const n = set.nights.length;
  return (
    <Card
      id="themes"
      testId="theme-range"
      title="Failure themes over the range"
      description={
        <>
          Judge and NL-assertion reasons of failing scenarios over {n} night(s), grouped by content (one set of themes over every night): each theme&rsquo;s
          first and last night, and its reasons per night. <em>New</em>: not in the range&rsquo;s first night, in its newest; <em>gone</em>: the other way
          round; <em>came and went</em>: in neither; rising and fading compare the first night with the newest. {set.counts.steady} theme(s) steady.
          {set.cut > 0 &&
            ` The ${count(set.cut)} oldest night(s) of the range are not read (at most ${RANGE_THEME_NIGHTS} nights and ${count(RANGE_THEME_FAILURES)} failing scenarios are, the newest first).`}
        </>
      }
    >
      {shown.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No theme is new, rising, gone, fading or came and went over the range.</p>
      ) : (
        <ul className="space-y-2">
          {shown.map((t, i) => (
            <li key={i} className="text-sm" data-theme-trend={t.trend}>
              <span className={`mr-2 inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[t.trend]}`}>{WORD[t.trend]}</span>
              <span className="font-medium" title={t.theme.terms.join(" · ")}>
                {t.theme.label}
              </span>
              <span className="ml-2 text-xs tabular-nums text-zinc-600 dark:text-zinc-400">
                {t.theme.count} reason(s), {t.theme.scenarioCount} scenario(s), in {t.perNight.filter((c) => c > 0).length} of {n} night(s)
              </span>
              <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
                <span>
                  first{" "}
                  <Link href={runHref(t.firstRun)} className="font-mono text-sky-700 hover:underline dark:text-sky-400" data-testid="theme-first">
                    {t.firstRun}
                  </Link>
                </span>
                <span>
                  last{" "}
                  <Link href={runHref(t.lastRun)} className="font-mono text-sky-700 hover:underline dark:text-sky-400" data-testid="theme-last">
                    {t.lastRun}
                  </Link>
                </span>
                <span
                  className="font-mono break-all"
                  role="img"
                  aria-label={`reasons per night, oldest first: ${t.perNight.join(", ")}`}
                  data-per-night={t.perNight.join(",")}
                >
                  {bars(t.perNight)}
                </span>
              </p>
              <blockquote className="mt-0.5 border-l-2 border-zinc-300 pl-2 text-xs text-zinc-700 dark:border-zinc-700 dark:text-zinc-300">
                {t.theme.quote}
              </blockquote>
            </li>
          ))}
        </ul>
      )}
      {movingCount > shown.length && <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">… and {count(movingCount - shown.length)} more.</p>}
      {set.unthemed.reasons > 0 && (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400" data-testid="theme-unthemed">
          {count(set.unthemed.reasons)} reason(s) in no theme listed
          {set.unthemed.withoutWords > 0 && ` (${count(set.unthemed.withoutWords)} with no word the themes read, e.g. in another script than Latin)`}.
        </p>
      )}
    </Card>
  );
}
