/**
 * Each run's timing items as last read, kept in the state folder (one file per run, see
 * `timingDirOf`): a restart re-reads the logs only of scenarios whose timing files or
 * `metrics.json` changed, instead of every scenario's (minutes at 100,000 scenarios). An item is
 * used only while both signatures it was read under still hold; the file is never trusted beyond
 * that, and one that is damaged or from another build (`CODE_HASH`: the code that read it) is ignored.
 */
import "server-only";
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { OWNER_FILE_MODE, ownerOnlyDir, ownerOnlyFiles } from "../owner-only";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import type { RollupItem } from "@/lib/core/timing";
import { CODE_HASH } from "../cache/code-identity";

/** A run's file: a hash of its folder, which is inside the file too (a collision is ignored, not mixed up). */
const timingName = (runDir: string) => `${createHash("sha256").update(runDir).digest("hex").slice(0, 24)}.timing`;

export interface SavedTimingEntry {
  /** The timing files' signature (see `timingSignature`). */
  signature: string;
  /** The scenario's own signature when it was read: the item holds what its metrics.json said. */
  scenario: string;
  item: RollupItem;
}

/** `onOtherBuild`: told when the file was written by another build (its items are read again). */
export function loadSavedTiming(dir: string, runDir: string, onOtherBuild: () => void = () => {}): Map<string, SavedTimingEntry> {
  try {
    const stored = deserialize(readFileSync(join(dir, timingName(runDir)))) as { build?: unknown; runDir?: unknown; entries?: unknown } | null;
    if (!stored || stored.runDir !== runDir || !Array.isArray(stored.entries)) return new Map();
    if (stored.build !== CODE_HASH) {
      onOtherBuild();
      return new Map();
    }
    return new Map((stored.entries as unknown[]).filter(isEntry));
  } catch {
    return new Map();
  }
}

export function saveTiming(dir: string, runDir: string, entries: ReadonlyMap<string, SavedTimingEntry>): void {
  ownerOnlyDir(dir);
  // Written beside and renamed: a reader never sees half a file. 0600 whatever the umask (a
  // leftover temporary file keeps its mode when written again, hence the chmod).
  const path = join(dir, timingName(runDir));
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, serialize({ build: CODE_HASH, runDir, entries: [...entries] }), { mode: OWNER_FILE_MODE });
  ownerOnlyFiles([tmp]);
  renameSync(tmp, path);
}

function isEntry(e: unknown): e is [string, SavedTimingEntry] {
  if (!Array.isArray(e) || e.length !== 2 || typeof e[0] !== "string") return false;
  const saved = e[1] as Partial<SavedTimingEntry> | null;
  return (
    !!saved &&
    typeof saved.signature === "string" &&
    typeof saved.scenario === "string" &&
    !!saved.item &&
    typeof saved.item === "object" &&
    saved.item.name === e[0]
  );
}
