/**
 * A year of nightly runs (365 × 6 scenarios) and one other run: the runs list stays one small page
 * with a suite filter, a search and pages; the trends page opens on the last 90 days.
 */
import { expect, test } from "@playwright/test";
import type { RunOptions } from "../../lib/generator";
import { writeGenerated } from "../helpers/generated.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { screenshots, tempResults, type TempResults } from "./runs-fixtures.ts";

const NIGHTS = 365;
const night = (i: number) => `nightly/eval_${new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "")}_020000`;

let dir: TempResults;
let dashboard: Dashboard;

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = await tempResults("year");
  const runs: RunOptions[] = Array.from({ length: NIGHTS }, (_, i) => ({
    name: night(i),
    scenarios: 6,
    domains: ["tau2_retail", "qa"],
    lean: true,
    audio: false,
  }));
  await writeGenerated(dir.results, { seed: 5, runs });
  await writeGenerated(dir.results, {
    seed: 6,
    runs: [{ name: "adhoc/eval_20261201_100000", scenarios: 3, domains: ["restaurant"], lean: true, audio: false }],
  });
  dashboard = await startDashboard(dir.results);
  await expect
    .poll(
      async () => {
        const body = (await (await fetch(`${dashboard.url}api/runs`)).json()) as { runs: unknown[]; indexing?: unknown };
        return !body.indexing && body.runs.length;
      },
      { timeout: 120_000 },
    )
    .toBe(NIGHTS + 1);
});

test.afterAll(async () => {
  await dashboard?.stop();
  await dir?.cleanup();
});

const rowIds = (page: import("@playwright/test").Page) =>
  page.locator("tbody tr[data-run-id]").evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-run-id")));

test("the runs list of a year: under 1 MB, a page of 50 newest first, a suite filter, a search and older pages", async ({ page }) => {
  const response = await page.goto(dashboard.url);
  const html = (await response!.body()).byteLength;
  expect(html).toBeLessThan(1024 * 1024);
  await expect(page.getByTestId("runs-shown")).toHaveText("366 runs · page 1 of 8");
  let ids = await rowIds(page);
  expect(ids).toHaveLength(50);
  expect(ids[0]).toBe(night(NIGHTS - 1));
  await expect(page.locator(`tr[data-run-id="${night(NIGHTS - 1)}"]`).getByTestId("run-suite")).toHaveText("nightly");

  await page.getByRole("button", { name: "Older →" }).click();
  await expect(page.getByTestId("runs-shown")).toHaveText("366 runs · page 2 of 8");
  ids = await rowIds(page);
  expect(ids[0]).not.toBe(night(NIGHTS - 1));
  expect(ids).toHaveLength(50);

  await page.getByLabel("Suite", { exact: true }).selectOption({ label: `nightly (${NIGHTS})` });
  await expect(page.getByTestId("runs-shown")).toHaveText(`${NIGHTS} of 366 runs · page 1 of 8`);
  expect(await rowIds(page)).not.toContain("adhoc/eval_20261201_100000");

  await page.getByLabel("Search runs").fill("20260704");
  await expect(page.getByTestId("runs-shown")).toHaveText("1 of 366 runs");
  expect(await rowIds(page)).toEqual(["nightly/eval_20260704_020000"]);
  await screenshots(page, "year-runs-list");
});

test("trends of a year open on the last 90 days, with every run one click away, and no NaN in a chart", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto(`${dashboard.url}trends?suite=${encodeURIComponent(night(0))}`);
  const range = page.getByTestId("trend-range");
  // Dec 31 back 90 days is Oct 2: 91 nightly runs.
  await expect(range).toContainText(`Showing 91 of ${NIGHTS} runs`);
  await expect(range.getByRole("link", { name: "Last 90 days" })).toHaveAttribute("aria-current", "true");
  await expect(page.locator("#runs tbody tr")).toHaveCount(91);
  await range.getByRole("link", { name: "All" }).click();
  await expect(range).toContainText(`Showing ${NIGHTS} of ${NIGHTS} runs`);
  await expect(page).toHaveURL(/range=all/);
  await range.getByRole("link", { name: "Last 30 days" }).click();
  await expect(range).toContainText(`Showing 31 of ${NIGHTS} runs`);
  const paths = await page.locator("svg path").evaluateAll((ps) => ps.map((p) => p.getAttribute("d") ?? ""));
  expect(paths.length).toBeGreaterThan(0);
  expect(paths.filter((d) => d.includes("NaN"))).toEqual([]);
  expect(errors).toEqual([]);
  await screenshots(page, "year-trends");
});
