/**
 * Each run's timing items as last read, kept beside the persisted index (one file per run in the
 * snapshot folder): a restart re-reads the logs only of scenarios whose timing files or
 * `metrics.json` changed, instead of every scenario's (minutes at 100,000 scenarios). An item is
 * used only while both signatures it was read under still hold; the file is never trusted beyond
 * that, and one that is damaged or from another version is ignored.
 */
import "server-only";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import type { RollupItem } from "@/lib/core/timing";
import { PROJECT_VERSION, SNAPSHOT_FORMAT, timingName, writeWhole } from "../ingest/snapshot";

export interface SavedTimingEntry {
  /** The timing files' signature (see `timingSignature`). */
  signature: string;
  /** The scenario's own signature when it was read: the item holds what its metrics.json said. */
  scenario: string;
  item: RollupItem;
}

export function loadSavedTiming(dir: string, runDir: string): Map<string, SavedTimingEntry> {
  try {
    const stored = deserialize(readFileSync(join(dir, timingName(runDir)))) as { format?: unknown; version?: unknown; runDir?: unknown; entries?: unknown };
    if (stored.format !== SNAPSHOT_FORMAT || stored.version !== PROJECT_VERSION || stored.runDir !== runDir || !Array.isArray(stored.entries)) return new Map();
    return new Map((stored.entries as unknown[]).filter(isEntry));
  } catch {
    return new Map();
  }
}

export function saveTiming(dir: string, runDir: string, entries: ReadonlyMap<string, SavedTimingEntry>): void {
  writeWhole(join(dir, timingName(runDir)), serialize({ format: SNAPSHOT_FORMAT, version: PROJECT_VERSION, runDir, entries: [...entries] }));
}

function isEntry(e: unknown): e is [string, SavedTimingEntry] {
  if (!Array.isArray(e) || e.length !== 2 || typeof e[0] !== "string") return false;
  const saved = e[1] as Partial<SavedTimingEntry> | null;
  return !!saved && typeof saved.signature === "string" && typeof saved.scenario === "string" && !!saved.item && typeof saved.item === "object" && saved.item.name === e[0];
}
