import { getStore } from "@/lib/server/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Liveness and a few gauges for scripts and load tests. */
export function GET() {
  const { index, live } = getStore();
  let scenarios = 0;
  for (const run of index.runs.values()) scenarios += run.scenarios.size;
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
      rssMb: Math.round(memory.rss / 2 ** 20),
      heapMb: Math.round(memory.heapUsed / 2 ** 20),
    },
    { headers: { "cache-control": "no-store" } },
  );
}
