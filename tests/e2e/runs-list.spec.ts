import { expect, test } from "@playwright/test";
import path from "node:path";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { arrive, copyRun, screenshots, SMALL_RUN, STALLS_RUN, tempResults, type TempResults } from "./runs-fixtures.ts";

let dir: TempResults;
let dashboard: Dashboard;

test.beforeAll(async () => {
  dir = await tempResults("runs-list");
  await copyRun(SMALL_RUN, path.join(dir.results, "eval_20260810_031700"));
  dashboard = await startDashboard(dir.results);
});

test.afterAll(async () => {
  await dashboard?.stop();
  await dir?.cleanup();
});

const rowIds = (page: import("@playwright/test").Page) =>
  page.locator("tbody tr[data-run-id]").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-run-id")));

test("the runs list shows each run and picks up a new run live, newest first", async ({ page }) => {
  await page.goto(dashboard.url);
  await expect(page.getByRole("heading", { name: "Runs" })).toBeVisible();
  const first = page.locator('tr[data-run-id="eval_20260810_031700"]');
  await expect(first).toBeVisible();
  await expect(first.getByRole("link", { name: "eval_20260810_031700" })).toHaveAttribute("href", "/runs/eval_20260810_031700");
  // Headline rates, scenario count, domains, state.
  // Issue 14: each rate shows its denominator under it, and a stall count follows the scenarios.
  await expect(first.locator("td").nth(4)).toHaveText("66.67%4/6");
  await expect(first.locator("td").nth(5)).toHaveText("66.67%4/6");
  await expect(first.getByTestId("stalled-count")).toHaveText("1");
  await expect(first.locator("td").nth(6)).toHaveText("6");
  // When it ran, by the run's own clock (its first invocation), and for how long (its log).
  await expect(first.getByTestId("run-started")).toContainText("2026-08-10 03:17");
  await expect(first).toContainText("restaurant, tau2_airline");
  await expect(first).toContainText(/running|probably stalled|killed|finished/);
  await expect(page.locator('[data-live-status="live"]')).toBeVisible();

  // Mark the document: a reload would lose this.
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));

  // A nested run appears on disk while the page is open.
  await arrive(STALLS_RUN, dir.tmp, path.join(dir.results, "team-a", "eval_20260804_144300"));
  const nested = page.locator('tr[data-run-id="team-a/eval_20260804_144300"]');
  await expect(nested).toBeVisible({ timeout: 20_000 });
  // The run link (its stall count is a second link, issue 14).
  await expect(nested.locator("td").nth(1).getByRole("link")).toHaveAttribute("href", `/runs/${encodeURIComponent("team-a/eval_20260804_144300")}`);
  await expect(nested.locator("td").nth(6)).toHaveText("16");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
  // Newest first: 2026-08-10 before 2026-08-04.
  expect(await rowIds(page)).toEqual(["eval_20260810_031700", "team-a/eval_20260804_144300"]);

  await screenshots(page, "runs-list");
});

test("picking two runs links to the compare page with the first pick as the baseline", async ({ page }) => {
  await page.goto(dashboard.url);
  await expect(page.locator("tbody tr[data-run-id]")).toHaveCount(2);
  await expect(page.getByText("Compare", { exact: true })).toHaveAttribute("aria-disabled", "true");
  await page.getByLabel("Pick team-a/eval_20260804_144300 to compare").check();
  await page.getByLabel("Pick eval_20260810_031700 to compare").check();
  const link = page.getByRole("link", { name: "Compare 2 runs" });
  await expect(link).toHaveAttribute("href", `/compare?base=${encodeURIComponent("team-a/eval_20260804_144300")}&runs=eval_20260810_031700`);
  await expect(page.locator('tr[data-run-id="team-a/eval_20260804_144300"]')).toContainText("baseline");
  await link.click();
  await expect(page).toHaveURL(/\/compare\?base=team-a%2Feval_20260804_144300&runs=eval_20260810_031700$/);
});
