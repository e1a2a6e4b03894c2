/**
 * Issue 14, "what a newcomer tripped over", in real Chromium: judge errors, stalls in compare,
 * labelled denominators, latency ranges, run history, layout at 1440 and 390 px, consistency.
 */
import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { EIGHT, EIGHT_DOMAINS, FINISHED, KILLED, NA_SCENARIO, RESUMED, SLOW, writeNewcomerResults } from "./newcomer-fixtures.ts";
import { parseCsv, tempResults, type TempResults } from "./runs-fixtures.ts";

const NAN = "qa__trivia_0";
const WAIT = { timeout: 15_000 };

let dir: TempResults;
let dashboard: Dashboard;

const runUrl = (id: string, query = "") => `${dashboard.url}runs/${encodeURIComponent(id)}${query ? `?${query}` : ""}`;
const scenarioUrl = (id: string, name: string) => `${dashboard.url}runs/${encodeURIComponent(id)}/scenarios/${encodeURIComponent(name)}`;
const compare = (query = "") => `${dashboard.url}compare?base=${FINISHED}&runs=${RESUMED}${query ? `&${query}` : ""}`;
const rows = (page: Page) => page.locator('[data-testid="scenario-scroll"] tbody tr[role="row"]');

/** The page is no wider than the window (nothing forces a horizontal scrollbar). */
async function expectNoHorizontalOverflow(page: Page, what: string) {
  const { scroll, client, culprit } = await page.evaluate(() => {
    const scroll = document.documentElement.scrollWidth;
    // The innermost element reaching the page's right edge: what to fix when this fails.
    const reaching = [...document.querySelectorAll("body *")].filter((el) => Math.round(el.getBoundingClientRect().right) >= scroll - 1);
    const last = reaching[reaching.length - 1];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : el.id ? `#${el.id}` : ""}`;
    const path: string[] = [];
    for (let el: Element | null = last ?? null; el && el !== document.body && path.length < 8; el = el.parentElement)
      if (el.getAttribute("data-testid") || el.id || path.length === 0) path.push(name(el));
    const culprit = last ? `${path.join(" < ")} "${(last.textContent ?? "").slice(0, 40)}"` : "none";
    return { scroll, client: document.documentElement.clientWidth, culprit };
  });
  expect(scroll, `${what}: page width ${scroll} px in a ${client} px window (widest: ${culprit})`).toBeLessThanOrEqual(client);
}

test.beforeAll(async () => {
  dir = await tempResults("newcomer");
  await writeNewcomerResults(dir.results);
  dashboard = await startDashboard(dir.results);
});

test.afterAll(async () => {
  await dashboard?.stop();
  await dir?.cleanup();
});

test("1. a NaN judge score reads 'judge error (NaN)', sorts after every number both ways, and keeps the harness's nan", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 2400 });
  for (const dir of ["desc", "asc"] as const) {
    await page.goto(runUrl(FINISHED, `sort=judge_score&dir=${dir}`));
    await expect(page.getByTestId("scenario-count"), "the table loaded").toHaveText("24 of 24 scenarios", WAIT);
    await expect(rows(page), "all 24 rows rendered").toHaveCount(24, WAIT);
    const last = rows(page).last();
    await expect(last.locator("td").first(), `the NaN row is last (${dir})`).toHaveText(NAN, WAIT);
    await expect(last.locator("[data-judge-error]"), "its judge cell").toHaveText("judge error (NaN)", WAIT);
    const scores = (await rows(page).locator("td:nth-child(7)").allTextContents()).slice(0, 23).map((t) => parseFloat(t));
    expect(scores.every(Number.isFinite), "every other row has a number").toBe(true);
    expect(
      scores.every((x, i) => i === 0 || (dir === "desc" ? scores[i - 1]! >= x : scores[i - 1]! <= x)),
      `numbers in ${dir} order`,
    ).toBe(true);
  }

  // The run's mean stays `nan`, with why and our mean over the valid scores.
  const card = page.locator('[data-rate="judge_score_mean"]');
  await expect(card.locator("[data-value]"), "the harness's mean").toHaveText("nan", WAIT);
  const note = card.getByTestId("judge-mean-note");
  await expect(note, "why it is nan").toContainText("judge error (NaN)", WAIT);
  await expect(note.locator('[data-part="valid-count"]'), "valid scores").toHaveText("21", WAIT);
  await expect(note.locator('[data-part="valid-mean"]'), "our mean").toHaveText(/^0\.\d{3}$/, WAIT);
  await expect(note, "labelled as ours").toContainText("Ours", WAIT);

  // Exports say it too.
  const [csv] = await Promise.all([page.waitForEvent("download", { timeout: 15_000 }), page.getByRole("button", { name: "Export CSV" }).click()]);
  const table = parseCsv(await readFile((await csv.path()) as string, "utf8"));
  const col = table[0]!.indexOf("judge_score");
  expect(table.find((r) => r[0] === NAN)![col], "CSV judge_score of the NaN row").toBe("judge error (NaN)");
  const [json] = await Promise.all([page.waitForEvent("download", { timeout: 15_000 }), page.getByRole("button", { name: "Export JSON" }).click()]);
  const list = JSON.parse(await readFile((await json.path()) as string, "utf8")) as Array<{ name: string; judge_score: unknown; judge_error: unknown }>;
  expect(
    list.find((r) => r.name === NAN),
    "JSON row",
  ).toMatchObject({ judge_score: "judge error (NaN)", judge_error: "NaN" });

  // The scenario page: the label, a judge-failure hint, no "below threshold".
  await page.goto(scenarioUrl(FINISHED, NAN));
  await expect(page.getByTestId("judge-score"), "judge evidence").toContainText("judge error (NaN)", WAIT);
  await expect(page.getByTestId("judge-score"), "no below-threshold badge").not.toContainText("below threshold");
  await expect(page.locator('[data-hint="judge-error"]'), "judge-failure hint").toContainText("not an agent failure", WAIT);
  await expect(page.getByTestId("scenario-header").locator("[data-judge-error]"), "header fact").toHaveText("judge error (NaN)", WAIT);

  // Compare: the row's judge cell and the headline's judge mean.
  await page.goto(compare());
  await expect(page.locator(`[data-testid="compare-table"] tr[data-scenario="${NAN}"] [data-judge-error]`), "compare row").toHaveText(
    "judge error (NaN)",
    WAIT,
  );
  const mean = page.locator('[data-testid="headline-rates"] tr[data-rate="judge_score_mean"]');
  await expect(mean.getByTestId("delta-judge_score_mean"), "no bare dash for the change").toContainText("judge error (NaN)", WAIT);
  await expect(mean.getByTestId("judge-mean-note").first(), "our valid mean beside it").toContainText("ours", WAIT);

  // The one-scenario compare page.
  await page.goto(`${dashboard.url}compare/scenario?base=${FINISHED}&run=${RESUMED}&name=${NAN}`);
  await expect(page.locator('[data-judge-error="NaN"]'), "the baseline side").toHaveText("judge error (NaN)", WAIT);
});

test("2-3. compare: stall warning, stalled rows marked on both sides, stalls kept apart from fixed; blocks say what they count", async ({ page }) => {
  await page.goto(compare());
  const warning = page.getByTestId("compare-warnings").locator('[data-kind="stalled"]');
  await expect(warning, "the stall warning").toContainText("2 scenario(s) stalled in the baseline", WAIT);
  await expect(warning).toContainText("tau2_airline__41");
  const row = page.locator('[data-testid="compare-table"] tr[data-scenario="tau2_airline__41"]');
  await expect(row, "a flip out of a stall is not a fix").toHaveAttribute("data-change", "was_stalled", WAIT);
  await expect(row).toContainText("Was stalled");
  await expect(row.locator('[data-stalled="true"]'), "the stalled side is marked").toHaveCount(1);
  const both = page.locator('[data-testid="compare-table"] tr[data-scenario="tau2_telecom__mms_issue__bad_apn_settings__persona_hard"]');
  await expect(both.locator('[data-stalled="true"]'), "marked on its stalled side").toHaveCount(1, WAIT);
  // Every "fixed" row is a real verdict change: neither side stalled.
  for (const fixed of await page.locator('[data-testid="compare-table"] tr[data-change="fixed"]').all()) {
    await expect(fixed.locator('[data-stalled="true"]'), "fixed rows have no stalled side").toHaveCount(0);
  }
  await expect(
    page
      .getByRole("button", { name: /Was stalled/ })
      .or(page.getByRole("link", { name: /Was stalled/ }))
      .first(),
    "its own bucket",
  ).toBeVisible(WAIT);

  await expect(page.locator("#headline-heading"), "headline block").toContainText("each run over its own scenarios", WAIT);
  await expect(page.locator("#signals-heading"), "signals block").toContainText("where the signal gated the verdict", WAIT);
  await expect(page.getByText("Paired tests on the scenarios both runs scored"), "paired block").toBeVisible(WAIT);
});

test("4. latency: a small run with one 60 s turn gets an overflow bar; the compare CDF offers a log scale", async ({ page }) => {
  await page.goto(runUrl(SLOW, "tab=latency"));
  const figure = page.getByRole("figure", { name: /Turn latency histogram, all domains \(29 measurements\)/ });
  await expect(figure, "the overflow note").toContainText(/The last bar holds the 1 turn at or above [\d,]+ ms .*up to 60,000 ms\./, WAIT);
  await expect(figure.locator("text.recharts-cartesian-axis-tick-value", { hasText: "≥" }), "the ≥ bar label").toHaveCount(1, WAIT);
  await figure.getByText("Show the numbers").click();
  const last = figure.locator("tbody tr").last();
  await expect(last, "the overflow row holds the one slow turn").toHaveText(/^≥ [\d,]+60,000 \(slowest\)1$/, WAIT);
  const edge = Number(/^≥ ([\d,]+)60,000 \(slowest\)/.exec((await last.textContent()) ?? "")![1]!.replaceAll(",", ""));
  // The bulk's slowest turn is 14,479 ms; the regular bars end at the next 1,000 ms edge.
  expect(edge, "the regular bars end just past the bulk, far below 60 s").toBeGreaterThan(14_479);
  expect(edge).toBeLessThanOrEqual(15_000);

  await page.goto(compare());
  const log = page.getByTestId("cdf-log");
  await expect(log, "log scale on for a long tail").toBeChecked(WAIT);
  await expect(page.getByTestId("latency-cdf"), "the log axis label").toContainText("log scale", WAIT);
  await log.uncheck();
  await expect(page.getByTestId("latency-cdf"), "back to linear").not.toContainText("log scale", WAIT);
});

test("5. a resumed run tells its sessions and killed folders; a killed run names where it died", async ({ page }) => {
  await page.goto(runUrl(RESUMED, "tab=history"));
  const history = page.locator("#history");
  const sessions = history.getByTestId("history-session");
  await expect(sessions, "two sessions").toHaveCount(2, WAIT);
  await expect(sessions.nth(0), "session 1").toContainText("started 2026-11-24 09:15:00");
  await expect(sessions.nth(0)).toContainText("restaurant__burger_classic_combo");
  await expect(sessions.nth(1)).toContainText("resume");
  await expect(sessions.nth(1).getByTestId("history-judge"), "judge on").toHaveText("on");
  await expect(sessions.nth(1).getByTestId("history-loaded"), "loaded from disk").toContainText("13 loaded");
  await expect(sessions.nth(1).getByTestId("history-ran"), "re-run").toContainText("11 run");
  const killed = history.getByTestId("killed-folders");
  for (const name of ["restaurant__burger_classic_combo", "tau2_retail__103", "tau2_telecom__service_issue__airplane_mode_on__line_suspended__persona_none"]) {
    await expect(killed, `killed folder of ${name}`).toContainText(`${name}.killed.20261124_160211`);
    await expect(killed.getByRole("link", { name, exact: true }), `link to ${name}`).toHaveAttribute("href", `/runs/${RESUMED}/scenarios/${name}`);
  }
  await page.getByRole("link", { name: "3", exact: true }).click();
  await expect(page, "the header count links to the panel").toHaveURL(/#history$/, WAIT);

  await page.goto(runUrl(KILLED, "tab=history"));
  await expect(page.locator("h1 + span, h1 ~ span").first(), "the run is killed").toContainText("killed", WAIT);
  await expect(page.getByTestId("died-in"), "where it died").toContainText(
    "10/24 tau2_telecom__service_issue__airplane_mode_on__line_suspended__persona_none",
    WAIT,
  );
});

test("6. layout: 8 domain labels apart, compare per-domain fits 1440 px, no page wider than 1440 or 390 px, cut text readable", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(runUrl(EIGHT, "tab=domains"));
  // The grid first; the bar charts one click away.
  await expect(page.locator("[data-domain-cell]").first(), "the domain grid").toBeVisible(WAIT);
  await page.getByText("Bar charts per rate").click();
  const ticks = page.locator('figure[aria-labelledby="domain-success_rate-caption"] [data-domain-tick]');
  await expect(ticks, "eight labels").toHaveCount(EIGHT_DOMAINS.length, WAIT);
  // The labels are parallel, slanted 35° and end at their tick: two neighbours' glyphs (10 px font)
  // stay apart when the ticks are at least 10 / sin 35° ≈ 17.5 px apart along the axis.
  const ends = (await Promise.all((await ticks.all()).map((t) => t.boundingBox()))).map((b) => b!.x + b!.width);
  const rotated = await ticks.first().evaluate((el) => el.getAttribute("transform"));
  expect(rotated, "labels are slanted").toContain("rotate(-35)");
  for (let i = 1; i < ends.length; i++) expect(ends[i]! - ends[i - 1]!, `labels ${i - 1} and ${i} apart`).toBeGreaterThanOrEqual(17.5);
  await expect(
    page.locator('figure[aria-labelledby="domain-success_rate-caption"] [data-domain-tick]').first().locator("title"),
    "full name on hover",
  ).toHaveText(/customer_service/);

  await page.goto(compare());
  const box = page.locator("#per-domain");
  await expect(box.getByTestId("per-domain"), "the table").toBeVisible(WAIT);
  const { table, panel } = await box.evaluate((el) => ({ table: el.querySelector("table")!.scrollWidth, panel: el.clientWidth }));
  expect(table, `per-domain table ${table} px in a ${panel} px panel`).toBeLessThanOrEqual(panel);
  await expect(page.locator("#per-domain-heading"), "SMALL N once, in the heading").toContainText("small n");
  await expect(box.locator("td").filter({ hasText: "small n" }), "no cell repeats the badge").toHaveCount(0);
  const marked = await box.locator('td[data-small="true"]').count();
  expect(await box.locator('td [data-small-mark="true"]').count(), "a mark on exactly the small cells").toBe(marked);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [what, url] of [
      ["run page", runUrl(FINISHED)],
      ["resumed run page (history panel)", runUrl(RESUMED, "tab=history")],
      ["scenario page", scenarioUrl(FINISHED, "tau2_telecom__mms_issue__bad_apn_settings__data_mode_off__persona_none")],
      ["compare page", compare()],
    ] as const) {
      await page.goto(url);
      await expect(page.locator("h1").first(), `${what} loaded`).toBeVisible(WAIT);
      await page.waitForLoadState("networkidle", { timeout: 15_000 });
      await expectNoHorizontalOverflow(page, `${what} at ${width} px`);
    }
  }

  // Truncated cells: the full text on hover (title) and on focus (tabindex, shown in place).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(runUrl(FINISHED, "q=bad_apn_settings__data_mode_off"));
  await expect(page.getByTestId("scenario-count"), "filtered").toHaveText("1 of 24 scenarios", WAIT);
  const signals = rows(page).first().locator("td:nth-child(5) .trunc-full");
  await expect(signals, "the second failing signal is in the title").toHaveAttribute("title", "db_state_assertion, nl_assertion", WAIT);
  await expect(signals).toHaveAttribute("tabindex", "0");
  // Failing signals wrap to two lines (three on a phone) before they are cut: these two fit; focus shows any cut text whole.
  await signals.focus();
  await expect
    .poll(() => signals.evaluate((el) => el.clientWidth >= el.scrollWidth && el.clientHeight >= el.scrollHeight), {
      message: "shown in full on focus",
      timeout: 5_000,
    })
    .toBe(true);
  await expect(signals, "both signals readable in the cell").toContainText("db_state_assertion, nl_assertion");
  const name = rows(page).first().locator("td:first-child a");
  await expect(name, "the long name in its title").toHaveAttribute("title", "tau2_telecom__mms_issue__bad_apn_settings__data_mode_off__persona_none");
});

test("7. legacy stop reason alike in table and page; documented N/A is a note; no validator text; runs list with denominators and stalls", async ({ page }) => {
  await page.goto(runUrl(KILLED, "q=tau2_retail__43"));
  await expect(page.getByTestId("scenario-count"), "filtered").toHaveText("1 of 9 scenarios", WAIT);
  await expect(rows(page).first().locator("td:nth-child(6)"), "table stop reason").toHaveText("not recorded", WAIT);
  await page.goto(scenarioUrl(KILLED, "tau2_retail__43"));
  await expect(page.getByTestId("scenario-header"), "page stop reason").toContainText("Stop reasonnot recorded", WAIT);

  await page.goto(scenarioUrl(SLOW, NA_SCENARIO));
  await expect(page.getByTestId("legacy-notes"), "a plain note").toContainText('db_state_match is "N/A"', WAIT);
  await expect(page.getByTestId("problems"), "not a problem").toHaveCount(0);
  await expect(page.getByTestId("db-state"), "not a mismatch").toHaveAttribute("data-state", "legacy-na");
  for (const url of [scenarioUrl(SLOW, NA_SCENARIO), runUrl(SLOW), dashboard.url]) {
    await page.goto(url);
    await expect(page.locator("body"), `no zod text on ${url}`).not.toContainText(/✖|Invalid input|→ at /, WAIT);
  }

  await page.goto(dashboard.url);
  const finished = page.locator(`tr[data-run-id="${FINISHED}"]`);
  await expect(finished.locator('[data-rate="success_rate"] [data-part="fraction"]'), "success denominator").toHaveText("9/24", WAIT);
  await expect(finished.locator('[data-rate="task_success_rate"] [data-part="fraction"]'), "task denominator").toHaveText("11/24");
  await expect(finished.getByTestId("stalled-count"), "stall count").toHaveText("2");
  await expect(page.locator(`tr[data-run-id="${RESUMED}"]`).getByTestId("stalled-count")).toHaveText("0");
  await finished.getByTestId("stalled-count").getByRole("link").click();
  await expect(page, "the count filters the run's stalled scenarios").toHaveURL(/quick=stalled/, WAIT);
  await expect(page.getByTestId("scenario-count")).toHaveText("2 of 24 scenarios", WAIT);
});
