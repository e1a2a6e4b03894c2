/**
 * Reading runs into the model: a whole run (first scan, a run found live), one scenario, the run-level
 * files, and the audit that compares a run folder's listing and files with what the model holds.
 * Every change goes through `ResultsIndex.apply` (or `RunModel.apply` before the run is indexed).
 */
import "server-only";
import { join } from "node:path";
import type { ResultsIndex } from "../model/results-index";
import { RunModel, type RunChange } from "../model/run-model";
import { runIdOf, type FoundRun } from "./discover";
import { readInside } from "./fs-safe";
import { lstatSafeSync } from "./fs-sync";
import { listingOf, listRun, type RunListing } from "./list-run";
import { Limiter, mapLimit, yieldToLoop } from "./pool";
import { readAllMetricsOrder, readRunLevel, type RunLevel } from "./read-run-level";
import { readScenario, searchTextOf } from "./read-scenario";
import { levelSignature, stillSigned } from "./signatures";
import { lastActivityMs } from "./run-activity";

/** Reads from live events and audits share this bound, whatever the burst. */
export const reads = new Limiter(32);

/** A slice of a run's synchronous reads ends after this long, and the event loop runs before the next. */
const READ_SLICE_MS = 12;

/** The run-level files of a found run, with the signature they were read at (taken first: a change during the read shows next time). */
export async function readLevelOf(found: FoundRun): Promise<{ level: RunLevel; signature: string }> {
  const signature = await levelSignature(found.dir, lstatSafeSync);
  return { level: readRunLevel(found.dir, listingOf(found.entries).files), signature };
}

/**
 * A whole run, read into a new model, scenarios in listing order; `tick` after each scenario
 * folder. The reads are synchronous (a few microseconds each for a small file, where a round trip
 * through libuv's pool costs several times that), in slices between which requests are answered.
 */
export async function loadRun(root: string, found: FoundRun, read: { level: RunLevel; signature: string }, tick: () => void = () => {}): Promise<RunModel> {
  const listing = listingOf(found.entries);
  const { level, signature } = read;
  const run = new RunModel(runIdOf(root, found.dir), found.dir, level);
  run.apply({ kind: "run-level", runLevel: level, signature });
  run.apply({ kind: "listing", killedFolders: listing.killed, linked: listing.linked });
  let sliceStarted = performance.now();
  for (const name of listing.scenarios) {
    run.apply({ kind: "scenario", name, read: await readScenario(run.dir, name) });
    tick();
    if (performance.now() - sliceStarted >= READ_SLICE_MS) {
      await yieldToLoop();
      sliceStarted = performance.now();
    }
  }
  run.apply({ kind: "activity", lastActivityMs: await lastActivityMs(run.dir, level) });
  return run;
}

/** Re-reads one scenario folder; returns whether the run changed. */
export async function refreshScenario(index: ResultsIndex, run: RunModel, name: string): Promise<boolean> {
  const read = await reads.run(() => readScenario(run.dir, name, { searchText: run.searchTextsLoaded || !run.finished }));
  const changed = index.apply(run, { kind: "scenario", name, read });
  if (changed && !run.finished) await refreshActivity(index, run);
  return changed;
}

/** The run's last activity from the files' own times (§5.3), not from when we noticed. */
export async function refreshActivity(index: ResultsIndex, run: RunModel): Promise<void> {
  index.apply(run, { kind: "activity", lastActivityMs: await lastActivityMs(run.dir, run.runLevel) });
}

/**
 * Re-reads the listing, and the run-level files when they changed; `null` when the run folder is
 * gone (the run is removed).
 */
export async function refreshRunLevel(index: ResultsIndex, run: RunModel): Promise<RunListing | null> {
  // Synchronous `lstat`s (a few microseconds each, where a trip through libuv's pool costs several
  // times that): an audit of a year of nightly runs makes five per run.
  const listing = lstatSafeSync(run.dir).kind === "dir" ? await listRun(run.dir) : null;
  if (!listing) {
    index.removeRun(run);
    return null;
  }
  const signature = await levelSignature(run.dir, lstatSafeSync);
  const level = signature === run.levelSignature ? run.runLevel : readRunLevel(run.dir, listing.files);
  if (signature !== run.levelSignature) index.apply(run, { kind: "run-level", runLevel: level, signature });
  index.apply(run, { kind: "listing", killedFolders: listing.killed, linked: listing.linked });
  index.apply(run, { kind: "activity", lastActivityMs: await lastActivityMs(run.dir, level) });
  return listing;
}

/**
 * Compares the run folder with the model and repairs what differs: scenario folders that appeared
 * or vanished, and (with `contents`, or for scenarios without a record) any whose files changed
 * since they were read. Cheap when nothing changed: one listing and a few `lstat`s per scenario.
 */
export async function auditRun(index: ResultsIndex, run: RunModel, options: { contents: boolean }): Promise<number> {
  const listing = await refreshRunLevel(index, run);
  if (!listing) return 0;
  const present = new Set(listing.scenarios);
  let repaired = 0;
  for (const name of [...run.scenarioNames()]) {
    if (!present.has(name) && index.apply(run, { kind: "scenario-gone", name })) repaired++;
  }
  const checked = listing.scenarios.filter((name) => {
    if (options.contents) return run.hasScenario(name);
    const known = run.scenarios.get(name);
    return known && (!known.record || known.problems.length > 0);
  });
  const changed = await changedScenarios(run, checked);
  // New folders and changed ones, in listing order (the order a first scan adds them in).
  const stale = listing.scenarios.filter((name) => !run.hasScenario(name) || changed.has(name));
  await mapLimit(stale, 16, async (name) => {
    if (await refreshScenario(index, run, name)) repaired++;
  });
  return repaired;
}

/** A slice of an audit's synchronous `lstat`s ends after this long, and the event loop runs before the next. */
const AUDIT_SLICE_MS = 8;

/**
 * The scenarios among `names` whose files changed since they were read, or that are no longer
 * scenario folders, by `lstat`s of the files their signatures name. The `lstat`s are synchronous,
 * in slices between which requests are answered: an `lstat` of a cached inode costs a few
 * microseconds, a round trip through libuv's pool several times that on the main thread, and an
 * audit of 100,000 scenarios makes more than 100,000 of them.
 */
export async function changedScenarios(run: RunModel, names: readonly string[]): Promise<Set<string>> {
  const changed = new Set<string>();
  let sliceStarted = performance.now();
  for (const name of names) {
    // Looked up at each step: a live event may have re-read the scenario during a yield.
    const known = run.signatureOf(name);
    if (known !== undefined && !(await stillSigned(run.dir, name, known))) changed.add(name);
    if (performance.now() - sliceStarted >= AUDIT_SLICE_MS) {
      await yieldToLoop();
      sliceStarted = performance.now();
    }
  }
  return changed;
}

/** Reads a finished run's `all_metrics.json` order once (only the summary text's order depends on it). */
export async function loadOrder(index: ResultsIndex, run: RunModel): Promise<void> {
  if (!run.needsOrder) return;
  const revision = run.revision;
  const read = readAllMetricsOrder(run.dir);
  // Something else changed meanwhile: the next lookup reads it again.
  if (run.revision !== revision || !run.needsOrder) return;
  const change: RunChange = { kind: "order", order: read.order, problems: read.problems };
  if (index.runs.get(run.id) === run) index.apply(run, change);
  else run.apply(change);
}

/** Judge reasons for the table's text search, read the first time someone searches a run. */
export async function loadSearchTexts(index: ResultsIndex, run: RunModel): Promise<void> {
  if (run.searchTextsLoaded) return;
  const names = [...run.scenarios.values()].filter((s) => s.record && s.searchText === null).map((s) => s.name);
  const texts = new Map<string, string>();
  await mapLimit(names, 16, async (name) => {
    const read = await reads.run(() => readInside(join(run.dir, name), "judge_result.json"));
    texts.set(name, read.text === null ? "" : searchTextOf(read.text));
  });
  index.apply(run, { kind: "search-texts", texts });
}
