"use client";

/** Re-renders the page's server components when the ledger changes (run and compare pages). */
import { useRouter } from "next/navigation";
import { startTransition, useRef } from "react";
import { useLedgerLive } from "./use-ledger-live";

export function LedgerRefresh({ revision }: { revision: number }) {
  const router = useRouter();
  const seen = useRef(revision);
  useLedgerLive((r) => {
    if (r === seen.current) return;
    seen.current = r;
    startTransition(() => router.refresh());
  });
  return <meta name="ledger-revision" content={String(revision)} />;
}
