import { expect, test } from "@playwright/test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { nightName, REGRESSED, scenarioAt, STILL_FAILING, writeNightlySuite } from "../helpers/nightly-suite.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { screenshots } from "./helpers/screenshots.ts";

/*
 * What changed since last night (issue 44) on a generated 6-night suite of 12 scenarios where one
 * scenario passed five nights and fails on the sixth: the runs list's change column, the run page's
 * line against night 5 and its marks, `quick=new`, the scenario page's strip across the suite.
 */

let tmp: string;
let results: string;
let dashboard: Dashboard;

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-changes-e2e-"));
  results = path.join(tmp, "results");
  await writeNightlySuite(results, "regression");
  dashboard = await startDashboard(results);
  await expect.poll(async () => (await dashboard.health()).watching, { message: "the watcher live", timeout: 30_000 }).toBe(true);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("the runs list shows night 6's drop and new failure, one click from the compare with night 5", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(dashboard.url);
  const six = page.locator(`tr[data-run-id="${nightName(6)}"]`);
  await expect(six.getByTestId("failed-count"), "two failed on night 6").toHaveText("2", { timeout: 15_000 });
  const delta = six.getByTestId("vs-previous");
  await expect(delta.locator('[data-part="delta"]'), "the drop against night 5").toHaveText("−8.33 pp");
  await expect(delta.locator('[data-part="new-failures"]'), "its new failure").toHaveText("1 new failure");
  await expect(page.locator(`tr[data-run-id="${nightName(1)}"]`).getByTestId("vs-previous"), "the first night has no previous run").toHaveText("–");
  await screenshots(page, "changes-runs-list");
  // At phone width the change column is off-screen: the same change reads under the run's name.
  await page.setViewportSize({ width: 390, height: 844 });
  const inline = six.getByTestId("vs-previous-inline");
  await expect(inline, "the change under the name on a phone").toBeVisible({ timeout: 5_000 });
  await expect(inline).toContainText("−8.33 pp");
  await expect(inline).toContainText("1 new");
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(inline, "hidden where the column shows").toBeHidden({ timeout: 5_000 });
  await delta.locator('[data-part="compare-previous"]').click();
  await page.waitForURL((u) => u.pathname === "/compare" && u.searchParams.get("base") === nightName(5) && u.searchParams.get("runs") === nightName(6), {
    timeout: 15_000,
  });
});

test("night 6's page says what changed since night 5, links the compare and marks the new failure", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${dashboard.url}runs/${encodeURIComponent(nightName(6))}`);
  const line = page.getByTestId("changes-line");
  await expect(line, "the header line").toContainText(`vs ${nightName(5)}`, { timeout: 15_000 });
  await expect(line).toContainText("1 new failure, 0 fixed, 1 still failing,");
  await expect(line).toContainText("Δ success −8.33 pp (p = 1.0)");
  await expect(line.getByTestId("compare-previous")).toHaveAttribute(
    "href",
    `/compare?base=${encodeURIComponent(nightName(5))}&runs=${encodeURIComponent(nightName(6))}`,
  );
  const regressed = scenarioAt(results, 6, REGRESSED);
  const still = scenarioAt(results, 6, STILL_FAILING);
  const row = (name: string) => page.locator('[data-testid="scenario-scroll"] tbody tr').filter({ has: page.getByRole("link", { name, exact: true }) });
  await expect(row(regressed).getByTestId("failure-mark"), "the new failure marked new").toHaveText("new", { timeout: 15_000 });
  await expect(row(still).getByTestId("failure-mark"), "the other marked still failing since night 4").toHaveText("since 2026-11-24 (3 runs)");
  await screenshots(page, "changes-run-page", { fromTop: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshots(page, "changes-run-page-phone", { fromTop: true });

  // quick=new: only the new failure.
  await line.getByTestId("new-failures").click();
  await page.waitForURL(/quick=new/, { timeout: 10_000 });
  await expect(page.getByTestId("scenario-count"), "one row").toHaveText("1 of 12 scenarios", { timeout: 10_000 });
  await expect(row(regressed)).toHaveCount(1);
});

test("the scenario page links the same scenario across the suite's runs", async ({ page }) => {
  const still = scenarioAt(results, 6, STILL_FAILING);
  await page.goto(`${dashboard.url}runs/${encodeURIComponent(nightName(6))}/scenarios/${encodeURIComponent(still)}`);
  const strip = page.getByTestId("scenario-strip");
  await expect(strip.locator("a[data-cell]"), "one cell per night").toHaveCount(6, { timeout: 15_000 });
  expect(await strip.locator("a[data-cell]").evaluateAll((as) => as.map((a) => a.getAttribute("data-cell")).join(""))).toBe("PPPFFF");
  await strip.locator("a[data-cell]").nth(2).click();
  await page.waitForURL((u) => u.pathname === `/runs/${encodeURIComponent(nightName(3))}/scenarios/${encodeURIComponent(still)}`, { timeout: 15_000 });
});
