/**
 * Issue 54's compare of two nights of one suite on the real server (`npm run bench -- --only compare`):
 * 2 × 5,000 and 2 × 10,000 scenarios, each the first (uncached) answer of `/api/compare` after the
 * server started from its index cache (both runs' states only in the cache, as after a restart), with
 * the slowest `/api/health` answer meanwhile (polled every 50 ms; the rule: under 1 s). Against the
 * floor: reading and parsing both runs' metrics.json files once (`floor.mjs`), what any compare
 * from the files costs. Before issue 54 the two runs pushed each other out of memory once per
 * scenario: 2 × 2,500 took a minute, 2 × 10,000 never answered.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { healthWhile } from "../tests/helpers/health-probe";
import { COMPARE_BASE_RUN, COMPARE_OTHER_RUN, writeCompareRuns } from "../tests/helpers/heavy-views";

export interface CompareBenchDeps {
  out: string;
  report(label: string, value: string): void;
  startServer(dir: string, stateDir?: string): Promise<{ url: string; child: ChildProcess }>;
  stopServer(child: ChildProcess): void;
  /** The floor of reading the folder's files once, in ms. */
  floorMs(dir: string): number;
}

/** The suites measured, scenarios per run. */
const SIZES = [5_000, 10_000];

export async function compareFigures({ out, report, startServer, stopServer, floorMs }: CompareBenchDeps): Promise<void> {
  for (const n of SIZES) {
    const root = join(out, `compare-2x${n}-v1`);
    if (!existsSync(`${root}.done`)) {
      console.log(`writing two runs of ${n.toLocaleString("en-US")} scenarios…`);
      mkdirSync(root, { recursive: true });
      await writeCompareRuns(root, n);
      writeFileSync(`${root}.done`, new Date().toISOString());
    }
    const floor = floorMs(root);
    // Started twice: the first start reads the folder into the index cache; the second starts from it,
    // its runs' states left in the cache until asked for (a restart, the everyday case).
    const state = mkdtempSync(join(tmpdir(), "ved-bench-compare-state-"));
    const started = await startServer(root, state);
    const exited = new Promise((resolve) => started.child.once("exit", resolve));
    stopServer(started.child);
    await exited;
    const { url, child } = await startServer(root, state);
    try {
      const path = `/api/compare?base=${COMPARE_BASE_RUN}&runs=${COMPARE_OTHER_RUN}`;
      const first = await healthWhile(url, path, { timeoutMs: 600_000 });
      const again = await healthWhile(url, path, { timeoutMs: 600_000 });
      const counts = first.status === 200 ? (JSON.parse(first.body) as { counts: { regressed: number } }).counts : null;
      report(
        `compare of two ${n.toLocaleString("en-US")}-scenario runs of one suite, after a restart (/api/compare)`,
        `${(first.ms / 1000).toFixed(1)} s first (${(first.ms / floor).toFixed(1)}× the floor of ${(floor / 1000).toFixed(1)} s; ${Math.round(again.ms)} ms again), ${(first.bytes / 1024 / 1024).toFixed(1)} MB; /api/health at most ${Math.round(first.healthMaxMs)} ms meanwhile (${first.healthPolls} polls); ${counts ? `${counts.regressed} regressed` : `status ${first.status}`}`,
      );
    } finally {
      stopServer(child);
    }
  }
}
