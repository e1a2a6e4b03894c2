import { expect, test } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { healthWhile } from "../helpers/health-probe.ts";
import { PROMPT_BASE_RUN, PROMPT_OTHER_RUN, REASONS_RUN, writePromptRuns, writeReasonsRun } from "../helpers/heavy-views.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

/*
 * Issue 42: no view runs unbounded work on the server's one thread. On the real server, while the
 * heaviest views compute, `/api/health` answers within 1 s: the setup diff of ten scenarios whose
 * ~100 KB prompt (a JSON menu) changed (45–81 s with health blocked throughout, before), and the
 * failure themes of 20,000 failing scenarios with random 40–80-word reasons (111–118 s, 12 MB of
 * one-item themes, before).
 */

/** Reasons in another script than Latin, beside the random ones: in no theme, and counted. */
const NON_LATIN = Array.from({ length: 30 }, (_, i) => (i % 2 ? "Агент не подтвердил отмену заказа." : "代理没有确认就取消了订单。"));

let tmp: string;
let dashboard: Dashboard;

test.beforeAll(async () => {
  // 20,000 scenario folders written, then the server's first scan of them.
  test.setTimeout(300_000);
  tmp = await mkdtemp(path.join(tmpdir(), "ved-heavy-e2e-"));
  const root = path.join(tmp, "results");
  await writePromptRuns(root, 10, 100);
  await writeReasonsRun(root, 20_000, NON_LATIN);
  dashboard = await startDashboard(root);
  await expect.poll(async () => (await dashboard.health()).watching, { message: "the watcher live, its catch-up done", timeout: 120_000 }).toBe(true);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("the setup diff of ten changed 100 KB prompts answers in bounded time, /api/health within 1 s meanwhile", async () => {
  test.setTimeout(180_000);
  const r = await healthWhile(dashboard.url, `/api/setup?base=${PROMPT_BASE_RUN}&run=${PROMPT_OTHER_RUN}`, { timeoutMs: 120_000 });
  expect(r.status).toBe(200);
  const diff = JSON.parse(r.body) as { prompts: Array<{ file: string; changed: number; edits: Array<{ unshown?: string; scenarios: string[] }> }> };
  const agent = diff.prompts.find((p) => p.file === "agent_prompt.txt");
  expect(agent?.changed).toBe(10);
  // Ten distinct pairs, each too different to show line by line, each said so with its count.
  expect(agent?.edits).toHaveLength(10);
  for (const e of agent?.edits ?? []) expect(e.unshown).toMatch(/^too different to show line by line: [\d,]+ lines changed$/);
  expect(r.healthPolls).toBeGreaterThan(0);
  expect(
    r.healthMaxMs,
    `the slowest /api/health answer while the setup diff computed (${r.healthPolls} polls, the diff took ${Math.round(r.ms)} ms)`,
  ).toBeLessThan(1000);
});

test("the compare page shows a prompt too different to show line by line, and says so", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(new URL(`/compare?base=${PROMPT_BASE_RUN}&runs=${PROMPT_OTHER_RUN}`, dashboard.url).href);
  await expect(page.getByTestId("setup-line-diff-unshown").first()).toContainText(/Too different to show line by line: [\d,]+ lines changed/, {
    timeout: 60_000,
  });
});

test("the failure themes of 20,000 random reasons answer in bounded time and size, /api/health within 1 s meanwhile", async () => {
  test.setTimeout(240_000);
  const r = await healthWhile(dashboard.url, `/api/themes?run=${REASONS_RUN}`, { timeoutMs: 180_000 });
  expect(r.status, r.body.slice(0, 300)).toBe(200);
  const body = JSON.parse(r.body) as { themes: unknown[]; reasons: number; unthemed: { reasons: number; withoutWords: number } };
  expect(body.reasons).toBe(20_030);
  expect(body.themes.length).toBeLessThanOrEqual(50);
  expect(body.unthemed.withoutWords).toBe(30);
  expect(body.unthemed.reasons).toBeGreaterThan(19_000);
  // 12 MB of one-item themes before.
  expect(r.bytes).toBeLessThan(1_000_000);
  expect(
    r.healthMaxMs,
    `the slowest /api/health answer while the themes were made (${r.healthPolls} polls, the themes took ${Math.round(r.ms)} ms)`,
  ).toBeLessThan(1000);
});

test("the change of themes between two runs with 20,000 random reasons on one side: bounded, /api/health within 1 s meanwhile", async () => {
  test.setTimeout(240_000);
  const r = await healthWhile(dashboard.url, `/api/themes?run=${REASONS_RUN}&base=${PROMPT_BASE_RUN}`, { timeoutMs: 180_000 });
  expect(r.status, r.body.slice(0, 300)).toBe(200);
  const body = JSON.parse(r.body) as { changes: unknown[]; counts: Record<string, number>; unthemed: { other: { reasons: number; withoutWords: number } } };
  expect(body.changes.length).toBeLessThanOrEqual(50);
  expect(body.unthemed.other.withoutWords).toBe(30);
  expect(r.bytes).toBeLessThan(1_000_000);
  expect(
    r.healthMaxMs,
    `the slowest /api/health answer while the change of themes was made (${r.healthPolls} polls, it took ${Math.round(r.ms)} ms)`,
  ).toBeLessThan(1000);
});
