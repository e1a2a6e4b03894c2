"use client";

import { useEffect, useState } from "react";
import { relativeTime } from "@/components/format";

/** `2026-11-30 02:00` of an ISO-like time, as the run's files write it (the runs list's Started column). */
export function minuteText(iso: string): string {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(iso) ? iso.slice(0, 16).replace("T", " ") : iso;
}

/**
 * "3 minutes ago", rendered first with the server's clock (so hydration matches) and then kept
 * current by a slow client tick. `withTime`: the time itself first, "2026-11-30 02:00 · 7 days ago".
 */
export function RelativeTime({ iso, serverNow, withTime = false }: { iso: string | null; serverNow: number; withTime?: boolean }) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick(Date.now()), 15_000);
    return () => clearInterval(id);
  }, []);
  if (!iso) return <span className="text-zinc-500">–</span>;
  const words = relativeTime(iso, Math.max(serverNow, tick));
  // Past two months the words are the date itself, which the time already says.
  const inWords = /ago$|^in |^just now$/.test(words);
  return (
    <time dateTime={iso} title={iso}>
      {withTime ? (
        <>
          <span className="tabular-nums">{minuteText(iso)}</span>
          {inWords && <span className="text-zinc-500 dark:text-zinc-400"> · {words}</span>}
        </>
      ) : (
        words
      )}
    </time>
  );
}
