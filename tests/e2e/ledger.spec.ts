/**
 * The triage ledger in real Chromium, on a temp copy of the bundled examples plus a later run of the
 * same scenarios, with the ledger in its own temp --state-dir. Expected figures come from the API
 * (which reads the ledger and the files), never from the page itself.
 */
import { expect, test, type Page } from "@playwright/test";
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RunLedgerSummary, ScenarioLedger } from "../../lib/shared/ledger";
import { checksum } from "./helpers/checksum";
import { startDashboard, type Dashboard } from "./helpers/server";

const EXAMPLE = fileURLToPath(new URL("../../examples/results", import.meta.url));
const RUN = "eval_20261118_140000";
/** A later run of the same scenarios (a copy), so a label carries over. */
const LATER = "eval_20261201_090000";

let results: string;
let stateDir: string;
let before: string;
let dashboard: Dashboard | null = null;

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

test.beforeAll(async () => {
  results = await mkdtemp(join(tmpdir(), "ved-ledger-e2e-"));
  await cp(EXAMPLE, results, { recursive: true });
  await cp(join(results, RUN), join(results, LATER), { recursive: true });
  stateDir = await mkdtemp(join(tmpdir(), "ved-ledger-state-"));
  before = await checksum(results);
  dashboard = await startDashboard(results, { VOICE_EVAL_STATE_DIR: stateDir, VOICE_EVAL_USER: "e2e-triager" });
});

test.afterAll(async () => {
  await dashboard?.stop();
});

const url = (path: string) => new URL(path, dashboard!.url).toString();
const scenarioPath = (run: string, name: string) => `/runs/${encodeURIComponent(run)}/scenarios/${encodeURIComponent(name)}`;

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(url(path), { timeout: 10_000 });
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

const runSummary = async (page: Page, run: string) => (await api<{ summary: RunLedgerSummary }>(page, `/api/ledger/labels?run=${run}`)).summary;
const scenarioLedger = (page: Page, run: string, name: string) =>
  api<ScenarioLedger>(page, `/api/ledger/labels?run=${run}&scenario=${encodeURIComponent(name)}`);

async function keysReady(page: Page) {
  await expect(page.locator("body"), "the triage keys are live").toHaveAttribute("data-triage-keys", "on", { timeout: 15_000 });
  await expect(page.locator("body"), "the ledger stream is open").toHaveAttribute("data-ledger-live", "on", { timeout: 15_000 });
}

let labelled = "";

test("labels a failing scenario with the keyboard in the review queue; the label survives a reload and a server restart", async ({ page }) => {
  const queue = (await runSummary(page, RUN)).unreviewed;
  expect(queue.length, "the example run has failing scenarios to review").toBeGreaterThan(1);
  const [first, second] = queue as [string, string];
  await page.goto(url(`/runs/${RUN}?review=unreviewed`), { timeout: 30_000 });
  await expect(page, "the queue starts at the first unlabelled failure").toHaveURL(new RegExp(`/scenarios/${first}\\?review=unreviewed$`), { timeout: 15_000 });
  await keysReady(page);
  const panel = page.getByTestId("triage-panel");
  await expect(page.getByTestId("review-queue"), "the queue's count").toContainText(`${queue.length} unlabelled`, { timeout: 10_000 });
  await page.keyboard.press("3");
  await expect(panel, "key 3 saved ASR as the cause").toHaveAttribute("data-cause", "asr", { timeout: 10_000 });
  expect((await scenarioLedger(page, RUN, first)).label).toMatchObject({ cause: "asr", status: "confirmed", updatedBy: "e2e-triager" });

  // j walks to the next unlabelled failure.
  await page.keyboard.press("j");
  await page.waitForURL(new RegExp(`/scenarios/${second}\\?review=unreviewed$`), { timeout: 15_000 });
  await expect(page.getByTestId("review-queue"), "one fewer left").toContainText(`${queue.length - 1} unlabelled`, { timeout: 10_000 });

  await page.goto(url(scenarioPath(RUN, first)), { timeout: 30_000 });
  await page.reload({ timeout: 30_000 });
  await expect(page.getByTestId("ledger-current-cause"), "the label after a reload").toHaveText("ASR", { timeout: 10_000 });

  await dashboard!.stop();
  dashboard = await startDashboard(results, { VOICE_EVAL_STATE_DIR: stateDir, VOICE_EVAL_USER: "e2e-triager" });
  await page.goto(url(scenarioPath(RUN, first)), { timeout: 30_000 });
  await expect(page.getByTestId("ledger-current-cause"), "the label after a server restart").toHaveText("ASR", { timeout: 10_000 });
  await page.getByTestId("ledger-history-toggle").click({ timeout: 5_000 });
  await expect(page.getByTestId("ledger-history-entry"), "one history entry").toHaveCount(1, { timeout: 5_000 });
  labelled = first;
});

test("a later run of the same scenario suggests the earlier label, and y accepts it", async ({ page }) => {
  expect(labelled, "the first test labelled a scenario").not.toBe("");
  const view = await scenarioLedger(page, LATER, labelled);
  expect(view.suggestion?.from.run).toBe(RUN);
  await page.goto(url(scenarioPath(LATER, labelled)), { timeout: 30_000 });
  await keysReady(page);
  const suggestion = page.getByTestId("ledger-suggestion");
  await expect(suggestion, "the carried-over suggestion").toContainText(`labelled ASR in ${RUN}`, { timeout: 10_000 });
  await page.keyboard.press("y");
  await expect(page.getByTestId("triage-panel"), "y accepted the suggestion").toHaveAttribute("data-cause", "asr", { timeout: 10_000 });
  expect((await scenarioLedger(page, LATER, labelled)).label).toMatchObject({ cause: "asr", status: "confirmed" });
});

test("compare shows the label next to a still-failing scenario", async ({ page }) => {
  await page.goto(url(`/compare?base=${RUN}&runs=${LATER}`), { timeout: 30_000 });
  const row = page.locator("tr", { has: page.getByRole("link", { name: labelled, exact: true }) });
  await expect(row.getByTestId("compare-label"), "the ledger label on the compare row").toContainText("ASR", { timeout: 15_000 });
});

test("a judge override changes the judge–human agreement on the run page", async ({ page }) => {
  const candidates = (await runSummary(page, RUN)).unreviewed;
  let target = "";
  for (const name of candidates) {
    const detail = await api<{ row: { judge_passed: boolean | null } }>(page, `/api/runs/${RUN}/scenarios/${encodeURIComponent(name)}`);
    if (detail.row.judge_passed !== null) {
      target = name;
      break;
    }
  }
  expect(target, "a failing scenario with a judge verdict").not.toBe("");
  await page.goto(url(scenarioPath(RUN, target)), { timeout: 30_000 });
  await keysReady(page);
  await page.keyboard.press("5");
  await expect(page.getByTestId("triage-panel"), "key 5 saved Judge as the cause").toHaveAttribute("data-cause", "judge", { timeout: 10_000 });
  const agreed = (await runSummary(page, RUN)).agreement;

  await page.goto(url(`/runs/${RUN}?tab=triage`), { timeout: 30_000 });
  const figure = page.getByTestId("triage-agreement");
  const text = (a: { n: number; agree: number }) => `${((a.agree / a.n) * 100).toFixed(2)}% (n=${a.n})`;
  await expect(figure, "the agreement before the override").toHaveText(text(agreed), { timeout: 10_000 });

  await page.goto(url(scenarioPath(RUN, target)), { timeout: 30_000 });
  await page.getByText("Judge override").click({ timeout: 5_000 });
  await page.getByTestId("override-reason").fill("the judge missed the agent's correct answer", { timeout: 5_000 });
  await page.getByTestId("override-save").click({ timeout: 5_000 });
  await expect(page.getByTestId("judge-override-item"), "the override is listed").toHaveCount(1, { timeout: 10_000 });
  const after = (await runSummary(page, RUN)).agreement;
  expect(after.n).toBe(agreed.n);
  expect(after.agree).toBe(agreed.agree - 1);

  await page.goto(url(`/runs/${RUN}?tab=triage`), { timeout: 30_000 });
  await expect(figure, "the agreement after the override").toHaveText(text(after), { timeout: 10_000 });
  await expect(page.getByTestId("triage-overridden"), "the overridden scenario is listed").toContainText(target, { timeout: 10_000 });
});

test("two browser contexts editing one label end with the later value and both history entries", async ({ browser }) => {
  const a = await browser.newContext();
  const b = await browser.newContext();
  try {
    const pa = await a.newPage();
    const pb = await b.newPage();
    const name = (await runSummary(pa, RUN)).unreviewed[0] as string;
    expect(name, "an unlabelled failure").toBeTruthy();
    await pa.goto(url(scenarioPath(RUN, name)), { timeout: 30_000 });
    await pb.goto(url(scenarioPath(RUN, name)), { timeout: 30_000 });
    await keysReady(pa);
    await keysReady(pb);
    await pa.keyboard.press("1");
    await expect(pa.getByTestId("triage-panel"), "A saved Agent").toHaveAttribute("data-cause", "agent", { timeout: 10_000 });
    // B edits the form it loaded before A's save (the field edit keeps its draft), then saves.
    await pb.getByTestId("ledger-note").fill("simulator went off script", { timeout: 5_000 });
    await pb.locator('[data-cause="user-sim"]').click({ timeout: 5_000 });
    await expect(pb.getByTestId("triage-panel"), "B saved User simulator").toHaveAttribute("data-cause", "user-sim", { timeout: 10_000 });
    // B learns of A's edit either live (before its save) or from its save's conflict answer.
    await expect(pb.getByTestId("ledger-notice"), "B is told A changed it").toContainText(/Changed by e2e-triager|e2e-triager changed this/, {
      timeout: 10_000,
    });
    await expect(pa.getByTestId("triage-panel"), "A sees B's later value live").toHaveAttribute("data-cause", "user-sim", { timeout: 10_000 });
    await expect(pa.getByTestId("ledger-notice"), "A is told someone else changed it").toContainText("Changed by", { timeout: 10_000 });
    const view = await scenarioLedger(pa, RUN, name);
    expect(view.label).toMatchObject({ cause: "user-sim", revision: 2 });
    expect(view.history.map((h) => h.new?.cause)).toEqual(["agent", "user-sim"]);
    for (const p of [pa, pb]) {
      await p.getByTestId("ledger-history-toggle").click({ timeout: 5_000 });
      await expect(p.getByTestId("ledger-history-entry"), "both history entries").toHaveCount(2, { timeout: 10_000 });
    }
  } finally {
    await a.close();
    await b.close();
  }
});

test("a label written by another instance sharing the ledger appears live", async ({ page, playwright }) => {
  const second = await startDashboard(results, { VOICE_EVAL_STATE_DIR: stateDir, VOICE_EVAL_USER: "second-instance" });
  const ctx = await playwright.request.newContext({ timeout: 15_000 });
  try {
    const name = (await runSummary(page, RUN)).unreviewed[0] as string;
    await page.goto(url(scenarioPath(RUN, name)), { timeout: 30_000 });
    await keysReady(page);
    const at = (p: string) => new URL(p, second.url).toString();
    await expect
      .poll(async () => ((await (await ctx.get(at("/api/runs"))).json()) as { indexing?: unknown }).indexing === undefined, {
        message: "the second instance's first scan finished",
        timeout: 30_000,
      })
      .toBe(true);
    const html = await (await ctx.get(at(scenarioPath(RUN, name)))).text();
    const csrf = /\\?"csrf\\?":\\?"([A-Za-z0-9_-]+)\\?"/.exec(html)?.[1];
    expect(csrf, "the second instance's page embeds its CSRF token").toBeTruthy();
    const res = await ctx.post(at("/api/ledger/labels"), {
      data: { run: RUN, scenario: name, cause: "framework", status: "known-issue", ref: "42" },
      headers: { "content-type": "application/json", origin: new URL(second.url).origin, "x-ledger-csrf": csrf as string },
    });
    expect(res.status(), "the second instance accepted the write").toBe(200);
    await expect(page.getByTestId("triage-panel"), "the first instance's page shows it live").toHaveAttribute("data-cause", "framework", { timeout: 10_000 });
    await expect(page.getByTestId("ledger-notice"), "…and says who changed it").toContainText("Changed by second-instance", { timeout: 10_000 });
  } finally {
    await ctx.dispose();
    await second.stop();
  }
});

test("with an access token set, a ledger write without it is refused and changes nothing", async ({ playwright }) => {
  const token = "ledger-e2e-token";
  const own = await mkdtemp(join(tmpdir(), "ved-ledger-state-token-"));
  const guarded = await startDashboard(results, { VOICE_EVAL_STATE_DIR: own, VOICE_EVAL_TOKEN: token });
  const ctx = await playwright.request.newContext({ timeout: 15_000 });
  try {
    const at = (p: string) => new URL(p, guarded.url).toString();
    const origin = new URL(guarded.url).origin;
    const name = "qa__trivia_0";
    // The first scan must be done before the run's pages exist.
    const auth = { authorization: `Bearer ${token}` };
    await expect
      .poll(async () => ((await (await ctx.get(at("/api/runs"), { headers: auth })).json()) as { indexing?: unknown }).indexing === undefined, {
        message: "the first scan finished",
        timeout: 30_000,
      })
      .toBe(true);
    // The page (with the token) carries the CSRF token the panel sends back.
    const html = await (await ctx.get(at(scenarioPath(RUN, name)), { headers: { authorization: `Bearer ${token}` } })).text();
    const csrf = /\\?"csrf\\?":\\?"([A-Za-z0-9_-]+)\\?"/.exec(html)?.[1];
    expect(csrf, "the page embeds a CSRF token").toBeTruthy();
    const body = { run: RUN, scenario: name, cause: "agent", status: "confirmed" };
    const headers = { "content-type": "application/json", origin, "x-ledger-csrf": csrf as string };
    const refused = await ctx.post(at("/api/ledger/labels"), { data: body, headers });
    expect(refused.status(), "no token").toBe(401);
    const wrong = await ctx.post(at("/api/ledger/labels"), { data: body, headers: { ...headers, authorization: "Bearer nope" } });
    expect(wrong.status(), "a wrong token").toBe(401);
    const read = await ctx.get(at(`/api/ledger/labels?run=${RUN}&scenario=${name}`), { headers: { authorization: `Bearer ${token}` } });
    expect(((await read.json()) as ScenarioLedger).history, "nothing was written").toEqual([]);
    const ok = await ctx.post(at("/api/ledger/labels"), { data: body, headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(ok.status(), "with the token, origin and CSRF header").toBe(200);
  } finally {
    await ctx.dispose();
    await guarded.stop();
  }
});

test("the results folder is byte-identical after the ledger session", async () => {
  expect(await checksum(results)).toBe(before);
});
