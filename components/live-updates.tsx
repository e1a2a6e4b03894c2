"use client";

/**
 * The one EventSource of the tab (mounted once in the root layout). A `change` event re-renders
 * the current route's server components with `router.refresh()`, which keeps client state
 * (table sort, filters, scroll, open <details>) because React reconciles the new payload into
 * the existing tree. Refreshes are throttled to two a second; a burst collapses into one.
 */
import { useRouter } from "next/navigation";
import { startTransition, useEffect, useState } from "react";
import { VERSION_META } from "./version-mark";

const MIN_INTERVAL_MS = 500;

type Status = "connecting" | "live" | "reconnecting";

const LABEL: Record<Status, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
};

export function LiveUpdates() {
  const router = useRouter();
  const [status, setStatus] = useState<Status>("connecting");

  useEffect(() => {
    let version: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastRefresh = 0;
    const refresh = () => {
      timer = null;
      lastRefresh = Date.now();
      startTransition(() => router.refresh());
    };
    const schedule = () => {
      if (timer !== null) return;
      timer = setTimeout(refresh, Math.max(0, lastRefresh + MIN_INTERVAL_MS - Date.now()));
    };
    const readVersion = (e: MessageEvent): number | null => {
      try {
        const v = (JSON.parse(String(e.data)) as { version?: unknown }).version;
        return typeof v === "number" ? v : null;
      } catch {
        return null;
      }
    };

    const source = new EventSource("/api/events");
    source.addEventListener("hello", (e) => {
      const v = readVersion(e as MessageEvent);
      // After a reconnect the server may have moved on while we were away; on the first connect,
      // it may have moved on since this page was rendered.
      const rendered = Number(document.querySelector(`meta[name="${VERSION_META}"]`)?.getAttribute("content") ?? NaN);
      const seen = version ?? (Number.isFinite(rendered) ? rendered : null);
      if (seen !== null && v !== null && v !== seen) schedule();
      if (v !== null) version = v;
      setStatus("live");
    });
    source.addEventListener("change", (e) => {
      const v = readVersion(e as MessageEvent);
      if (v !== null && version !== null && v <= version) return;
      if (v !== null) version = v;
      schedule();
    });
    source.onopen = () => setStatus("live");
    source.onerror = () => setStatus("reconnecting");
    return () => {
      source.close();
      if (timer !== null) clearTimeout(timer);
    };
  }, [router]);

  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400" role="status" aria-live="polite" data-live-status={status}>
      <span
        aria-hidden="true"
        className={`inline-block size-2 rounded-full ${
          status === "live" ? "bg-emerald-500" : status === "reconnecting" ? "animate-pulse bg-amber-500" : "bg-zinc-400"
        }`}
      />
      {LABEL[status]}
    </span>
  );
}
