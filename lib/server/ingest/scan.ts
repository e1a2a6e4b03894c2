/**
 * The first scan: every run under the results folder read once into the index. Scenario folders
 * are read by worker threads in buckets (see `scan-pool`, `snapshot`); the main thread lists the
 * runs, reads their run-level files, and applies what the workers hand back, so it keeps answering
 * requests meanwhile. A run joins the index once all its buckets are in.
 */
import "server-only";
import type { ResultsIndex } from "../model/results-index";
import { RunModel } from "../model/run-model";
import { discoverRuns, relistRun, runIdOf, type FoundRun } from "./discover";
import { MAX_RUN_DEPTH } from "./layout";
import { listingOf, type RunListing } from "./list-run";
import { decodeBucket, type ReadEntry } from "./bucket-codec";
import { Limiter } from "./pool";
import type { ScenarioRead } from "./read-scenario";
import { lastActivityMs } from "./run-activity";
import { readHere, ScanPool, workerBundle, type BucketRead } from "./scan-pool";
import { bucketCountOf, bucketOf, levelName, loadRunDirs, pruneSnapshot, RUN_DIRS_FILE, shardName, timingName, writeRunDirs } from "./snapshot";
import { storedScenarios } from "./stored-scenarios";

export interface ScanOptions {
  onProgress?: (p: { done: number; total: number }) => void;
  /** The persisted index's folder (in the state folder); `null`: none. */
  snapshotDir?: string | null;
  /** The worker bundle; by default the CLI's (see `workerBundle`), `null` reads on the main thread. */
  bundle?: string | null;
}

/** What the last first scan did, for `/api/health` and the bench. */
export interface ScanStats {
  threads: number;
  /** Scenario folders read from disk; the others were reused from the snapshot. */
  read: number;
  reused: number;
  /**
   * Runs whose reading started from the last scan's list, before the walk found them: `joined` the
   * index, `dropped` were read for nothing (the walk did not find them there).
   */
  early: { joined: number; dropped: number };
  /** Shards of the snapshot written after the scan (`null` while that is under way). */
  written: number | null;
  problems: string[];
  /** Files of the snapshot removed after the scan: buckets and runs it no longer has. */
  pruned: number;
  /** Resolves once the snapshot is written and the workers are gone. */
  settled: Promise<void>;
}

export async function scanRoot(index: ResultsIndex, options: ScanOptions = {}): Promise<ScanStats> {
  const started = performance.now();
  const snapshotDir = options.snapshotDir ?? null;
  const lastRuns = snapshotDir ? loadRunDirs(snapshotDir) : [];
  // Started first: the workers boot while the folder is listed.
  const pool = new ScanPool(options.bundle === undefined ? workerBundle() : options.bundle, { snapshotDir, firstStart: lastRuns.length === 0 });
  const progress = { done: 0, total: 0 };
  index.indexing = progress;
  const stats: ScanStats = { threads: pool.threads, read: 0, reused: 0, early: { joined: 0, dropped: 0 }, written: null, problems: [], pruned: 0, settled: Promise.resolve() };
  let reported = 0;
  const used = new Set<string>();

  /** One run read: its model, how many of its folders were read from disk and how many reused, and the snapshot files it uses. */
  interface RunScan {
    run: RunModel;
    read: number;
    reused: number;
    /** Scenario folders listed (what the progress counts). */
    listed: number;
    files: string[];
  }

  /** One run: its buckets and run-level files go to the workers; the model is made once all are back. */
  const scanRun = async (f: FoundRun, listing: RunListing): Promise<RunScan> => {
    const names = listing.scenarios;
    const buckets = bucketCountOf(names.length);
    const byBucket: string[][] = Array.from({ length: buckets }, () => []);
    for (const name of names) byBucket[bucketOf(name, buckets)]?.push(name);
    // Queued first, so the workers start while the run-level files are read here.
    const reads = byBucket.map((bucketNames, bucket) => pool.read({ runDir: f.dir, buckets, bucket }, bucketNames));
    const files = [levelName(f.dir), timingName(f.dir), ...byBucket.map((_, bucket) => shardName({ runDir: f.dir, buckets, bucket }))];
    const run = await startRun(index.root, f, listing, pool);
    const answers: BucketRead[] = [];
    const counts = { read: 0, reused: 0 };
    for (const pending of reads) {
      const bucket = await pending;
      answers.push(bucket);
      const count = bucket.kind === "read" ? bucket.reads.length : bucket.bucket.names.length;
      const fresh = bucket.kind === "read" ? bucket.fresh : 0;
      counts.read += fresh;
      counts.reused += count - fresh;
      progress.done += count;
      if (options.onProgress && (progress.done - reported >= 500 || progress.done === progress.total)) {
        reported = progress.done;
        options.onProgress(progress);
      }
    }
    const stored = answers.flatMap((b) => (b.kind === "unchanged" ? [b.bucket] : []));
    // A run the snapshot has whole keeps its reads encoded until a page needs them (see `stored-scenarios`).
    if (names.length > 0 && stored.length === answers.length) run.apply({ kind: "stored-scenarios", stored: storedScenarios(names, stored) });
    else {
      const byName = new Map<string, ScenarioRead>();
      for (const bucket of answers) for (const [name, read] of await readsOf(f.dir, bucket)) byName.set(name, read);
      // In listing order, as a live read would have added them.
      for (const name of names) run.apply({ kind: "scenario", name, read: byName.get(name) as ScenarioRead });
    }
    run.apply({ kind: "activity", lastActivityMs: await lastActivityMs(run.dir, run.runLevel) });
    return { run, ...counts, listed: names.length, files };
  };

  // Each run is read as soon as it is found, eight at a time; the total grows as runs are found.
  const runs = new Limiter(8);
  const reading = new Map<string, Promise<RunScan | null>>();
  const start = (f: FoundRun): Promise<RunScan> => {
    const listing = listingOf(f.entries);
    progress.total += listing.scenarios.length;
    return runs.run(() => scanRun(f, listing));
  };
  // The runs the last scan found start at once: on a restart, the walk's listing of every folder
  // below the root is most of its first 200 ms at 100,000 scenarios, while the workers would wait.
  // Such a run joins the index only if the walk finds it too.
  // Their listings serve the walk too.
  const relisted = new Map<string, Promise<FoundRun | null>>();
  for (const dir of lastRuns) relisted.set(dir, relistRun(index.root, dir));
  for (const [dir, listing] of relisted) reading.set(dir, listing.then((f) => (f ? start(f) : null)));
  const joined: Array<Promise<void>> = [];
  const confirmed = new Set<string>();
  const found = await discoverRuns(index.root, index.root, (f) => {
    confirmed.add(f.dir);
    const early = reading.get(f.dir);
    joined.push(
      (early ?? start(f)).then(async (scan) => {
        // Listed early but gone from there when the reading started: read as the walk found it.
        const done = scan ?? (await start(f));
        if (early && scan) stats.early.joined++;
        index.addRun(done.run);
        stats.read += done.read;
        stats.reused += done.reused;
        for (const file of done.files) used.add(file);
      }),
    );
  }, relisted);
  // Read early for nothing (no longer a run there): not shown, not counted.
  for (const [dir, early] of reading) {
    if (confirmed.has(dir)) continue;
    joined.push(
      early.then((scan) => {
        if (!scan) return;
        stats.early.dropped++;
        progress.total -= scan.listed;
        progress.done -= scan.listed;
      }),
    );
  }
  index.setRootProblems(found.tooDeep.map((path) => ({ path, message: `a run folder below the ${MAX_RUN_DEPTH}-folder depth limit is not shown` })));
  await Promise.all(joined);
  index.indexing = null;
  index.scanMs = performance.now() - started;
  index.scannedAt = Date.now();
  index.announce({ runs: [...index.runs.keys()] });
  if (snapshotDir) {
    used.add(RUN_DIRS_FILE);
  }
  // The snapshot is written after the index is complete, by the workers, off this thread.
  stats.settled = pool
    .flush()
    .then(async (flushed) => {
      stats.written = flushed.written;
      stats.problems = flushed.problems;
      if (!snapshotDir) return;
      try {
        writeRunDirs(snapshotDir, [...index.runs.values()].map((run) => run.dir));
      } catch (error) {
        stats.problems.push((error as Error).message);
      }
      stats.pruned = await pruneSnapshot(snapshotDir, used);
    })
    .finally(() => pool.close());
  return stats;
}

/** A bucket's reads: decoded when the snapshot had it whole, or read here when that does not decode. */
async function readsOf(runDir: string, bucket: BucketRead): Promise<ReadEntry[]> {
  if (bucket.kind === "read") return bucket.reads;
  return decodeBucket(bucket.bucket) ?? (await readHere(runDir, bucket.bucket.names));
}

async function startRun(root: string, f: FoundRun, listing: RunListing, pool: ScanPool): Promise<RunModel> {
  const { level, signature } = await pool.level(f.dir, listing.files);
  const run = new RunModel(runIdOf(root, f.dir), f.dir, level);
  run.apply({ kind: "run-level", runLevel: level, signature });
  run.apply({ kind: "listing", killedFolders: listing.killed, linked: listing.linked });
  return run;
}
