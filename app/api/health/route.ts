import { getStore } from "@/lib/server/live/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Liveness and a few gauges for scripts and load tests. */
export function GET() {
  const { index, live, sync } = getStore();
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
      rssMb: Math.round(memory.rss / 2 ** 20),
      heapMb: Math.round(memory.heapUsed / 2 ** 20),
    },
    { headers: { "cache-control": "no-store" } },
  );
}
