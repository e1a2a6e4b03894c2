/**
 * A compare in progress gives up once the server is asked to stop (issue 54): Next's graceful stop
 * waits for the requests in flight, and a compare of two large runs held the server for minutes past
 * its SIGTERM. Marked as `live/graceful-stop.ts` marks it at a signal; in a file of its own, since
 * the mark is the process's for good.
 */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareRoute } from "@/lib/server/http/api";
import { closeStore, type Store } from "@/lib/server/live/store";
import { markStopping, stoppingSignal } from "@/lib/server/stopping";
import { COMPARE_BASE_RUN, COMPARE_OTHER_RUN, writeCompareRuns } from "../../helpers/heavy-views";
import { tempDir } from "../../helpers/run-builder";
import { settledStore } from "../../helpers/settled-store";

let root: string;
let state: string;
let store: Store;

beforeAll(async () => {
  root = await tempDir("ved-compare-stop-");
  state = await tempDir("ved-compare-stop-state-");
  await writeCompareRuns(root, 300);
  await closeStore(await settledStore(root, state));
  store = await settledStore(root, state);
}, 60_000);

afterAll(async () => {
  if (store) await closeStore(store);
  await rm(root, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

const compare = () => compareRoute(store, new Request(`http://localhost/api/compare?base=${COMPARE_BASE_RUN}&runs=${COMPARE_OTHER_RUN}`));

describe("a compare when the server stops", () => {
  it("answers while the server runs, and gives up with 503 once it stops", async () => {
    expect((await compare()).status).toBe(200);
    // Another pair of revisions' compare (the cached answer is for 10 s): computed anew, stopped at its first step.
    await new Promise((r) => setTimeout(r, 10_000 - (Date.now() % 10_000) + 10));
    const inFlight = compare();
    markStopping("SIGTERM");
    expect(stoppingSignal().aborted).toBe(true);
    const res = await inFlight;
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/stopping/);
  }, 30_000);
});
