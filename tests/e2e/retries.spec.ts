import { expect, test } from "@playwright/test";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { plantRetries, REASON_FEW, REASON_ZERO } from "../helpers/plant-retries.ts";

/*
 * Automatic retries and what the judge saw (issue 45), on three copies of one small run (6 scenarios):
 * "legacy" as the fixture is (its metrics.json predate auto_retry_count), "before" with every count 0
 * and retries switched off, and "after" with two scenarios retried (airline 34 twice, pizza once), the
 * attempts' folders kept, a --resume folder beside them, and the deli order's judge sent no <prediction>.
 */

const FIXTURE = fileURLToPath(new URL("../fixtures/harness/small-2-domains/run/eval_20260810_031700", import.meta.url));
const LEGACY = "legacy/eval_20260810_031700";
const BEFORE = "before/eval_20260810_031700";
const AFTER = "after/eval_20260810_031700";
const TWICE = "tau2_airline__34";
const NO_PREDICTION = "restaurant__deli_italian_sub_lunch";

let tmp: string;
let dashboard: Dashboard;
const runUrl = (id: string, query = "") => `${dashboard.url}runs/${encodeURIComponent(id)}${query}`;
const scenarioUrl = (id: string, name: string) => `${dashboard.url}runs/${encodeURIComponent(id)}/scenarios/${encodeURIComponent(name)}`;

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-retries-"));
  const results = path.join(tmp, "results");
  await cp(FIXTURE, path.join(results, LEGACY), { recursive: true });
  await plantRetries(FIXTURE, path.join(results, BEFORE), { retries: [], flags: { auto_resume_on_stale: false, max_auto_retries: 0 } });
  // In the run before, airline 34 failed: after, it passes on its third attempt (fixed by a retry).
  const m34 = path.join(results, BEFORE, TWICE, "metrics.json");
  await writeFile(
    m34,
    (await readFile(m34, "utf8"))
      .replace('"is_successful": true', '"is_successful": false')
      .replace('"failed": []', '"failed": ["db_state_match"]')
      .replace('"db_state_match",\n', ""),
  );
  await plantRetries(FIXTURE, path.join(results, AFTER), {
    retries: [
      { scenario: TWICE, reasons: [REASON_ZERO, REASON_FEW] },
      { scenario: "restaurant__pizza_pepperoni", reasons: [REASON_ZERO] },
    ],
    resumeFolders: [TWICE],
  });
  const judge = path.join(results, AFTER, NO_PREDICTION, "judge_result.json");
  const j = JSON.parse(await readFile(judge, "utf8")) as { judge_input: { user_content: string } };
  j.judge_input.user_content = j.judge_input.user_content.replace(/<prediction>\n[\s\S]*?\n<\/prediction>\n\n/, "");
  await writeFile(judge, JSON.stringify(j, null, 2));
  dashboard = await startDashboard(results);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("the run page counts the retries, a reason and the success rate without retries", async ({ page }) => {
  await page.goto(runUrl(AFTER));
  const note = page.locator("[data-retries]");
  await expect(note.getByRole("heading")).toHaveText("2 scenarios needed an automatic retry (3 discarded attempts)");
  await expect(note.getByRole("list", { name: "Retry reasons" })).toContainText(`2× ${REASON_ZERO}`);
  // The harness's 4/6; without retries airline 34 and pizza count as failures: 2/6.
  await expect(note).toContainText("Overall Success Rate without retries: 33.33% (2/6, 95% CI");
  await expect(note).toContainText("beside the harness's 66.67%");
  // The header's killed folders are the one a resume moved aside; the three attempts are the retries'.
  await expect(page.locator("dt", { hasText: "Killed folders" }).locator("xpath=following-sibling::dd")).toHaveText("1");
  // The table marks them, with the reasons on hover, and filters them.
  await note.getByRole("link", { name: "Show the retried scenarios in the table" }).click();
  await expect(page).toHaveURL(/quick=retried/, { timeout: 10_000 });
  const marks = page.getByTestId("retried-mark");
  await expect(marks).toHaveCount(2);
  await expect(page.locator("tr", { hasText: TWICE }).getByTestId("retried-mark")).toHaveText("retried ×2");
  await expect(page.locator("tr", { hasText: TWICE }).getByTestId("retried-mark")).toHaveAttribute(
    "title",
    `Retried automatically 2×: attempt 1: ${REASON_ZERO}; attempt 2: ${REASON_FEW}`,
  );
});

test("the run page counts the scenarios judged without each section", async ({ page }) => {
  await page.goto(runUrl(AFTER));
  const seen = page.getByRole("region", { name: "What the judges saw" });
  await expect(seen.locator('[data-without="prediction"]')).toHaveText("judged without <prediction> in 1");
  await expect(seen.locator('[data-without="conversation"]')).toContainText("in 6");
  await expect(seen.locator('[data-flag="actions-without-prediction"]')).toContainText("1 scenario:");
});

test("a run whose metrics.json predate the field says retry provenance unknown, not 0", async ({ page }) => {
  await page.goto(runUrl(LEGACY));
  await expect(page.locator('[data-retries="unknown"]')).toContainText("Retry provenance unknown");
  await page.goto(runUrl(BEFORE));
  await expect(page.locator('[data-retries="none"]')).toContainText("No scenario needed an automatic retry");
});

test("a twice-retried scenario lists both reasons in order and opens its first attempt's log", async ({ page }) => {
  await page.goto(scenarioUrl(AFTER, TWICE));
  await expect(page.getByTestId("retried-notice")).toContainText(`Scored on attempt 3: the harness discarded 2 earlier attempts (first: ${REASON_ZERO}).`);
  const card = page.locator("#retries");
  await expect(card).toContainText("Automatic retries: 2 attempts discarded before this one");
  const attempts = card.getByRole("list", { name: "Discarded attempts" }).locator("> li");
  await expect(attempts).toHaveCount(2);
  await expect(attempts.nth(0).locator('[data-part="reason"]')).toHaveText(REASON_ZERO);
  await expect(attempts.nth(1).locator('[data-part="reason"]')).toHaveText(REASON_FEW);
  await expect(attempts.nth(0)).toContainText("moved aside 2026-08-10 03:20:00");
  // The --resume folder beside them is not an attempt.
  await expect(card).not.toContainText(".killed.20260810_031500");
  const link = attempts.nth(0).getByRole("link", { name: /bridge_log\.txt/ });
  const href = await link.getAttribute("href");
  expect(href).toContain("/attempts/1/files/bridge_log.txt");
  const response = await page.request.get(new URL(href as string, dashboard.url).toString());
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe(`attempt 1 of ${TWICE}: ${REASON_ZERO}\n`);
  // Only the known files are served, and only from the attempt's own folder.
  expect((await page.request.get(new URL((href as string).replace("bridge_log.txt", "__KILLED__"), dashboard.url).toString())).status()).toBe(404);
  expect((await page.request.get(new URL((href as string).replace("/attempts/1/", "/attempts/3/"), dashboard.url).toString())).status()).toBe(404);
});

test("a scenario whose judge input lacks <prediction> says so on its page", async ({ page }) => {
  await page.goto(scenarioUrl(AFTER, NO_PREDICTION));
  const seen = page.getByTestId("judge-seen");
  await expect(seen.locator('[data-section="prediction"]')).toHaveText("<prediction> not seen");
  await expect(seen.locator('[data-section="reference"]')).toContainText("<reference> seen,");
  await expect(seen.locator('[data-flag="actions-without-prediction"]')).toContainText("without <prediction>");
  // Another scenario's judge saw it.
  await page.goto(scenarioUrl(AFTER, TWICE));
  await expect(page.getByTestId("judge-seen").locator('[data-section="prediction"]')).toContainText("<prediction> seen,");
});

test("compare with the run before shows the retries side by side and warns of a fix by a retry", async ({ page }) => {
  await page.goto(`${dashboard.url}compare?base=${encodeURIComponent(BEFORE)}&runs=${encodeURIComponent(AFTER)}`);
  const table = page.getByTestId("compare-retries");
  const retried = table.locator('tr[data-row="retried"] td');
  await expect(retried.nth(0)).toHaveText("0 scenarios");
  await expect(retried.nth(1)).toContainText("2 scenarios (3 attempts discarded)");
  await expect(table.locator('tr[data-row="without-retries"] td').nth(1)).toContainText("33.33%");
  const warnings = page.getByTestId("compare-warnings");
  await expect(warnings.locator('[data-kind="retried_change"]')).toContainText(`${TWICE} (retried ×2 in ${AFTER})`);
  await expect(warnings.locator('[data-kind="retried_change"]')).toContainText("fixed by a retry");
  await expect(warnings.locator('[data-kind="retry_flags"]')).toContainText("max_auto_retries 0 in");
});

test("trends draw the success rate without retries beside the rate, and the retried counts", async ({ page }) => {
  await page.goto(`${dashboard.url}trends`);
  const success = page.locator('[data-chart="Overall Success Rate"]');
  await expect(success.locator('[data-series="second"]')).toHaveCount(1);
  await expect(success.locator("[data-second-newest]")).toContainText("without retries");
  await expect(page.locator('[data-chart="Scenarios retried automatically"]')).toHaveCount(1);
});
