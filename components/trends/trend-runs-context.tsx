"use client";

/** The trend charts' runs (id, start, previous run), given once per page; each chart's hover reads them by index. */
import { createContext, useContext, type ReactNode } from "react";

export interface TrendRunRef {
  id: string;
  startedAt: string | null;
  previous: string | null;
}

const Runs = createContext<readonly TrendRunRef[]>([]);

export function TrendRunsProvider({ runs, children }: { runs: readonly TrendRunRef[]; children: ReactNode }) {
  return <Runs.Provider value={runs}>{children}</Runs.Provider>;
}

export const useTrendRuns = () => useContext(Runs);
