import { readdirSync } from "node:fs";
import { readScenario } from "@/lib/server/ingest/read-scenario";
import { syncIo, syncLevelIo } from "@/lib/server/ingest/fs-sync";
import { readRunLevel } from "@/lib/server/ingest/read-run-level";
import { listingOf } from "@/lib/server/ingest/list-run";
import { discoverRuns } from "@/lib/server/ingest/discover";
const root = process.argv[2] as string;
const t0 = performance.now();
const found = await discoverRuns(root);
const t1 = performance.now();
let n = 0; let lv = 0;
for (const f of found.runs) {
  const listing = listingOf(f.entries);
  const a = performance.now();
  await readRunLevel(f.dir, listing.files, false, false, syncLevelIo);
  lv += performance.now() - a;
  for (const name of listing.scenarios) { await readScenario(f.dir, name, {}, syncIo); n++; }
}
console.log(JSON.stringify({ discover: t1 - t0, total: performance.now() - t0, level: lv, n, rss: process.memoryUsage().rss / 2 ** 20 }));
