/**
 * The bundled example, page by page, as a new user meets it (issue 33): the run page opens on the
 * failing scenarios inside the first viewport and stays short, the runs list says when each run ran,
 * the trends' judge line is drawn although a run has a NaN judge score, and no page of the example
 * logs a console error or shows a NaN. Screenshots go to test-output/ for a person to look at.
 */
import { expect, test, type Page } from "@playwright/test";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

const EXAMPLE = fileURLToPath(new URL("../../examples/results", import.meta.url));
const SHOTS = fileURLToPath(new URL("../../test-output/", import.meta.url));
const WAIT = { timeout: 20_000 };

let tmp: string;
let dashboard: Dashboard;
let runs: string[];

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-smoke-"));
  const resultsDir = path.join(tmp, "results");
  // The example ships with the repository: a missing one is a failure, not an empty folder.
  await cp(EXAMPLE, resultsDir, { recursive: true });
  // Runs at the top and one folder down (the nightly suite: nightly/eval_…): a run folder has run_args.json.
  runs = [];
  for (const e of await readdir(resultsDir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    if (existsSync(path.join(resultsDir, e.name, "run_args.json"))) runs.push(e.name);
    else for (const n of await readdir(path.join(resultsDir, e.name), { withFileTypes: true })) if (n.isDirectory()) runs.push(`${e.name}/${n.name}`);
  }
  runs.sort();
  expect(runs.length).toBeGreaterThanOrEqual(18);
  dashboard = await startDashboard(resultsDir);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** Collects console errors and failed page errors while `fn` runs. */
async function noErrors(page: Page, what: string, fn: () => Promise<void>): Promise<void> {
  const errors: string[] = [];
  const onConsole = (m: import("@playwright/test").ConsoleMessage) => void (m.type() === "error" && errors.push(m.text()));
  const onError = (e: Error) => void errors.push(e.message);
  page.on("console", onConsole);
  page.on("pageerror", onError);
  try {
    await fn();
  } finally {
    page.off("console", onConsole);
    page.off("pageerror", onError);
  }
  expect(errors, `console errors on ${what}`).toEqual([]);
}

async function settled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator("h1").first()).toBeVisible(WAIT);
  await page.waitForLoadState("networkidle", WAIT);
  // A NaN shown as a figure ("NaN", "NaN%", "NaN ms"); the words that explain judge errors aside.
  const text = (await page.locator("main, body").first().innerText()).replace(/judge errors? \(NaN[^)]*\)|NaN scores?|holding a NaN|\(NaN\)/g, "");
  expect(text, `no NaN shown on ${url}`).not.toMatch(/\bNaN\b/);
}

test("the run page opens on the failing scenarios inside the first viewport, and stays within three viewports", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const run of runs) {
    await page.goto(`${dashboard.url}runs/${encodeURIComponent(run)}`);
    const first = page.locator('[data-testid="scenario-scroll"] tbody tr[role="row"]').first();
    await expect(first, `${run}: the table's first row`).toBeVisible(WAIT);
    const box = (await first.boundingBox())!;
    expect(box.y + box.height, `${run}: first row bottom`).toBeLessThanOrEqual(900);
    // Failures first: no passing row before a failing one.
    const marks = await page
      .locator('[data-testid="scenario-scroll"] tbody tr[role="row"] td:nth-child(3)')
      .evaluateAll((tds) => tds.map((td) => (td.querySelector(".scn-fail") ? "F" : td.querySelector(".scn-pass") ? "P" : "N")).join(""));
    expect(marks, `${run}: verdicts in order`).toMatch(/^F*N*P*$/);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, `${run}: default view height`).toBeLessThanOrEqual(2700);
  }
  await page.goto(`${dashboard.url}runs/${encodeURIComponent(runs[0]!)}`);
  await page.screenshot({ path: path.join(SHOTS, "example-run-page-1440.png"), fullPage: true });
});

test("every page of the example: no console error, no NaN", async ({ page }) => {
  // 18 runs (4 at the top, 14 nightly): every tab of the top-level runs and of one night; the other nights' run page and a scenario.
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await noErrors(page, "the runs list", () => settled(page, dashboard.url));
  await page.screenshot({ path: path.join(SHOTS, "example-runs-list-1440.png"), fullPage: true });
  const tabs = ["signals", "latency", "stages", "domains", "tokens", "audio", "triage", "summary", "history"];
  const nights = runs.filter((r) => r.startsWith("nightly/"));
  for (const run of runs) {
    await noErrors(page, run, () => settled(page, `${dashboard.url}runs/${encodeURIComponent(run)}`));
    const everyTab = !nights.includes(run) || run === nights[0];
    if (everyTab)
      for (const tab of tabs) await noErrors(page, `${run} ${tab}`, () => settled(page, `${dashboard.url}runs/${encodeURIComponent(run)}?tab=${tab}`));
    const scenario = await page.locator('[data-testid="scenario-scroll"] tbody tr[role="row"] a').first().getAttribute("href");
    await noErrors(page, `a scenario of ${run}`, () => settled(page, `${dashboard.url.replace(/\/$/, "")}${scenario}`));
  }
  await noErrors(page, "compare", () => settled(page, `${dashboard.url}compare?base=${encodeURIComponent(runs[0]!)}&runs=${encodeURIComponent(runs[1]!)}`));
  await noErrors(page, "trends", () => settled(page, `${dashboard.url}trends`));
  await page.screenshot({ path: path.join(SHOTS, "example-trends-1440.png"), fullPage: true });
});

test("the runs list says when each run ran; trends draw the judge line over a NaN run", async ({ page }) => {
  await page.goto(dashboard.url);
  for (const run of runs) {
    const base = run.slice(run.lastIndexOf("/") + 1);
    const stamp = `${base.slice(5, 9)}-${base.slice(9, 11)}-${base.slice(11, 13)}`;
    await expect(page.locator(`tr[data-run-id="${run}"]`).getByTestId("run-started"), `${run} started`).toContainText(stamp, WAIT);
  }
  await page.goto(`${dashboard.url}trends`);
  const judge = page
    .locator('figure[data-chart="Judge score mean"] path.stroke-sky-600, figure[data-chart="Judge score mean"] path[class*="stroke-sky-600"]')
    .first();
  await expect(judge, "the judge line").toHaveAttribute("d", /^M\d+ \d+(L\d+ \d+)+$/, WAIT);
});
