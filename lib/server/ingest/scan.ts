/**
 * The first scan: every run under the results folder into the index. A run the index cache holds
 * (a restart) joins as the cache has it, without a read: its states load when a page needs them,
 * and the audit that follows (see `live/store`) repairs whatever changed on the disk meanwhile.
 * Any other run is read here, on the main thread (`loadRun`: synchronous reads in slices between
 * which requests are answered). A run joins the index once it is read whole.
 */
import "server-only";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import { discoverRuns, rootProblemsOf, runIdOf, type Discovery, type FoundRun } from "./discover";
import { listingOf } from "./list-run";
import { loadRun, readLevelOf } from "./load-run";

export interface ScanOptions {
  onProgress?: (p: { done: number; total: number }) => void;
  /** The run of this folder as the index cache holds it, or `null` (read it). */
  fromCache?: (found: FoundRun, id: string) => RunModel | null;
  /** The walk of the folder, when it was started earlier (it needs nothing the scan waits for): its runs are taken in the order found. */
  discovery?: Promise<Discovery>;
}

/** What the first scan did, for `/api/health` and the bench. */
export interface ScanStats {
  /** Scenario folders read from disk. */
  read: number;
  /** Scenarios that joined from the index cache, unread (the audit after the scan checks them). */
  reused: number;
  /** Runs that joined from the index cache. */
  cachedRuns: number;
  /** Resolves once what follows the scan is done: the audit of cached runs against the disk, and the cache written. */
  settled: Promise<void>;
  /** The audit that followed a scan from the cache: how long, how many scenarios it repaired (`null` while under way, or none). */
  audit: { ms: number; repaired: number } | null;
  /** When the index cache was last written after the scan (epoch ms), `null` before. */
  savedAt: number | null;
}

export async function scanRoot(index: ResultsIndex, options: ScanOptions = {}): Promise<ScanStats> {
  const started = performance.now();
  const progress = { done: 0, total: 0 };
  index.indexing = progress;
  const stats: ScanStats = { read: 0, reused: 0, cachedRuns: 0, settled: Promise.resolve(), audit: null, savedAt: null };
  let reported = 0;
  // `quiet`: runs from the index cache count without a line each (a restart logs only its total).
  const tick = (n: number, quiet = false) => {
    progress.done += n;
    if (quiet) return;
    if (options.onProgress && (progress.done - reported >= 500 || progress.done === progress.total)) {
      reported = progress.done;
      options.onProgress(progress);
    }
  };
  // Runs are read one after the other as the walk finds them: the reads are synchronous, so
  // reading two at once would gain nothing.
  let queue = Promise.resolve();
  const onRun = (f: FoundRun) => {
    const id = runIdOf(index.root, f.dir);
    const cached = options.fromCache?.(f, id) ?? null;
    if (cached) {
      progress.total += cached.scenarioCount;
      stats.cachedRuns++;
      stats.reused += cached.scenarioCount;
      index.addRun(cached);
      tick(cached.scenarioCount, true);
      return;
    }
    const listing = listingOf(f.entries);
    progress.total += listing.scenarios.length;
    queue = queue.then(async () => {
      index.addRun(await loadRun(index.root, f, await readLevelOf(f), () => tick(1)));
      stats.read += listing.scenarios.length;
    });
  };
  const found = options.discovery ? replay(await options.discovery, onRun) : await discoverRuns(index.root, index.root, onRun);
  await queue;
  index.setRootProblems(rootProblemsOf(found));
  index.indexing = null;
  index.scanMs = performance.now() - started;
  index.scannedAt = Date.now();
  index.announce({ runs: [...index.runs.keys()] });
  return stats;
}

/** A walk made earlier, told run by run as if it were under way. */
function replay(found: Discovery, onRun: (f: FoundRun) => void): Discovery {
  for (const f of found.runs) onRun(f);
  return found;
}
