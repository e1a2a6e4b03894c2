/** The first scan: every run under the results folder read once into the index. */
import "server-only";
import type { ResultsIndex } from "../model/results-index";
import { discoverRuns } from "./discover";
import { MAX_RUN_DEPTH } from "./layout";
import { listingOf } from "./list-run";
import { loadRun, readLevelOf } from "./load-run";

export async function scanRoot(index: ResultsIndex, onProgress?: (p: { done: number; total: number }) => void): Promise<void> {
  const started = performance.now();
  const found = await discoverRuns(index.root);
  index.setRootProblems(found.tooDeep.map((path) => ({ path, message: `a run folder below the ${MAX_RUN_DEPTH}-folder depth limit is not shown` })));
  const progress = { done: 0, total: found.runs.reduce((n, f) => n + listingOf(f.entries).scenarios.length, 0) };
  index.indexing = progress;
  const tick = () => {
    progress.done++;
    if (onProgress && (progress.done % 500 === 0 || progress.done === progress.total)) onProgress(progress);
  };
  // Runs one after another, each with a pool of reads. The next run's run-level files are read
  // while this run's scenarios are, so no run waits on them.
  const readAhead = (i: number): ReturnType<typeof readLevelOf> | null => {
    const f = found.runs[i];
    if (!f) return null;
    const level = readLevelOf(f);
    // Awaited later: a failure surfaces there, not as an unhandled rejection meanwhile.
    level.catch(() => {});
    return level;
  };
  let nextLevel = readAhead(0);
  for (const [i, f] of found.runs.entries()) {
    const level = await (nextLevel as ReturnType<typeof readLevelOf>);
    nextLevel = readAhead(i + 1);
    index.addRun(await loadRun(index.root, f, level, tick));
  }
  index.indexing = null;
  index.scanMs = performance.now() - started;
  index.announce({ runs: [...index.runs.keys()] });
}
