import { expect, test, type Page } from "@playwright/test";
import { readFile, readdir, rename } from "node:fs/promises";
import path from "node:path";
import { fixed, group } from "../../lib/core/py.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { expectInView, expectNoPageScroll, expectTextWhole, VIEWPORTS } from "./helpers/layout.ts";
import { describeLayout, LAST_NIGHT, runPath, SIX_LAST } from "./helpers/layout-fixture.ts";
import { SHOTS } from "./helpers/screenshots.ts";
import { copyRun, editJson, parseCsv, screenshots, SMALL_RUN, summaryJson, tempResults, type TempResults } from "./runs-fixtures.ts";

const RUN = "eval_20260810_031700";
const SPECIAL = "special/eval_20260810_031700";
const LIVE = "live/eval_20260810_031700";
/** The small run with 120 more turns and one 500 s turn (over 30× its slowest), for the latency histogram. */
const SLOW = "slow/eval_20260810_031700";
const FORMULA = '=HYPERLINK("http://example.invalid","click")';

let dir: TempResults;
let dashboard: Dashboard;
let summary: ReturnType<typeof summaryJson>;

const runUrl = (id: string, query = "") => `${dashboard.url}runs/${encodeURIComponent(id)}${query ? `?${query}` : ""}`;
const tableNames = (page: Page) => page.locator('[data-testid="scenario-scroll"] tbody tr[role="row"] td:first-child a').allTextContents();
const count = (page: Page) => page.getByTestId("scenario-count");

test.beforeAll(async () => {
  dir = await tempResults("runs-page");
  await copyRun(SMALL_RUN, path.join(dir.results, RUN));
  // A run whose text needs CSV quoting and formula escaping.
  await copyRun(SMALL_RUN, path.join(dir.results, SPECIAL));
  await editJson(path.join(dir.results, SPECIAL, "tau2_airline__12/metrics.json"), (m) => {
    m.stop_reason = FORMULA;
  });
  // A run with one scenario still in flight (its metrics.json set aside until the live test).
  await copyRun(SMALL_RUN, path.join(dir.results, LIVE));
  await rename(path.join(dir.results, LIVE, "tau2_airline__37/metrics.json"), path.join(dir.tmp, "live-metrics.json"));
  await copyRun(SMALL_RUN, path.join(dir.results, SLOW));
  await editJson(path.join(dir.results, SLOW, "tau2_airline__34/metrics.json"), (m) => {
    const turns = m.latencies as Array<Record<string, unknown>>;
    const turn = (ms: number) => ({ ...turns[0], latency_ms: ms });
    m.latencies = [...turns, ...Array.from({ length: 120 }, (_, i) => turn(600 + i * 50)), turn(500_000)];
  });
  summary = summaryJson(path.join(dir.results, RUN));
  dashboard = await startDashboard(dir.results);
});

test.afterAll(async () => {
  await dashboard?.stop();
  await dir?.cleanup();
});

test("rate cards show the numerators and denominators of summary --json, and omit empty rates", async ({ page }) => {
  await page.goto(runUrl(RUN));
  await expect(page.getByRole("heading", { level: 1, name: RUN })).toBeVisible();
  for (const [name, rate] of Object.entries(summary.rates)) {
    const card = page.locator(`[data-rate="${name}"]`);
    if (rate.denominator === 0 && name !== "success_rate") {
      await expect(card, `${name} is omitted like the harness omits it`).toHaveCount(0);
      continue;
    }
    await expect(card).toHaveAttribute("data-numerator", String(rate.numerator));
    await expect(card).toHaveAttribute("data-denominator", String(rate.denominator));
    if (name === "judge_score_mean") {
      await expect(card.locator("[data-value]")).toHaveText(fixed(rate.value as number, 3));
      await expect(card).toContainText(`mean across ${group(rate.denominator)}`);
    } else {
      await expect(card.locator("[data-value]")).toHaveText(`${fixed((rate.value as number) * 100, 2)}%`);
      await expect(card).toContainText(`${group(rate.numerator)}/${group(rate.denominator)}`);
      await expect(card).toContainText("95% CI");
    }
  }
  // The stall warning lists the stalled scenarios.
  for (const name of summary.stalled) await expect(page.getByRole("alert").filter({ hasText: "counted as failures" })).toContainText(name);
  await expect(count(page)).toHaveText(`${summary.scenario_count} of ${summary.scenario_count} scenarios`);
  // The harness's summary is an analysis of its own, one tab away.
  await page.goto(runUrl(RUN, "tab=summary"));
  await expect(page.getByTestId("summary-status")).toHaveText("absent");
  // The recomputed all_summary.txt, as text.
  await page.getByText("Show the recomputed all_summary.txt").click();
  await expect(page.getByTestId("summary-text")).toContainText("EVALUATION SUMMARY");
  await expect(page.getByTestId("summary-text")).toContainText(`Overall Success Rate: ${fixed(summary.rates.success_rate!.value! * 100, 2)}%`);
  await screenshots(page, "run-page");
});

test("clicking a success_breakdown segment filters the table to that bucket", async ({ page }) => {
  // Expected from the files themselves: scenarios whose success_breakdown.failed holds clean_exit.
  const expected: string[] = [];
  for (const name of await readdir(path.join(dir.results, RUN))) {
    if (!name.includes("__")) continue;
    const m = JSON.parse(await readFile(path.join(dir.results, RUN, name, "metrics.json"), "utf8"));
    if (m.success_breakdown?.failed?.includes("clean_exit")) expected.push(m.scenario_name);
  }
  expect(expected.length).toBeGreaterThan(0);

  await page.goto(runUrl(RUN, "tab=signals"));
  const segment = page.locator('[data-bucket="clean_exit:failed"]');
  await expect(segment).toHaveAttribute("aria-label", new RegExp(`: ${expected.length} scenarios?\\.`));
  await segment.click();
  await expect(page).toHaveURL(/[?&]bucket=clean_exit%3Afailed/);
  await expect(count(page)).toHaveText(`${expected.length} of 6 scenarios`);
  expect((await tableNames(page)).sort()).toEqual(expected.sort());
  await expect(page.getByTestId("bucket-filter")).toBeVisible();
  await screenshots(page, "run-page-bucket");

  // The same bucket from the keyboard-reachable data table toggles it off again.
  await page.getByRole("button", { name: "Remove the signal bucket filter" }).click();
  await expect(count(page)).toHaveText("6 of 6 scenarios");
  await expect(page).not.toHaveURL(/bucket=/);
});

test("sort, search and quick filters live in the URL and survive a reload", async ({ page, browser }) => {
  await page.goto(runUrl(RUN));
  await expect(count(page)).toHaveText("6 of 6 scenarios");
  const judge = page.locator('[data-sort-key="judge_score"]');
  const judgeValues = async () =>
    (await page.locator('[data-testid="scenario-scroll"] tbody tr[role="row"] td:nth-child(7)').allTextContents()).map((t) => parseFloat(t));

  await judge.click();
  await expect(page).toHaveURL(/sort=judge_score/);
  let dir1 = new URL(page.url()).searchParams.get("dir");
  await expect.poll(judgeValues).toEqual([...(await judgeValues())].sort((a, b) => (dir1 === "desc" ? b - a : a - b)));
  await judge.click();
  const dir2 = dir1 === "desc" ? "asc" : "desc";
  await expect(page).toHaveURL(new RegExp(`dir=${dir2}`));
  dir1 = dir2;
  await expect
    .poll(async () => {
      const v = await judgeValues();
      return v.every((x, i) => i === 0 || (dir2 === "desc" ? v[i - 1]! >= x : v[i - 1]! <= x));
    })
    .toBe(true);
  await expect(page.locator('th[role="columnheader"]').filter({ has: judge })).toHaveAttribute("aria-sort", dir2 === "desc" ? "descending" : "ascending");

  await page.getByPlaceholder("Search names and judge reasons…").fill("airline");
  await expect(page).toHaveURL(/[?&]q=airline/);
  await expect(count(page)).toHaveText("3 of 6 scenarios");
  for (const name of await tableNames(page)) expect(name).toContain("airline");
  await page.getByRole("button", { name: "Failed", exact: true }).click();
  await expect(page).toHaveURL(/[?&]quick=failed/);
  await expect(count(page)).toHaveText("1 of 6 scenarios");
  expect(await tableNames(page)).toEqual(["tau2_airline__12"]);
  await page.getByRole("button", { name: "Failed", exact: true }).click();
  await expect(count(page)).toHaveText("3 of 6 scenarios");
  const order = await tableNames(page);
  const link = page.url();

  // The link, pasted into another browser.
  const other = await browser.newContext();
  const fresh = await other.newPage();
  await fresh.goto(link);
  await expect(fresh.getByPlaceholder("Search names and judge reasons…")).toHaveValue("airline");
  await expect(fresh.getByTestId("scenario-count")).toHaveText("3 of 6 scenarios");
  await expect(fresh.locator('th[role="columnheader"]').filter({ has: fresh.locator('[data-sort-key="judge_score"]') })).toHaveAttribute(
    "aria-sort",
    dir1 === "desc" ? "descending" : "ascending",
  );
  expect(await tableNames(fresh)).toEqual(order);
  await other.close();

  // The other filters: domain, failing signal, judge score and latency ranges.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(count(page)).toHaveText("6 of 6 scenarios");
  await page.getByRole("group", { name: "Domains" }).getByRole("button", { name: "restaurant" }).click();
  await expect(page).toHaveURL(/[?&]domain=restaurant/);
  await expect(count(page)).toHaveText("3 of 6 scenarios");
  await page.getByLabel("Failing signal").selectOption("clean_exit");
  await expect(page).toHaveURL(/[?&]signal=clean_exit/);
  await expect(count(page)).toHaveText("1 of 6 scenarios");
  expect(await tableNames(page)).toEqual(["restaurant__burger_spicy_feast"]);
  await page.getByLabel("Failing signal").selectOption("");
  await page.getByRole("group", { name: "Domains" }).getByRole("button", { name: "restaurant" }).click();
  await expect(count(page)).toHaveText("6 of 6 scenarios");
  await page.getByLabel("Judge score at least").fill("0.8");
  await expect(page).toHaveURL(/[?&]judgeMin=0\.8/);
  await expect(count(page)).toHaveText("3 of 6 scenarios");
  await page.getByLabel("Latency p50 (ms) at most").fill("2000");
  await expect(page).toHaveURL(/[?&]latencyMax=2000/);
  // Of judge ≥ 0.8, only tau2_airline__12 (p50 790 ms) and the deli sub (1,290 ms) have a p50 under 2 s.
  await expect(count(page)).toHaveText("2 of 6 scenarios");
  expect((await tableNames(page)).sort()).toEqual(["restaurant__deli_italian_sub_lunch", "tau2_airline__12"]);
  await page.reload();
  await expect(page.getByLabel("Judge score at least")).toHaveValue("0.8");
  await expect(page.getByLabel("Latency p50 (ms) at most")).toHaveValue("2000");
  await expect(count(page)).toHaveText("2 of 6 scenarios");

  // Clearing the filters keeps the sort.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(count(page)).toHaveText("6 of 6 scenarios");
  await expect(page.getByLabel("Judge score at least")).toHaveValue("");
  await expect(page).toHaveURL(/sort=judge_score/);
  await expect(page).not.toHaveURL(/q=/);
});

test("CSV and JSON export hold exactly the filtered rows, quoted and formula-safe", async ({ page }) => {
  // The escaping rule itself is tests/unit/shared/csv.test.ts.
  await page.goto(runUrl(SPECIAL, "quick=failed"));
  await expect(count(page)).toHaveText("2 of 6 scenarios");
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 15_000 }), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("special_eval_20260810_031700-scenarios.csv");
  const text = await readFile((await download.path()) as string, "utf8");
  // Quoted (it holds commas and quotes) and neutralised (it starts with "=").
  expect(text).toContain(`"'=HYPERLINK(""http://example.invalid"",""click"")"`);
  const rows = parseCsv(text);
  const header = rows[0]!;
  expect(header.slice(0, 4)).toEqual(["name", "domain", "verdict", "task_verdict"]);
  const body = rows.slice(1);
  expect(body.map((r) => r[0]).sort()).toEqual(["restaurant__burger_spicy_feast", "tau2_airline__12"]);
  const col = (name: string) => header.indexOf(name);
  const special = body.find((r) => r[0] === "tau2_airline__12")!;
  expect(special[col("stop_reason")]).toBe(`'${FORMULA}`);
  expect(special[col("verdict")]).toBe("false");
  expect(special[col("domain")]).toBe("tau2_airline");
  expect(special[col("failed_signals")]).toBe("db_state_match;clean_exit");

  const [json] = await Promise.all([page.waitForEvent("download", { timeout: 15_000 }), page.getByRole("button", { name: "Export JSON" }).click()]);
  expect(json.suggestedFilename()).toBe("special_eval_20260810_031700-scenarios.json");
  const parsed = JSON.parse(await readFile((await json.path()) as string, "utf8")) as Array<{ name: string; stop_reason: string }>;
  expect(parsed.map((r) => r.name).sort()).toEqual(["restaurant__burger_spicy_feast", "tau2_airline__12"]);
  expect(parsed.find((r) => r.name === "tau2_airline__12")!.stop_reason).toBe(FORMULA);
});

test("a live update keeps the sort, the filters and the scroll position", async ({ page }) => {
  await page.goto(runUrl(LIVE, "q=tau2&sort=judge_score&dir=desc"));
  await expect(count(page)).toHaveText("2 of 5 scenarios");
  await expect(page.locator('[data-rate="success_rate"]')).toHaveAttribute("data-denominator", "5");
  await page.locator("#scenarios").scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -40));
  // Where the table sits on screen (the browser may shift scrollY to keep it there when content above changes).
  const tableTop = async () => (await page.getByTestId("scenario-scroll").boundingBox())!.y;
  const before = await tableTop();
  const url = page.url();
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));

  // The in-flight scenario finishes.
  await rename(path.join(dir.tmp, "live-metrics.json"), path.join(dir.results, LIVE, "tau2_airline__37/metrics.json"));

  await expect(count(page)).toHaveText("3 of 6 scenarios", { timeout: 20_000 });
  await expect(page.locator('[data-rate="success_rate"]')).toHaveAttribute("data-denominator", "6");
  expect(page.url()).toBe(url);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
  await expect(page.getByPlaceholder("Search names and judge reasons…")).toHaveValue("tau2");
  const names = await tableNames(page);
  expect(names).toHaveLength(3);
  const scores = (await page.locator('[data-testid="scenario-scroll"] tbody tr[role="row"] td:nth-child(7)').allTextContents()).map((t) => parseFloat(t));
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  expect(Math.abs((await tableTop()) - before)).toBeLessThanOrEqual(4);
});

test("the failed-signals and stalled columns sort on the server, most failures first", async ({ page }) => {
  await page.goto(runUrl(RUN));
  await expect(count(page)).toHaveText("6 of 6 scenarios");
  const failed = page.locator('[data-sort-key="failed_signals"]');
  await failed.click();
  await expect(page).toHaveURL(/sort=failed_signals&dir=desc/);
  // Both failing scenarios failed two signals; "is_action_match, …" sorts after "db_state_match, …".
  await expect.poll(async () => (await tableNames(page)).slice(0, 2)).toEqual(["restaurant__burger_spicy_feast", "tau2_airline__12"]);
  await expect(page.locator('th[role="columnheader"]').filter({ has: failed })).toHaveAttribute("aria-sort", "descending");
  await failed.click();
  await expect(page).toHaveURL(/sort=failed_signals&dir=asc/);
  await expect.poll(async () => (await tableNames(page)).slice(4)).toEqual(["tau2_airline__12", "restaurant__burger_spicy_feast"]);

  const stalled = page.locator('[data-sort-key="stalled"]');
  await stalled.click();
  await expect(page).toHaveURL(/sort=stalled&dir=desc/);
  await expect(page.locator('th[role="columnheader"]').filter({ has: stalled })).toHaveAttribute("aria-sort", "descending");
  await expect(count(page)).toHaveText("6 of 6 scenarios");
});

test("latency histogram: a very slow turn gets its own '≥' bar instead of squeezing the rest into one", async ({ page }) => {
  await page.goto(runUrl(SLOW, "tab=latency"));
  const figure = page.getByRole("figure", { name: /Turn latency histogram, all domains/ });
  // Issue 14 reworded the note (the bound is the p99 or, when lower, Q3 + 3 IQR).
  const note =
    /The last bar holds the 1 turn at or above ([\d,]+) ms \(slower than the rest of the run: beyond its p99, or beyond Q3 \+ 3 IQR when that is lower\), up to 500,000 ms\./;
  await expect(figure).toContainText(note);
  const edge = Number(note.exec((await figure.textContent()) ?? "")![1]!.replaceAll(",", ""));
  // The bulk ends at 14,479 ms; binned up to 500,000 ms, its first bar alone would be wider than this.
  expect(edge).toBeGreaterThan(14_479);
  expect(edge).toBeLessThan(20_000);
  await expect(figure.locator('div[role="img"]')).toHaveAttribute("aria-label", note);
  await expect(figure.locator("text.recharts-cartesian-axis-tick-value", { hasText: "≥" })).toHaveText(`≥ ${group(edge)} ms`);
  await figure.getByText("Show the numbers").click();
  await expect(figure.locator("tbody tr").last()).toHaveText(`≥ ${group(edge)}500,000 (slowest)1`);
  await screenshots(page, "run-page-latency-overflow");
});

test("a scenario name links to its page and back; unknown runs are 404", async ({ page }) => {
  await page.goto(runUrl(RUN, "sort=name"));
  const link = page.getByRole("link", { name: "restaurant__burger_spicy_feast" });
  await expect(link).toHaveAttribute("href", `/runs/${RUN}/scenarios/restaurant__burger_spicy_feast?sort=name`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/runs/${RUN}/scenarios/restaurant__burger_spicy_feast\\?sort=name$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("restaurant__burger_spicy_feast");
  await screenshots(page, "run-scenario-link");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: RUN })).toBeVisible();
  const missing = await page.goto(runUrl("no/such/run"));
  expect(missing?.status()).toBe(404);
});

test("a row link carries the filtered view, so the scenario page's next walks the filtered list", async ({ page }) => {
  await page.goto(runUrl(RUN));
  await expect(count(page)).toHaveText("6 of 6 scenarios");
  await page.getByRole("button", { name: "Failed", exact: true }).click();
  await expect(count(page)).toHaveText("2 of 6 scenarios");
  await page.getByPlaceholder("Search names and judge reasons…").fill("__");
  await expect(page).toHaveURL(/[?&]q=__/);
  await page.locator('[data-sort-key="name"]').click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect.poll(() => tableNames(page)).toEqual(["restaurant__burger_spicy_feast", "tau2_airline__12"]);

  // Without the filter, the next scenario by name would be restaurant__deli_italian_sub_lunch.
  const view = "q=__&quick=failed&sort=name&dir=asc";
  const link = page.getByRole("link", { name: "restaurant__burger_spicy_feast" });
  await expect(link).toHaveAttribute("href", `/runs/${RUN}/scenarios/restaurant__burger_spicy_feast?${view}`);
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("restaurant__burger_spicy_feast");
  await expect(page.getByTestId("nav-position")).toContainText("1 of 2 in the filtered list");
  const next = page.getByTestId("nav-next");
  await expect(next).toHaveAttribute("href", `/runs/${RUN}/scenarios/tau2_airline__12?${view}`);
  await next.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("tau2_airline__12");
  await expect(page).toHaveURL(new RegExp(`/scenarios/tau2_airline__12\\?${view}$`));
  await expect(page.getByTestId("nav-position")).toContainText("2 of 2 in the filtered list");
  await expect(page.getByTestId("nav-next")).toHaveAttribute("aria-disabled", "true");
});

describeLayout((url) => {
  for (const vp of VIEWPORTS) {
    test(`${vp.name}: last night's failing rows lead with a whole name, the "vs previous" line first, the start time in words`, async ({ page }) => {
      await page.setViewportSize(vp);
      for (const [id, started] of [
        [LAST_NIGHT, "2026-11-30 02:00"],
        [SIX_LAST, "2026-11-26 02:00"],
      ] as const) {
        await page.goto(`${url()}${runPath(id)}`);
        const failing = page.locator('[data-testid="scenario-scroll"] tbody tr[role="row"]').filter({ has: page.locator('[data-col="verdict"] .scn-fail') });
        await expect(failing.first(), `${id}: a failing row`).toBeVisible({ timeout: 15_000 });
        await expectNoPageScroll(page, `${id} run page`);
        const marked = failing.filter({ has: page.getByTestId("failure-mark") });
        expect(await marked.count(), `${id}: failing rows carry their marks`).toBeGreaterThan(0);
        for (const row of await failing.all()) {
          const name = row.locator('[data-col="name"] a');
          const nameBox = await expectInView(name, `${id}: a failing row's name`, vp.width);
          expect(nameBox.width, "the name is drawn, not squeezed out by its marks").toBeGreaterThan(40);
          await expectTextWhole(name, `${id}: the failing row's name ${await name.textContent()}`);
          const badge = row.getByTestId("failure-mark");
          if ((await badge.count()) > 0) {
            const b = (await badge.boundingBox())!;
            const overlaps = b.x < nameBox.x + nameBox.width && nameBox.x < b.x + b.width && b.y < nameBox.y + nameBox.height && nameBox.y < b.y + b.height;
            expect(overlaps, "the mark does not cover the name").toBe(false);
            await expectTextWhole(badge, "the mark's text");
            await expectInView(badge, "the mark", vp.width);
          }
          await expectInView(row.locator('[data-col="verdict"]'), `${id}: the verdict`, vp.width);
          if (vp.name === "phone") {
            // The name, the verdict and the failing signals in the table's box without scrolling it.
            const box = (await page.getByTestId("scenario-scroll").boundingBox())!;
            const signals = (await row.locator('[data-col="failed_signals"]').boundingBox())!;
            expect(signals.x + signals.width, `${id}: the failing signals end inside the table's box`).toBeLessThanOrEqual(box.x + box.width + 0.5);
          }
        }
        const line = page.getByTestId("changes-line");
        const table = page.getByTestId("scenario-scroll");
        const lineBox = (await line.boundingBox())!;
        if (vp.name === "phone") {
          expect(lineBox.y + lineBox.height, `${id}: the "vs previous" line comes before the table`).toBeLessThanOrEqual((await table.boundingBox())!.y);
          expect(lineBox.y + lineBox.height, `${id}: the "vs previous" line is on the first screen`).toBeLessThanOrEqual(vp.height);
          const first = (await failing.first().boundingBox())!;
          expect(first.y + first.height, `${id}: the first failing row is on the first screen`).toBeLessThanOrEqual(vp.height);
        }
        // The start in words, as the last activity is: the time, then how long ago.
        const header = page.locator("header dl");
        await expect(header.locator("div", { hasText: "Started" })).toContainText(new RegExp(`${started} · \\d+ days? ago`));
        await expect(header.locator("div", { hasText: "Last activity" })).toContainText(/\d{4}-\d\d-\d\d \d\d:\d\d · \d+ days? ago/);
        await page.screenshot({ path: path.join(SHOTS, `layout-run-${id.replaceAll("/", "_")}-${vp.name}.png`) });
      }
    });
  }
});
