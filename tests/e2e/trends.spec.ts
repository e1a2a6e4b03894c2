import { expect, test } from "@playwright/test";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeTrendSuite, suiteRunName, PLANTED } from "../helpers/trend-suite.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { expectNoPageScroll, VIEWPORTS } from "./helpers/layout.ts";

/*
 * The trends page on a generated suite of 20 runs (40 scenarios) with 10 scenarios that start
 * failing in run 13, plus one run of another suite.
 */

let tmp: string;
let dashboard: Dashboard;
const PLANTED_RUN = suiteRunName(13);
const SETUP_CHANGED_AT = 12;

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-trends-e2e-"));
  await writeTrendSuite(path.join(tmp, "results"));
  // The judge model switched from run 12 on (the planted regression follows in run 13).
  for (let i = SETUP_CHANGED_AT; i < 20; i++) {
    const file = path.join(tmp, "results", suiteRunName(i), "run_args.json");
    const args = JSON.parse(await readFile(file, "utf8")) as { invocations: Array<{ parsed_args: Record<string, unknown> }> };
    for (const inv of args.invocations) inv.parsed_args.judge_model = "judge-model-v2";
    await writeFile(file, JSON.stringify(args, null, 2));
  }
  dashboard = await startDashboard(path.join(tmp, "results"));
  // The index going live bumps its version, and the open page refreshes: a click on a 12×8 px cell
  // during that re-render can miss. These tests are about the trends, so they start once it is live.
  await expect.poll(async () => (await dashboard.health()).watching, { message: "the watcher live, its catch-up done", timeout: 30_000 }).toBe(true);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("the runs list links to trends; the planted regression shows in the run where it was planted; a cell opens that scenario in that run", async ({
  page,
}) => {
  await page.goto(dashboard.url);
  await page.getByRole("link", { name: "Trends across runs →" }).click();
  await expect(page.getByRole("heading", { name: "Trends", level: 1 }), "the trends page").toBeVisible({ timeout: 15_000 });

  // The runs table: one significant drop, on the planted run's row.
  const runsTable = page.getByTestId("trend-runs");
  await expect(runsTable.locator("tbody tr"), "20 runs in the suite").toHaveCount(20, { timeout: 10_000 });
  await expect(runsTable.getByTestId("drop"), "one significant drop").toHaveCount(1, { timeout: 5_000 });
  await expect(runsTable.locator(`tr[data-run="${PLANTED_RUN}"]`).getByTestId("drop"), "the drop is on the planted run").toBeVisible({ timeout: 5_000 });

  // The success chart marks one point in red.
  await expect(page.locator('[data-chart="Overall Success Rate"] circle.fill-red-600'), "one red point in the success chart").toHaveCount(1, {
    timeout: 5_000,
  });

  // The strip, sorted by "first failed in": the planted scenarios on top, first failed in the planted run.
  await page.getByRole("link", { name: "First failed in" }).click();
  await page.waitForURL(/sort=first_failed/, { timeout: 10_000 });
  const strip = page.getByTestId("trend-strip");
  const firstFailed = strip.getByTestId("first-failed");
  await expect(firstFailed.first(), "top row first failed in the planted run").toHaveText(PLANTED_RUN, { timeout: 10_000 });
  const texts = await firstFailed.allTextContents();
  expect(
    texts.slice(0, PLANTED.length).every((t) => t === PLANTED_RUN),
    "every planted scenario first failed in the planted run",
  ).toBe(true);
  expect(texts[PLANTED.length], "the next row did not start failing there").not.toBe(PLANTED_RUN);

  // Newest right: the last cell of a row is the newest run. Open the planted run's cell of the top scenario.
  const top = strip.locator("tbody tr").first();
  const name = (await top.getAttribute("data-scenario"))!;
  const cells = top.locator("a[data-run]");
  await expect(cells, "a cell per run").toHaveCount(20, { timeout: 10_000 });
  await expect(cells.last(), "newest run on the right").toHaveAttribute("data-run", suiteRunName(19));
  const cell = top.locator(`a[data-run="${PLANTED_RUN}"]`);
  await expect(cell, "the planted run's cell is a failure").toHaveAttribute("data-cell", /[FS]/);
  await cell.click();
  await page.waitForURL((u) => u.pathname === `/runs/${encodeURIComponent(PLANTED_RUN)}/scenarios/${encodeURIComponent(name)}`, { timeout: 15_000 });
  await expect(page.getByText(name).first(), "the scenario page of that scenario").toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(PLANTED_RUN).first(), "in that run").toBeVisible({ timeout: 5_000 });
});

test("sorting by flips puts the flaky scenario first; pinning a baseline compares every run with it", async ({ page }) => {
  await page.goto(`${dashboard.url}trends`);
  await page.getByRole("link", { name: "Flips" }).click();
  await page.waitForURL(/sort=flips/, { timeout: 10_000 });
  const firstRow = page.getByTestId("trend-strip").locator("tbody tr").first();
  // Scenario, runs, first failed in, flips, streak.
  await expect(firstRow.locator("td").nth(3), "19 flips on top").toHaveText("19", { timeout: 10_000 });

  await page.getByLabel("Baseline", { exact: true }).selectOption(suiteRunName(2));
  await page.getByRole("button", { name: "Pin" }).click();
  await page.waitForURL(/baseline=/, { timeout: 10_000 });
  await expect(page.locator(`tr[data-run="${suiteRunName(2)}"]`).getByText("pinned"), "the baseline is pinned").toBeVisible({ timeout: 10_000 });
  // Every run from the planted one on is a significant drop against the baseline.
  await expect(page.getByTestId("trend-runs").getByTestId("drop"), "drops vs previous (1) and vs baseline (7)").toHaveCount(8, { timeout: 10_000 });
  // Themes over the range (from the pinned baseline to the newest run): the planted failure is new, first seen in the planted run.
  const planted = page.getByTestId("theme-range").locator('[data-theme-trend="new"]').filter({ hasText: "No conversation took place" });
  await expect(planted, "the planted failure is a new theme over the range").toHaveCount(1, { timeout: 15_000 });
  await expect(planted.getByTestId("theme-first"), "first seen in the planted run").toHaveText(PLANTED_RUN);
  await expect(planted.getByTestId("theme-last"), "and still in the newest").toHaveText(suiteRunName(19));
  const perNight = (await planted.locator("[data-per-night]").getAttribute("data-per-night"))!.split(",").map(Number);
  expect(
    perNight.slice(0, 13 - 2).every((c) => c === 0),
    "no reason of it before the planted run",
  ).toBe(true);
  expect(perNight[13 - 2], "the planted scenarios' reasons in the planted run").toBe(PLANTED.length);
});

test("the sort survives pinning", async ({ page }) => {
  await page.goto(`${dashboard.url}trends?sort=streak`);
  await page.getByLabel("Baseline", { exact: true }).selectOption(suiteRunName(4));
  await page.getByRole("button", { name: "Pin" }).click();
  await page.waitForURL((u) => u.searchParams.get("baseline") === suiteRunName(4) && u.searchParams.get("sort") === "streak", { timeout: 10_000 });
  await expect(page.getByRole("link", { name: "Failing streak" }), "the strip is still sorted by streak").toHaveAttribute("aria-current", "true", {
    timeout: 10_000,
  });
});

test("the compare page shows the failure theme that is new in the planted run", async ({ page }) => {
  await page.goto(`${dashboard.url}compare?base=${encodeURIComponent(suiteRunName(12))}&runs=${encodeURIComponent(PLANTED_RUN)}`);
  const panel = page.getByTestId("theme-changes");
  await expect(panel, "the themes panel").toBeVisible({ timeout: 15_000 });
  // The planted failure (zero_turn) gives the generator's reason "No conversation took place; …"
  // (run 13 also has the flaky scenario's timeout, which passed in run 12: a second new theme).
  const fresh = panel.locator('[data-theme-change="new"]').filter({ hasText: "No conversation took place" });
  await expect(fresh, "the planted failure is a new theme").toHaveCount(1, { timeout: 5_000 });
  await expect(fresh, "counted for the planted scenarios").toContainText(`0 → ${PLANTED.length} reason(s)`, { timeout: 5_000 });
});

test("a tick on the time axis marks the run where the setup changed, saying what changed", async ({ page }) => {
  await page.goto(`${dashboard.url}trends`);
  const ticks = page.locator('[data-chart="Overall Success Rate"] [data-setup-change]');
  await expect(ticks, "one setup change in the suite").toHaveCount(1, { timeout: 15_000 });
  await expect(ticks.first()).toHaveAttribute("data-setup-change", String(SETUP_CHANGED_AT));
  await expect(ticks.first().locator("title")).toHaveText(new RegExp(`before ${suiteRunName(SETUP_CHANGED_AT)}: judge_model: .* → judge-model-v2`));
});

test("the compare page's Setup section names the changed judge model, and says 'same setup' when nothing changed", async ({ page }) => {
  const [before, after] = [suiteRunName(SETUP_CHANGED_AT - 1), suiteRunName(SETUP_CHANGED_AT)];
  await page.goto(`${dashboard.url}compare?base=${before}&runs=${after}`);
  const section = page.getByTestId("setup-section");
  await expect(section, "the Setup section").toBeVisible({ timeout: 15_000 });
  await expect(section).toHaveAttribute("data-same", "false");
  const row = section.locator('tr[data-arg="judge_model"]');
  await expect(row).toContainText("judge-model-v2");
  await page.goto(`${dashboard.url}compare?base=${suiteRunName(0)}&runs=${suiteRunName(1)}`);
  await expect(page.getByTestId("setup-same"), "same setup").toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("setup-args")).toHaveCount(0);
});

test("every chart names dates on its time axis and a point opens its run; the strip comes first, the newest change on top", async ({ page }) => {
  await page.goto(`${dashboard.url}trends`);
  const success = page.locator('[data-chart="Overall Success Rate"]');
  await expect(success, "the success chart").toBeVisible({ timeout: 15_000 });
  const charts = page.locator("figure[data-chart]");
  const count = await charts.count();
  expect(count, "several charts").toBeGreaterThan(5);
  for (let i = 0; i < count; i++) {
    const ticks = charts.nth(i).locator('text[data-axis="x"]');
    await expect(ticks.first(), `chart ${i}: a date on its time axis`).toHaveText(/^Nov \d+$/, { timeout: 5_000 });
  }
  // Oldest left, newest right: Nov 1 … Nov 20 (the runs' own start dates).
  await expect(success.locator('text[data-axis="x"]').first()).toHaveText("Nov 1");
  await expect(success.locator('text[data-axis="x"]').last()).toHaveText("Nov 20");

  // The strip is above the charts, sorted by the newest change: the top row changed in the newest run.
  const strip = page.getByTestId("trend-strip");
  const [stripBox, chartBox] = [await strip.boundingBox(), await success.boundingBox()];
  expect(stripBox!.y, "the strip above the charts").toBeLessThan(chartBox!.y);
  await expect(page.getByRole("link", { name: "Last changed" }), "sorted by the newest change by default").toHaveAttribute("aria-current", "true");
  const topCells = strip.locator("tbody tr").first().locator("a[data-run]");
  await expect(topCells, "a cell per run").toHaveCount(20, { timeout: 10_000 });
  expect(await topCells.nth(19).getAttribute("data-cell"), "the top row changed in the newest run").not.toBe(await topCells.nth(18).getAttribute("data-cell"));

  // Hovering the planted run's point names the run, its date and value with n; a click opens it.
  const hover = success.getByTestId("chart-hover");
  await hover.scrollIntoViewIfNeeded();
  const box = (await hover.boundingBox())!;
  const x = box.x + (box.width * (84 + (13 * (640 - 84 - 24)) / 19)) / 640;
  await page.mouse.move(x, box.y + box.height / 2);
  const tip = success.getByTestId("chart-tooltip");
  await expect(tip, "the tooltip names the run").toContainText(PLANTED_RUN, { timeout: 5_000 });
  await expect(tip, "and its start").toContainText("2026-11-14 08:00");
  await expect(tip.getByTestId("chart-tooltip-value"), "the value with k/n and its interval").toHaveText(/^\d+\.\d% \(\d+\/40\) · 95% CI \d+\.\d%–\d+\.\d%$/);
  await expect(tip.getByRole("link", { name: "vs previous" }), "the compare with its predecessor").toHaveAttribute(
    "href",
    `/compare?base=${encodeURIComponent(suiteRunName(12))}&runs=${encodeURIComponent(PLANTED_RUN)}`,
  );
  await page.mouse.click(x, box.y + box.height / 2);
  await page.waitForURL((u) => u.pathname === `/runs/${encodeURIComponent(PLANTED_RUN)}`, { timeout: 15_000 });

  // By keyboard: focus the chart, End goes to the newest run, Enter opens it.
  await page.goto(`${dashboard.url}trends`);
  await page.locator('[data-chart="Overall Success Rate"]').getByTestId("chart-hover").focus();
  await page.keyboard.press("End");
  await expect(page.locator('[data-chart="Overall Success Rate"]').getByTestId("chart-tooltip")).toContainText(suiteRunName(19), { timeout: 5_000 });
  await page.keyboard.press("Enter");
  await page.waitForURL((u) => u.pathname === `/runs/${encodeURIComponent(suiteRunName(19))}`, { timeout: 15_000 });
});

for (const vp of VIEWPORTS) {
  test(`${vp.name}: the strip's cells are targets of 16×24 px that touch, a click at the 9th's edge opens the 9th; the page does not scroll sideways`, async ({
    page,
  }) => {
    await page.setViewportSize(vp);
    await page.goto(`${dashboard.url}trends`);
    const top = page.getByTestId("trend-strip").locator("tbody tr").first();
    const cells = top.locator("a[data-run]");
    await expect(cells, "a cell per run").toHaveCount(20, { timeout: 15_000 });
    await expectNoPageScroll(page, "trends");
    const ninth = cells.nth(8);
    await ninth.scrollIntoViewIfNeeded();
    const box = (await ninth.boundingBox())!;
    expect(box.width, "wide enough to hit").toBeGreaterThanOrEqual(16);
    expect(box.height, "tall enough to hit").toBeGreaterThanOrEqual(24);
    const tenth = (await cells.nth(9).boundingBox())!;
    expect(tenth.x - (box.x + box.width), "no gap between targets to miss in").toBeLessThanOrEqual(0.5);
    const run = (await ninth.getAttribute("data-run"))!;
    const name = (await top.getAttribute("data-scenario"))!;
    // Near its right edge: the 9th's target, not the 10th's.
    await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
    await page.waitForURL((u) => u.pathname === `/runs/${encodeURIComponent(run)}/scenarios/${encodeURIComponent(name)}`, { timeout: 15_000 });
  });
}
