/**
 * A compare of two finished runs that together pass `LoadedRuns`' bound (issue 54): each run's states
 * come back from the index cache once for the whole compare, where before the two runs pushed each
 * other out of memory once per scenario (2 × 2,500 scenarios: no answer in a minute). Requests are
 * answered while it computes, and the bound holds again once it is done.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareRoute } from "@/lib/server/http/api";
import { closeStore, type Store } from "@/lib/server/live/store";
import { LOADED_SCENARIOS } from "@/lib/server/model/loaded-runs";
import type { CompareResult } from "@/lib/shared/compare";
import { healthWhile } from "../../helpers/health-probe";
import { COMPARE_BASE_RUN, COMPARE_OTHER_RUN, writeCompareRuns } from "../../helpers/heavy-views";
import { tempDir } from "../../helpers/run-builder";
import { settledStore } from "../../helpers/settled-store";

/** Each run holds more than half the bound: together they pass it. */
const N = Math.floor(LOADED_SCENARIOS / 2) + 100;

let root: string;
let state: string;
let store: Store;
let server: Server;
let url: string;

beforeAll(async () => {
  root = await tempDir("ved-compare-held-");
  state = await tempDir("ved-compare-held-state-");
  await writeCompareRuns(root, N);
  // The first store reads the folder and saves both runs; the second starts from the cache, as a restart does.
  await closeStore(await settledStore(root, state));
  store = await settledStore(root, state);
  // The API's compare and a liveness answer on one event loop, as in the server.
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path.startsWith("/api/health")) return void res.end(JSON.stringify({ ok: true, scenarios: store.index.scenarioCount }));
    void compareRoute(store, new Request(new URL(path, "http://localhost"))).then(async (answer) => {
      res.statusCode = answer.status;
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (store) await closeStore(store);
  await rm(root, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

describe("a compare of two runs past the loaded bound", () => {
  it("loads each run's states once, answers other requests meanwhile, and gives the bound back", async () => {
    const base = store.index.runs.get(COMPARE_BASE_RUN)!;
    const other = store.index.runs.get(COMPARE_OTHER_RUN)!;
    expect(base.inMemory).toBe(false);
    expect(other.inMemory).toBe(false);
    const before = { base: base.loads, other: other.loads };

    const answer = await healthWhile(url, `/api/compare?base=${COMPARE_BASE_RUN}&runs=${COMPARE_OTHER_RUN}`, { everyMs: 5 });

    expect(answer.status).toBe(200);
    const result = JSON.parse(answer.body) as CompareResult;
    // Every 7th scenario fails in the other night only.
    expect(result.counts.regressed).toBe(Math.ceil(N / 7));
    expect(result.counts.still_passing).toBe(N - Math.ceil(N / 7));
    expect(result.warnings.map((w) => w.kind)).not.toContain("whitelist");
    expect(base.loads - before.base).toBe(1);
    expect(other.loads - before.other).toBe(1);
    // Liveness answered while the compare was computing, not only after it.
    expect(answer.healthPolls).toBeGreaterThanOrEqual(2);
    // Released: the bound holds again, the newest run kept.
    expect(store.index.loaded.scenarios).toBeLessThanOrEqual(LOADED_SCENARIOS);
    expect(base.inMemory || other.inMemory).toBe(true);
  }, 120_000);
});
