import { expect, test } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { healthWhile } from "../helpers/health-probe.ts";
import { LONG_TEXTS_RUN, writeLongTextsRun } from "../helpers/heavy-views.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

/*
 * Issue 54: answers bounded in bytes whatever the results hold. A run of 60 scenarios whose
 * metrics.json each hold a 1 MB `stop_reason` (legal: a harness can write a traceback there): its
 * page was 126 MB, `…/scenarios?limit=100` 63 MB, and one MCP batch of 10 `list_scenarios` 525 MB
 * (a batch of 100 ran the heap out). Each now stays under 5 MB, `/api/health` within 1 s meanwhile.
 */

const MB = 1024 * 1024;
let tmp: string;
let dashboard: Dashboard;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  tmp = await mkdtemp(path.join(tmpdir(), "ved-bounded-e2e-"));
  const root = path.join(tmp, "results");
  await writeLongTextsRun(root, 60);
  dashboard = await startDashboard(root);
  await expect.poll(async () => (await dashboard.health()).watching, { message: "the watcher live", timeout: 120_000 }).toBe(true);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("the run page, the scenarios API and a scenario's page stay under 5 MB, /api/health within 1 s meanwhile", async () => {
  test.setTimeout(120_000);
  const pages = [`/runs/${LONG_TEXTS_RUN}`, `/api/runs/${LONG_TEXTS_RUN}/scenarios?limit=100`, `/runs/${LONG_TEXTS_RUN}/scenarios/tau2_retail__3`];
  // A route's first answer loads its modules (Next's own second or so of one thread), which is not what is measured here.
  for (const at of pages) await (await fetch(new URL(at, dashboard.url))).arrayBuffer();
  for (const at of pages) {
    const r = await healthWhile(dashboard.url, at, { timeoutMs: 60_000 });
    expect(r.status, at).toBe(200);
    expect(r.bytes, `${at}: ${r.bytes} bytes`).toBeLessThanOrEqual(5 * MB);
    if (at.includes("/scenarios/")) continue;
    expect(r.healthMaxMs, `the slowest /api/health answer while ${at} was made`).toBeLessThan(1000);
  }
});

test("the run page shows a long stop reason's start", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(new URL(`/runs/${LONG_TEXTS_RUN}`, dashboard.url).href);
  await expect(page.getByText(/Traceback line 0\.0:/).first()).toBeVisible({ timeout: 30_000 });
});

test("one MCP batch of 20 list_scenarios answers every call under 5 MB, /api/health within 1 s meanwhile", async () => {
  test.setTimeout(120_000);
  const calls = Array.from({ length: 20 }, (_, i) => ({
    jsonrpc: "2.0",
    id: i + 1,
    method: "tools/call",
    params: { name: "list_scenarios", arguments: { run: LONG_TEXTS_RUN } },
  }));
  let done = false;
  let healthMaxMs = 0;
  const poll = (async () => {
    while (!done) {
      const t = performance.now();
      await (await fetch(new URL("/api/health", dashboard.url))).arrayBuffer();
      healthMaxMs = Math.max(healthMaxMs, performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const res = await fetch(new URL("/mcp", dashboard.url), {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    body: JSON.stringify(calls),
  });
  const body = await res.text();
  done = true;
  await poll;
  expect(res.status).toBe(200);
  expect(Buffer.byteLength(body)).toBeLessThanOrEqual(5 * MB);
  const answers = JSON.parse(body) as Array<{ id: number; result: { isError?: boolean; structuredContent: { rows: unknown[] } } }>;
  expect(answers).toHaveLength(20);
  for (const a of answers) expect(a.result.isError ?? false).toBe(false);
  expect(healthMaxMs).toBeLessThan(1000);
  expect((await dashboard.health()).watching).toBe(true);
});
