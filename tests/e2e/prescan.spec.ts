/**
 * The first scan ahead of the server (issue 46), through the command a user types: the command's
 * worker thread reads the folder into the index cache while Next boots, the server starts from the
 * cache (reading no folder itself), and lists every run; a restart's command scan finds everything in
 * the cache. A state folder that cannot hold a cache: the server reads the folder itself, and says why.
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { expect, test } from "@playwright/test";
import { writeGenerated } from "../helpers/generated.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { tempResults, type TempResults } from "./runs-fixtures.ts";

const RUNS = 24;
const SCENARIOS = 5;

let dir: TempResults;
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  dir = await tempResults("prescan");
  await writeGenerated(dir.results, {
    seed: 46,
    runs: Array.from({ length: RUNS }, (_, i) => ({
      name: `nightly/eval_202611${String(i + 1).padStart(2, "0")}_020000`,
      scenarios: SCENARIOS,
      domains: ["tau2_retail", "qa"],
      lean: true,
      audio: false,
    })),
  });
});
test.afterAll(async () => {
  await dir?.cleanup();
});

interface Health {
  prescan: { ok: boolean; problem: string | null; read: number; reused: number } | null;
  scan: { read: number; reused: number; cachedRuns: number } | null;
}

async function listed(d: Dashboard): Promise<Health> {
  await expect
    .poll(
      async () => {
        const body = (await (await fetch(`${d.url}api/runs`)).json()) as { runs: unknown[]; indexing?: unknown };
        return !body.indexing && body.runs.length;
      },
      { timeout: 60_000, message: "every run listed" },
    )
    .toBe(RUNS);
  return (await (await fetch(`${d.url}api/health`)).json()) as Health;
}

test("the command reads the folder into the index cache while Next boots; the server starts from it", async () => {
  const state = mkdtempSync(join(tmpdir(), "ved-e2e-prescan-state-"));
  const first = await startDashboard(dir.results, { VOICE_EVAL_STATE_DIR: state });
  try {
    const health = await listed(first);
    expect(health.prescan).toMatchObject({ ok: true, problem: null, read: RUNS * SCENARIOS, reused: 0 });
    expect(health.scan, "the server read no folder itself").toMatchObject({ read: 0, reused: RUNS * SCENARIOS, cachedRuns: RUNS });
    expect(first.output()).toContain(`read ${RUNS * SCENARIOS} scenario folder(s) into the index cache`);
  } finally {
    await first.stop();
  }
  const again = await startDashboard(dir.results, { VOICE_EVAL_STATE_DIR: state });
  try {
    const health = await listed(again);
    expect(health.prescan, "a restart: everything was in the cache").toMatchObject({ ok: true, read: 0, reused: RUNS * SCENARIOS });
    expect(health.scan).toMatchObject({ read: 0, cachedRuns: RUNS });
  } finally {
    await again.stop();
  }
});

test("an index cache that cannot be opened: the server reads the folder itself and lists every run", async () => {
  // A folder where the cache's file should be: SQLite cannot open it (the ledger beside it still can).
  const state = mkdtempSync(join(tmpdir(), "ved-e2e-prescan-bad-"));
  mkdirSync(join(state, "index-cache.sqlite"));
  const d = await startDashboard(dir.results, { VOICE_EVAL_STATE_DIR: state });
  try {
    const health = await listed(d);
    expect(health.prescan?.ok).toBe(false);
    expect(health.prescan?.problem).toEqual(expect.any(String));
    expect(health.scan, "read here").toMatchObject({ read: RUNS * SCENARIOS });
    expect(d.output()).toContain("the server reads the folder itself");
  } finally {
    await d.stop();
  }
});
