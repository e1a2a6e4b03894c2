"use client";

/** Calls `onChange` when the ledger's revision moves (any instance sharing the database wrote). */
import { useEffect, useRef } from "react";

export function useLedgerLive(onChange: (revision: number) => void): void {
  const ref = useRef(onChange);
  useEffect(() => {
    ref.current = onChange;
  });
  useEffect(() => {
    const source = new EventSource("/api/ledger/events");
    const read = (e: Event): number | null => {
      try {
        const v = (JSON.parse(String((e as MessageEvent).data)) as { revision?: unknown }).revision;
        return typeof v === "number" ? v : null;
      } catch {
        return null;
      }
    };
    // `hello` too: after a reconnect the revision may have moved while the stream was down.
    const handler = (e: Event) => {
      const v = read(e);
      if (v !== null) ref.current(v);
    };
    source.addEventListener("hello", handler);
    source.addEventListener("ledger", handler);
    document.body.dataset.ledgerLive = "on";
    return () => {
      source.close();
      delete document.body.dataset.ledgerLive;
    };
  }, []);
}
