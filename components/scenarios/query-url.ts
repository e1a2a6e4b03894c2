"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { viewParams } from "./view-params";

export type ViewUpdate = Record<string, string | null | undefined>;

/** Returns the current view and a function that writes changes to it into the URL (history replace). */
export function useTableUrl() {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const view = useMemo(() => viewParams(new URLSearchParams(search.toString())), [search]);
  const update = useCallback(
    (changes: ViewUpdate) => {
      // Keep unrelated parameters (none today) and rewrite the view ones.
      const next = new URLSearchParams(search.toString());
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === "") next.delete(key);
        else next.set(key, value);
      }
      next.delete("offset");
      next.delete("limit");
      const qs = next.toString();
      router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [router, pathname, search],
  );
  return { view, update };
}

