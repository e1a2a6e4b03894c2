"use client";

/**
 * The static export renders the live pages' components with no server behind them and no script
 * (components/export). Leaves that need the app's router or its API read this and stand aside.
 */
import { createContext, useContext, type ReactNode } from "react";

const StaticMode = createContext(false);

export function StaticModeProvider({ children }: { children: ReactNode }) {
  return <StaticMode.Provider value>{children}</StaticMode.Provider>;
}

/** True inside an export: no router, no API, no script. */
export function useStaticMode(): boolean {
  return useContext(StaticMode);
}
