"use client";

/** Fetches a run's timing rollup, and again every 4 s while scenarios are still being read. */
import { useEffect, useState } from "react";
import { apiRunPath } from "@/components/format";
import type { RunTiming } from "@/lib/shared/timing";

export function useRunTiming(runId: string): { timing: RunTiming | null; error: string | null } {
  const [timing, setTiming] = useState<RunTiming | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = async () => {
      try {
        const res = await fetch(`${apiRunPath(runId)}/timing`, { cache: "no-store" });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = (await res.json()) as RunTiming;
        if (stopped) return;
        setTiming(body);
        setError(null);
        if (body.pending > 0) timer = setTimeout(load, 4000);
      } catch (e) {
        if (!stopped) setError(e instanceof Error ? e.message : String(e));
      }
    };
    void load();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [runId]);
  return { timing, error };
}
