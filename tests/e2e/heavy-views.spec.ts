import { expect, test } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { healthWhile } from "../helpers/health-probe.ts";
import { PROMPT_BASE_RUN, PROMPT_OTHER_RUN, writePromptRuns } from "../helpers/heavy-views.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

/*
 * Issue 42: no view runs unbounded work on the server's one thread. On the real server, while the
 * heaviest views compute, `/api/health` answers within 1 s: the setup diff of ten scenarios whose
 * ~100 KB prompt (a JSON menu) changed (45–81 s with health blocked throughout, before).
 */

let tmp: string;
let dashboard: Dashboard;

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-heavy-e2e-"));
  const root = path.join(tmp, "results");
  await writePromptRuns(root, 10, 100);
  dashboard = await startDashboard(root);
  await expect.poll(async () => (await dashboard.health()).watching, { message: "the watcher live, its catch-up done", timeout: 60_000 }).toBe(true);
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
  expect(r.healthMaxMs, `the slowest /api/health answer while the setup diff computed (${r.healthPolls} polls, the diff took ${Math.round(r.ms)} ms)`).toBeLessThan(1000);
});

test("the compare page shows a prompt too different to show line by line, and says so", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(new URL(`/compare?base=${PROMPT_BASE_RUN}&runs=${PROMPT_OTHER_RUN}`, dashboard.url).href);
  await expect(page.getByTestId("setup-line-diff-unshown").first()).toContainText(/Too different to show line by line: [\d,]+ lines changed/, { timeout: 60_000 });
});
