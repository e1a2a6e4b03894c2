"use client";

import { useEffect, useState } from "react";
import { relativeTime } from "@/components/format";

/**
 * "3 minutes ago", rendered first with the server's clock (so hydration matches) and then kept
 * current by a slow client tick.
 */
export function RelativeTime({ iso, serverNow }: { iso: string | null; serverNow: number }) {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick(Date.now()), 15_000);
    return () => clearInterval(id);
  }, []);
  if (!iso) return <span className="text-zinc-500">–</span>;
  return (
    <time dateTime={iso} title={iso}>
      {relativeTime(iso, Math.max(serverNow, tick))}
    </time>
  );
}
