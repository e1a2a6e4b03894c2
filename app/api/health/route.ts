import { getStore } from "@/lib/server/live/store";
import { sourceStatus } from "@/lib/server/source/status";
import { timingService } from "@/lib/server/timing/service";
import { workPool } from "@/lib/server/work/pool";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Liveness and a few gauges for scripts and load tests. */
export function GET() {
  const { index, live, sync, scan, cache, caches, notifier, prescan } = getStore();
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
      /**
       * The first scan: folders read, scenarios and runs that joined from the index cache, its time,
       * when it finished (epoch ms), the audit that followed (its time, scenarios repaired) and when
       * the index cache was written after it (epoch ms).
       */
      scan: scan
        ? {
            read: scan.read,
            reused: scan.reused,
            cachedRuns: scan.cachedRuns,
            ms: Math.round(index.scanMs ?? 0),
            finishedAt: index.scannedAt,
            audit: scan.audit && { ms: Math.round(scan.audit.ms), repaired: scan.audit.repaired },
            savedAt: scan.savedAt,
          }
        : null,
      /**
       * The command's scan into the index cache while the server started (issue 46): whether it
       * filled the cache (else the server read the folder itself, and why not), the scenario folders
       * it read and found in the cache, its time; null when the server was not started by the command.
       */
      prescan: prescan && { ok: prescan.ok, problem: prescan.problem, read: prescan.read, reused: prescan.reused, ms: prescan.ms },
      /** Finished runs' scenarios whose states are in memory (the others are in the index cache until a page needs them). */
      loadedScenarios: index.loaded.scenarios,
      /**
       * The index cache in the state folder: its file, its last problem (damaged, locked, full…) or
       * null, the rows dropped for their shape (how many, and the newest named: table, run, why), the
       * build whose rows are used (`CODE_HASH`) and the rows (and saved timing files) another build
       * made, which are recomputed.
       */
      cache: cache
        ? {
            file: cache.file,
            usable: cache.usable,
            problem: cache.problem,
            rejected: cache.rejected,
            build: cache.build,
            // Another build's rows were recomputed by the command's scan before the server opened the cache, or by the server.
            otherBuild: {
              runs: cache.otherBuild.runs + (prescan?.otherBuild.runs ?? 0),
              listItems: cache.otherBuild.listItems + (prescan?.otherBuild.listItems ?? 0),
              trendFacts: cache.otherBuild.trendFacts + (prescan?.otherBuild.trendFacts ?? 0),
              timingFiles: timingService(index).otherBuildFiles,
            },
          }
        : null,
      /** The work pool's worker threads (expensive views off the main thread): threads, jobs running and waiting, done, failed, timed out, refused. */
      work: workPool().stats,
      /** Every in-memory cache of the process: entries, bytes held (sized caches) and the bound. */
      caches: caches.stats(),
      /** `--notify`: URLs (scheme and host only), runs sent and failed, the last failure named; null without --notify. */
      notify: notifier ? notifier.status : null,
      /**
       * An object-storage source (\`s3://bucket/prefix\`, issue 58): its role (\`direct\`, or with
       * --database \`ingester\` / \`follower\`), poll interval, last problem named or null, last passes,
       * objects mirrored, fetched from the store and copied from the shared table; null for a folder.
       */
      source: sourceStatus(),
      rssMb: Math.round(memory.rss / 2 ** 20),
      heapMb: Math.round(memory.heapUsed / 2 ** 20),
    },
    { headers: { "cache-control": "no-store" } },
  );
}
