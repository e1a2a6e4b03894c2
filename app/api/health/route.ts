import { getStore } from "@/lib/server/live/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Liveness and a few gauges for scripts and load tests. */
export function GET() {
  const { index, live, sync, scan, cache } = getStore();
  const scenarios = index.scenarioCount;
  const memory = process.memoryUsage();
  return Response.json(
    {
      ok: true,
      version: index.version,
      runs: index.runs.size,
      scenarios,
      listeners: index.listenerCount,
      indexing: index.indexing,
      /** The watcher is up and has caught up with changes made during the first scan. */
      watching: live,
      /** The last audit of the whole folder against the index: when, how long, how many scenarios it repaired. */
      lastAudit: sync.lastFullAudit,
      /** The first scan: worker threads, folders read and reused from the persisted index, its time, when it finished (epoch ms). */
      scan: scan ? { threads: scan.threads, read: scan.read, reused: scan.reused, ms: Math.round(index.scanMs ?? 0), finishedAt: index.scannedAt, snapshotWritten: scan.written } : null,
      /** The index cache in the state folder: its file, and its last problem (damaged, locked, full…) or null. */
      cache: cache ? { file: cache.file, usable: cache.usable, problem: cache.problem } : null,
      rssMb: Math.round(memory.rss / 2 ** 20),
      heapMb: Math.round(memory.heapUsed / 2 ** 20),
    },
    { headers: { "cache-control": "no-store" } },
  );
}
