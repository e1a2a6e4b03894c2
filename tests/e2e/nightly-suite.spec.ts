/**
 * The bundled example's nightly suite, as a user follows it:
 * - issue 43: a failing scenario's page says where the call first went differently from the last run
 *   in which it passed, with the two calls one click away side by side (`tau2_retail__43` regressed on
 *   night 9 and fails on the newest night; night 8 is its newest pass);
 * - issue 47: /trends shows the τ-voice interaction panel per night with recordings (the newest night's
 *   two recordings are copied into the two nights before it here).
 */
import { copyFile, cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

const NIGHTLY = fileURLToPath(new URL("../../examples/results/nightly", import.meta.url));
const NEWEST = "nightly/eval_20261130_020000";
const LAST_PASS = "nightly/eval_20261124_020000";
const WAIT = { timeout: 15_000 };
const SPOKEN = ["tau2_airline__28", "tau2_retail__43"];
const RECORDED = ["nightly/eval_20261128_020000", "nightly/eval_20261129_020000", NEWEST];

let root = "";
let dashboard: Dashboard;
test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "ved-divergence-"));
  await cp(NIGHTLY, path.join(root, "nightly"), { recursive: true });
  for (const night of RECORDED.slice(0, 2)) {
    for (const name of SPOKEN) await copyFile(path.join(root, NEWEST, name, "conversation_log.wav"), path.join(root, night, name, "conversation_log.wav"));
  }
  dashboard = await startDashboard(root);
});
test.afterAll(async () => {
  await dashboard?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

const scenarioUrl = (run: string, name: string) => `${dashboard.url}runs/${encodeURIComponent(run)}/scenarios/${encodeURIComponent(name)}`;

test("a regressed scenario names the last run it passed in, where the calls part, and opens the two side by side", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(scenarioUrl(NEWEST, "tau2_retail__43"));
  const cause = page.locator('[data-hint="divergence"]');
  await expect(cause).toBeVisible(WAIT);
  await expect(cause).toContainText(`First difference from ${LAST_PASS}, where this scenario passed`);
  const turnLink = cause.getByRole("link", { name: /turn \d+ ↓/ });
  const turn = Number(/turn (\d+)/.exec((await turnLink.textContent()) ?? "")?.[1]);
  expect(turn, "a transcript turn after the greeting").toBeGreaterThan(1);
  await expect(page.locator(`#turn-${turn}`), "the turn it points at is on the page").toHaveCount(1);
  // One turn numbering: the cause names the transcript's turn; the compare page's rows are the agent's replies, opened at that reply.
  await expect(cause).toContainText(`at turn ${turn}`);
  const side = cause.getByRole("link", { name: "side by side →" });
  const reply = Number(/#turn-(\d+)$/.exec((await side.getAttribute("href")) ?? "")?.[1]);
  expect(reply, "a reply after the reworded greeting").toBeGreaterThan(1);
  await cause.getByRole("link", { name: "side by side →" }).click();
  await expect(page).toHaveURL(/\/compare\/scenario\?/, WAIT);
  await expect(page.locator("h1")).toHaveText("tau2_retail__43", WAIT);
  expect(new URL(page.url()).searchParams.get("base")).toBe(LAST_PASS);
  expect(new URL(page.url()).searchParams.get("run")).toBe(NEWEST);
  // Opened at the exchange the cause names, marked there, beside the first difference (the reworded greeting).
  expect(new URL(page.url()).hash).toBe(`#turn-${reply}`);
  await expect(page.locator('[data-divergence="true"]')).toHaveAttribute("id", "turn-1");
  await expect(page.locator('[data-calls-part="true"]')).toHaveAttribute("id", `turn-${reply}`);
  // One turn numbering: the mark names the reply (the row) and the turn the scenario page's cause named.
  await expect(page.getByTestId("calls-part-link")).toHaveText(`They part for good at reply ${reply} (turn #${turn})`);
});

test("a passing scenario, and a failing one with no earlier pass, say nothing of the kind", async ({ page }) => {
  await page.goto(scenarioUrl(NEWEST, "qa__largest_ocean"));
  await expect(page.locator("#why")).toBeVisible(WAIT);
  await expect(page.locator('[data-hint="divergence"]')).toHaveCount(0);
  await page.goto(scenarioUrl("nightly/eval_20261117_020000", "tau2_retail__43"));
  await expect(page.locator("#why")).toBeVisible(WAIT);
  await expect(page.locator('[data-hint="divergence"]')).toHaveCount(0);
});

test("/trends shows the interaction panel of each night with recordings, oldest first, linked to its Audio tab", async ({ page }) => {
  await page.goto(`${dashboard.url}trends`);
  const table = page.getByTestId("interaction-nights");
  await expect(table).toBeVisible({ timeout: 60_000 });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(RECORDED.length);
  expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-night")))).toEqual(RECORDED);
  const KEYS = ["responseLatencyMean", "responseRate", "yieldLatencyMean", "yieldRate", "agentInterruptionRate"];
  const cells = async (night: string) => {
    const row = table.locator(`tr[data-night="${night}"]`);
    await expect(row.locator("td").first(), "two recordings measured").toHaveText("2");
    return Promise.all(KEYS.map(async (k) => ((await row.locator(`[data-interaction="${k}"]`).textContent()) ?? "").replace(/\s+/g, " ").trim()));
  };
  const newest = await cells(NEWEST);
  expect(newest[0], "the response latency, with its events").toMatch(/^\d+\.\d\d s · \d+$/);
  // The same recordings on each night: the same figures.
  for (const night of RECORDED.slice(0, 2)) expect(await cells(night), night).toEqual(newest);
  await table.locator(`tr[data-night="${NEWEST}"] a`).click();
  await expect(page).toHaveURL(/tab=audio/, WAIT);
  const panel = page.getByTestId("interaction-panel").first();
  await expect(panel, "the night's own panel").toBeVisible({ timeout: 30_000 });
  for (const [i, k] of KEYS.entries()) {
    const own = ((await panel.locator(`[data-interaction="${k}"] dd`).textContent()) ?? "").replace(/\s+/g, " ").trim();
    const [value, events] = newest[i]!.split(" · ");
    expect(own, `${k}: as on the run's Audio tab`).toBe(`${value} · ${events} event${events === "1" ? "" : "s"}`);
  }
});

test("the scenario page says how a failure stands in words, by the run page's rule, and each turn link lands its turn in view", async ({ page }) => {
  const changes = (await (await page.request.get(`${dashboard.url}api/runs/${encodeURIComponent(NEWEST)}/changes`)).json()) as {
    marks: Record<string, { kind: string; since?: string; runs?: number }>;
  };
  const mark = changes.marks.tau2_retail__43;
  expect(mark?.kind, "the run page's mark for the worst failure").toBe("still_failing");
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(scenarioUrl(NEWEST, "tau2_retail__43"));
    // In words, not only in the strip cells' hover titles.
    const words = page.getByTestId("failure-words");
    await expect(words).toBeVisible(WAIT);
    await expect(words).toContainText(`Failing since ${mark!.since!.slice(0, 10)} (${mark!.runs} runs)`);
    // "Where it went wrong" is the first likely cause as listed.
    const wentWrong = await page.getByTestId("went-wrong").locator("a").getAttribute("href");
    await expect(page.locator('[data-testid="hints"] > li').first().locator(`a[href="${wentWrong}"]`)).toHaveCount(1);
    // Every "turn N ↓" link of the first card lands its turn below the sticky audio panel, in view.
    const links = page.locator('#why a[href^="#turn-"]');
    const count = await links.count();
    expect(count, "the causes link turns").toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      await page.evaluate(() => window.scrollTo(0, 0));
      const href = (await links.nth(i).getAttribute("href")) as string;
      await links.nth(i).click();
      const turn = page.locator(href);
      await expect(turn, `${href} at ${viewport.width} px`).toBeInViewport();
      await expect
        .poll(
          async () => {
            const panel = await page.locator("#audio").boundingBox();
            const box = await turn.boundingBox();
            return panel && box ? box.y - (panel.y + panel.height) : -1;
          },
          { message: `${href} is not under the sticky audio panel at ${viewport.width} px`, timeout: 5_000 },
        )
        .toBeGreaterThanOrEqual(-1);
    }
  }
});
