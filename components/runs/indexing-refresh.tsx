"use client";

import { useRouter } from "next/navigation";
import { startTransition, useEffect } from "react";

/** While the first scan runs there are no change events; re-render once a second to show progress. */
export function IndexingRefresh() {
  const router = useRouter();
  useEffect(() => {
    const id = setInterval(() => startTransition(() => router.refresh()), 1000);
    return () => clearInterval(id);
  }, [router]);
  return null;
}
