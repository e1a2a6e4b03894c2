"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { viewParams } from "./view-params";

export type ViewUpdate = Record<string, string | null | undefined>;

/**
 * The query string of the last `router.replace` not yet reflected by `useSearchParams`. Two quick
 * changes (pick a signal, then a domain) must build on each other, not both on the committed URL.
 * Shared by every control of the tab; forgotten once the URL catches up, or after a few seconds.
 */
let pending: { path: string; query: string; at: number } | null = null;
const PENDING_TTL_MS = 3000;

function baseQuery(path: string, committed: string): string {
  if (!pending || pending.path !== path || pending.query === committed || Date.now() - pending.at > PENDING_TTL_MS) {
    pending = null;
    return committed;
  }
  return pending.query;
}

/** Returns the current view and a function that writes changes to it into the URL (history replace). */
export function useTableUrl() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const committed = search.toString();
  const view = useMemo(() => viewParams(new URLSearchParams(committed)), [committed]);
  const update = useCallback(
    (changes: ViewUpdate) => {
      const next = new URLSearchParams(baseQuery(pathname, committed));
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === "") next.delete(key);
        else next.set(key, value);
      }
      next.delete("offset");
      next.delete("limit");
      const qs = next.toString();
      pending = { path: pathname, query: qs, at: Date.now() };
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [router, pathname, committed],
  );
  /** The view including changes sent but not yet committed (for toggles that read before they write). */
  const latest = useCallback(() => viewParams(new URLSearchParams(baseQuery(pathname, committed))), [pathname, committed]);
  return { view, update, latest };
}
