import { expect, test } from "@playwright/test";
import path from "node:path";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { expectInView, expectNoPageScroll, expectTextWhole, VIEWPORTS } from "./helpers/layout.ts";
import { describeLayout, LAST_NIGHT } from "./helpers/layout-fixture.ts";
import { SHOTS } from "./helpers/screenshots.ts";
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
  await expect(first.locator("td").nth(3)).toHaveText("66.67%4/6");
  await expect(first.locator("td").nth(4)).toHaveText("66.67%4/6");
  await expect(first.getByTestId("stalled-count")).toHaveText("1");
  await expect(first.locator("td").nth(5)).toHaveText("6");
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
  await expect(nested.locator("td").nth(0).getByRole("link").first()).toHaveAttribute("href", `/runs/${encodeURIComponent("team-a/eval_20260804_144300")}`);
  await expect(nested.locator("td").nth(5)).toHaveText("16");
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

describeLayout((url) => {
  for (const vp of VIEWPORTS) {
    test(`${vp.name}: the runs list opens on last night, fits the page and leads each row with the run's name`, async ({ page }) => {
      await page.setViewportSize(vp);
      await page.goto(url());
      const rows = page.locator("tbody tr[data-run-id]");
      await expect(rows.first(), "the newest run is the nightly suite's last night").toHaveAttribute("data-run-id", LAST_NIGHT);
      await expectNoPageScroll(page, "runs list");
      for (let i = 0; i < 6; i++) {
        const row = rows.nth(i);
        const id = (await row.getAttribute("data-run-id"))!;
        await expectInView(row.getByRole("link", { name: id }).first(), `${id}'s name`, vp.width);
        if (vp.name === "phone") {
          // The verdict comes with the name: its state and success rate, in the first screen's width.
          await expectInView(row.getByTestId("run-verdict-phone"), `${id}'s state and success`, vp.width);
        }
      }
      if (vp.name === "desktop") {
        // The whole table fits its box at 1440 px: every column, the last ones' headers whole.
        const box = page.locator('table[aria-label="Runs, newest first"]').locator("xpath=..");
        const { scrollWidth, clientWidth } = await box.evaluate((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
        // One pixel is the rounding of fractional column widths to whole pixels, never a cut column.
        expect(scrollWidth, "the runs table fits its box at 1440 px").toBeLessThanOrEqual(clientWidth + 1);
        for (const th of await page.locator('table[aria-label="Runs, newest first"] thead th').all())
          await expectTextWhole(th, `header ${await th.textContent()}`);
        // The search box is wide enough for its placeholder.
        const search = page.getByLabel("Search runs");
        const fits = await search.evaluate((input: HTMLInputElement) => {
          const ctx = document.createElement("canvas").getContext("2d")!;
          const style = getComputedStyle(input);
          ctx.font = `${style.fontSize} ${style.fontFamily}`;
          return ctx.measureText(input.placeholder).width <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        });
        expect(fits, "the search placeholder is whole").toBe(true);
      }
      await page.screenshot({ path: path.join(SHOTS, `layout-runs-list-${vp.name}.png`) });
    });
  }

  test("the suite filter is kept in the URL: a reload and a shared link keep it", async ({ page }) => {
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto(url());
    const rows = page.locator("tbody tr[data-run-id]");
    await expect(rows.first()).toBeVisible();
    const suite = page.getByLabel("Suite");
    await suite.selectOption({ label: "nightly (14)" });
    await expect(page, "the suite is in the address").toHaveURL(new RegExp(`\\?suite=${encodeURIComponent(LAST_NIGHT)}$`));
    await expect(rows).toHaveCount(14);
    await page.reload();
    await expect(rows, "still only the suite's runs after a reload").toHaveCount(14);
    await expect(suite.locator("option:checked")).toHaveText("nightly (14)");
    await suite.selectOption({ label: "All suites" });
    await expect(page, "no suite, no parameter").toHaveURL(url());
    expect(await rows.count()).toBeGreaterThan(14);
  });
});
