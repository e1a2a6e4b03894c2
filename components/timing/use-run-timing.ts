"use client";

/** Fetches a run's timing rollup, and again every 4 s while scenarios are still being read. */
import { useEffect, useState } from "react";
import { api } from "@/components/api-client";
import type { RunTiming } from "@/lib/shared/timing";

export function useRunTiming(runId: string): { timing: RunTiming | null; error: string | null } {
  const [timing, setTiming] = useState<RunTiming | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = async () => {
      try {
        const body = await api.runTiming(runId);
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
