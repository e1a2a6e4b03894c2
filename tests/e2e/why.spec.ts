/**
 * Issue 43: why a scenario failed is on the first screen. The bundled example's newest nightly run
 * (its worst failure), and the same run with only metrics.json and judge_result.json per scenario:
 * every turn of metrics.json is shown, and the judge's reason and a failing signal start above
 * y = 900 at 1440×900. At 390×844 the run table's first failing row shows its verdict and failing
 * signal inside the viewport.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { SHOTS, screenshots } from "./helpers/screenshots.ts";

const NIGHT = fileURLToPath(new URL("../../examples/results/nightly/eval_20261130_020000", import.meta.url));
const FULL = "nightly/eval_20261130_020000";
const LEAN = "lean/eval_20261130_020000";
const WORST = "tau2_retail__43";
const PASSING = "qa__largest_ocean";
const WAIT = { timeout: 15_000 };

let root = "";
let dashboard: Dashboard;

test.beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "ved-why-"));
  await cp(NIGHT, path.join(root, FULL), { recursive: true });
  // The lean copy: every scenario folder keeps only metrics.json and judge_result.json.
  const lean = path.join(root, LEAN);
  await cp(NIGHT, lean, { recursive: true });
  for (const entry of await readdir(lean, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const file of await readdir(path.join(lean, entry.name))) {
      if (file !== "metrics.json" && file !== "judge_result.json") await rm(path.join(lean, entry.name, file), { recursive: true });
    }
  }
  dashboard = await startDashboard(root);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

const scenarioUrl = (run: string, name: string) => `${dashboard.url}runs/${encodeURIComponent(run)}/scenarios/${encodeURIComponent(name)}`;

async function top(locator: Locator): Promise<number> {
  await expect(locator).toBeVisible(WAIT);
  const box = await locator.boundingBox();
  if (!box) throw new Error("no box");
  return box.y;
}

async function metricsTurns(run: string, name: string): Promise<Array<{ role: string; text: string }>> {
  const m = JSON.parse(await readFile(path.join(root, run, name, "metrics.json"), "utf8")) as { turns: Array<{ role: string; text: string }> };
  return m.turns;
}

async function firstScreenSaysWhy(page: Page, run: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(scenarioUrl(run, WORST));
  const turns = await metricsTurns(run, WORST);
  // Every turn of metrics.json, in order, with its words; the header's count agrees.
  const shown = page.locator('[data-testid="transcript"] li[data-turn]');
  await expect(shown, "every metrics.json turn is in the transcript").toHaveCount(turns.length, WAIT);
  await expect(page.getByTestId("turn-text")).toHaveText(
    turns.map((t) => t.text),
    WAIT,
  );
  await expect(page.getByTestId("turns-count")).toHaveText(String(turns.length));
  await expect(page.getByTestId("transcript-summary")).toContainText(`${turns.length} turns from`);
  // The judge's reason and a failing signal with its value start on the first screen.
  const reason = page.getByTestId("why-reason");
  await expect(reason).toContainText("wrong identifier", WAIT);
  expect(await top(reason), "the judge's reason starts above y = 900").toBeLessThan(900);
  const signal = page.locator('[data-testid="why-signals"] li[data-signal="db_state_match"]');
  await expect(signal).toContainText("DB hashes differ");
  expect(await top(signal), "a failing signal starts above y = 900").toBeLessThan(900);
  // The likely cause the words show (the id read back wrong), with its turn linked.
  const cause = page.locator('[data-hint="read-back"]');
  await expect(cause).toContainText("E1535641");
  expect(await top(cause)).toBeLessThan(900);
  await expect(page.getByTestId("went-wrong").locator("a")).toHaveAttribute("href", /#turn-\d+$/);
  // The triage form is below the evidence on a failure.
  expect(await top(page.locator("#triage"))).toBeGreaterThan(await top(page.locator("#transcript")));
}

test("the newest nightly run's worst failure says why on the first screen at 1440×900", async ({ page }) => {
  await firstScreenSaysWhy(page, FULL);
  await page.screenshot({ path: path.join(SHOTS, "why-scenario-full-1440-first-screen.png") });
  await screenshots(page, "why-scenario-full-1440", { fromTop: true });
});

test("with only metrics.json and judge_result.json: the transcript from metrics.json, the same first screen, and the report answers", async ({ page }) => {
  await firstScreenSaysWhy(page, LEAN);
  await expect(page.getByTestId("transcript-sources")).toContainText("Absent: conversation_log.txt / .seglst.json (per-segment times)");
  await expect(page.getByTestId("transcript-summary")).toContainText("from metrics.json");
  await page.screenshot({ path: path.join(SHOTS, "why-scenario-lean-1440-first-screen.png") });
  await screenshots(page, "why-scenario-lean-1440", { fromTop: true });
  const res = await page.request.get(`${dashboard.url}api/runs/${encodeURIComponent(LEAN)}/scenarios/${WORST}/report.md`);
  expect(res.status()).toBe(200);
  const report = await res.text();
  expect(report).toContain("## Why it failed");
  expect(report).toContain("13 turn(s) from metrics.json.");
  const run = await page.request.get(`${dashboard.url}api/runs/${encodeURIComponent(LEAN)}/report.md`);
  expect(await run.text()).toMatch(new RegExp(`\\| ${WORST} \\| db_state_match: [^|]+ \\| The agent applied the change with a wrong identifier`));
});

test("a passing scenario's triage starts collapsed to one line, and keys 1–5 still label it", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(scenarioUrl(LEAN, PASSING));
  const collapsed = page.getByTestId("triage-collapsed");
  await expect(collapsed).toBeVisible(WAIT);
  await expect(collapsed).not.toHaveAttribute("open", /.*/);
  const box = await collapsed.locator(":scope > summary").boundingBox();
  expect(box?.height ?? 99, "one line").toBeLessThan(40);
  await expect(page.getByTestId("triage-panel")).toBeHidden();
  await page.locator("h1").click();
  await page.keyboard.press("4");
  await expect(page.getByTestId("triage-panel"), "the key labelled it while collapsed").toHaveAttribute("data-cause", "framework", WAIT);
});

test("at 390×844 the run table's first failing row shows its verdict and failing signal on the first screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const run of [FULL, LEAN]) {
    await page.goto(`${dashboard.url}runs/${encodeURIComponent(run)}`);
    const failing = page
      .locator('[data-testid="scenario-scroll"] tbody tr[role="row"]')
      .filter({ has: page.locator('[data-col="verdict"] .scn-fail') })
      .first();
    await expect(failing).toBeVisible(WAIT);
    for (const col of ["verdict", "failed_signals"]) {
      const cell = failing.locator(`[data-col="${col}"]`);
      await expect(cell).toBeVisible();
      const b = await cell.boundingBox();
      if (!b) throw new Error(`no box for ${col}`);
      expect(b.x, `${col} starts inside the viewport`).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, `${col} ends inside the 390 px viewport`).toBeLessThanOrEqual(390);
      expect(b.y + b.height, `${col} is on the first screen`).toBeLessThanOrEqual(844);
    }
    await expect(failing.locator('[data-col="failed_signals"]')).toContainText("db_state_match");
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "no horizontal scroll of the page").toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: path.join(SHOTS, "why-run-lean-390-first-screen.png") });
  await screenshots(page, "why-run-lean-390", { fromTop: true });
  await page.goto(scenarioUrl(LEAN, WORST));
  await expect(page.getByTestId("why-reason")).toBeVisible(WAIT);
  await page.screenshot({ path: path.join(SHOTS, "why-scenario-lean-390-first-screen.png") });
  await page.goto(scenarioUrl(FULL, WORST));
  await expect(page.getByTestId("why-reason")).toBeVisible(WAIT);
  await page.screenshot({ path: path.join(SHOTS, "why-scenario-full-390-first-screen.png") });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${dashboard.url}runs/${encodeURIComponent(FULL)}`);
  await expect(page.getByTestId("scenario-count")).toContainText("12 of 12", WAIT);
  await page.screenshot({ path: path.join(SHOTS, "why-run-full-1440-first-screen.png") });
});

test("one fact, one number: the worst failure's figures name their source, its causes are one per event, its turns one numbering", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(scenarioUrl(FULL, WORST));
  // The judge's reason once: quoted in the first card, linked from the judge panel.
  await expect(page.getByTestId("judge-reason")).toHaveCount(1);
  await expect(page.getByTestId("judge-reason-above")).toBeVisible(WAIT);
  expect(await page.getByText("with a wrong identifier (it did not read the id back carefully)").count(), "the reason's words once on the page").toBe(1);
  // The header's figures are the harness's; the log's and the recording's say why they differ, once.
  const sources = page.getByTestId("figure-sources");
  await expect(sources).toContainText("Latency p50 4,150 ms is the harness's (metrics.json, 6 hand-offs)", WAIT);
  await expect(sources).toContainText("the conversation log's turn gaps say 3,117 ms (7 agent turns");
  await expect(sources).toContainText("Duration 161.2 s is the harness's (metrics.json scenario_duration");
  await expect(page.getByTestId("turn-latency-table")).toBeVisible();
  await expect(page.locator("#timing")).toContainText("Response gap on the conversation log");
  // LLM calls: said once, as a count of the other.
  await expect(page.getByTestId("reading-user")).toHaveText(/^user: the bridge log has 3 of the 6 LLM calls metrics\.json counts/);
  // Interruptions: the harness's [INTERRUPTED] is audio without text, and the turn-taking table agrees nobody cut in.
  await expect(page.locator("#turn-4 [data-testid=interrupted-mark]")).toHaveText("audio without text");
  await expect(page.locator("#turn-4")).not.toContainText("cut in on");
  await expect(page.locator('[data-fact="caller-interruptions"] td')).toHaveText(/^0 /);
  await expect(page.locator('[data-fact="marked-interrupted"] td')).toContainText("1: audio without text, not an interruption");
  // One cause per event: the 67.8 s wait is one slow turn, its dead air on the recording its evidence.
  await expect(page.locator('[data-hint="slow-turn"]')).toHaveCount(1);
  await expect(page.locator('[data-hint="audio-dead_air"]')).toHaveCount(0);
  await expect(page.locator('[data-hint="slow-turn"] [data-testid=cause-also]')).toContainText("dead air on the recording");
  await expect(page.locator('[data-hint="asr"]'), "the misheard utterance is the read-back's evidence").toHaveCount(0);
  // One turn numbering: the misheard utterance is turn 5 in the transcript, the causes, where it went wrong and heard vs meant.
  await expect(page.locator('[data-testid="hints"] > li').first()).toHaveAttribute("data-hint", "read-back");
  await expect(page.getByTestId("went-wrong")).toHaveText("Where it went wrong: turn 5 ↓");
  await expect(page.locator("#turn-5 [data-testid=turn-text]")).toContainText("W 1 5 3 5 6 4 1");
  await expect(page.locator("#asr-2 [data-testid=asr-turn]")).toHaveText("turn 5");
  await page.screenshot({ path: path.join(SHOTS, "why-one-number-1440.png") });
});
