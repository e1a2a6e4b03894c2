/**
 * Issue #13 in real Chromium, on a temp copy of the bundled example: the Timing section finds each
 * planted pattern of the timing showcase, a waterfall bar lands on its turn, both reports download,
 * the run page's panels link to scenarios, and the compare page shows timing deltas. Expected
 * values come from the API (what the pages render from), never from the page itself.
 */
import { expect, test, type Page } from "@playwright/test";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RunTiming } from "../../lib/core/timing/rollup.ts";
import type { ScenarioDetail } from "../../lib/shared/dto.ts";
import { writeWav } from "../helpers/wav.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

const EXAMPLE = fileURLToPath(new URL("../../examples/results", import.meta.url));
const SHOTS = fileURLToPath(new URL("../../test-output/screenshots", import.meta.url));
const SHOWCASE = "eval_20261129_093000";
const SCENARIO = "timing_showcase__1";
const FINISHED = "eval_20261118_140000";
const RESUMED = "eval_20261124_091500";

let tmp: string;
let dashboard: Dashboard;

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-timing-"));
  for (const run of [SHOWCASE, FINISHED, RESUMED]) await cp(path.join(EXAMPLE, run), path.join(tmp, run), { recursive: true });
  // A 4 s stub for a call of about 90 s (the example's own WAVs all cover their calls).
  writeWav(path.join(tmp, FINISHED, "tau2_retail__37", "conversation_log.wav"), { seconds: 4, sampleRate: 8000, bursts: [{ channel: 1, start: 0.5, end: 2 }] });
  dashboard = await startDashboard(tmp);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function api<T>(page: Page, p: string): Promise<T> {
  const res = await page.request.get(`${dashboard.url}${p}`, { timeout: 15_000 });
  expect(res.status(), p).toBe(200);
  return (await res.json()) as T;
}

async function settledTiming(page: Page, run: string): Promise<RunTiming> {
  let t: RunTiming | null = null;
  await expect
    .poll(async () => (t = await api<RunTiming>(page, `api/runs/${run}/timing`)).pending, {
      message: `the timing rollup of ${run} to finish reading`,
      timeout: 30_000,
    })
    .toBe(0);
  return t as unknown as RunTiming;
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms))]);
}

async function download(page: Page, testId: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download", { timeout: 15_000 }), page.getByTestId(testId).click()]);
  const where = await within(file.path(), 15_000, `the ${testId} download to finish`);
  return readFile(where, "utf8");
}

test("the scenario page's Timing section finds each planted pattern", async ({ page }) => {
  const d = await api<ScenarioDetail>(page, `api/runs/${SHOWCASE}/scenarios/${SCENARIO}`);
  const t = d.timing!;
  await page.goto(`${dashboard.url}runs/${SHOWCASE}/scenarios/${SCENARIO}`);
  const section = page.getByTestId("timing");
  await expect(section, "the Timing section").toBeVisible({ timeout: 15_000 });

  // The flow audit: fabricated refund, three-turn loop, echo, skipped confirmation.
  for (const kind of ["fabrication", "loop", "echo", "skipped-confirmation"] as const) {
    const expected = t.flow.findings.filter((f) => f.kind === kind).length;
    expect(expected, `${kind} is planted in the example`).toBeGreaterThan(0);
    await expect(section.locator(`[data-testid="flow-finding"][data-kind="${kind}"]`), `${kind} findings`).toHaveCount(expected, { timeout: 10_000 });
    await expect(page.locator("#hints"), `the ${kind} hint`).toContainText(
      kind === "skipped-confirmation" ? "Skipped confirmation" : kind === "fabrication" ? "Fabricated action" : kind === "loop" ? "Loop" : "Echo",
      { timeout: 10_000 },
    );
  }
  await expect(section.locator('[data-kind="fabrication"]'), "the fabricated refund quoted").toContainText("refund of $54.20", { timeout: 10_000 });

  // The four-tool-call chain: one waterfall bar with five LLM calls.
  const chain = t.waterfall.find((w) => w.llm_calls === 5)!;
  expect(chain, "a turn with four tool calls and the reply").toBeDefined();
  await expect(section.locator(`[data-testid="waterfall-bar"][data-turn="${chain.turn}"]`), "the chain's bar").toHaveAttribute("data-llm-calls", "5", {
    timeout: 10_000,
  });
  await expect(section.getByTestId("waterfall-bar"), "one bar per agent turn").toHaveCount(t.waterfall.length, { timeout: 10_000 });

  // Both sides' LLM and TTS stages.
  for (const g of t.ttfb)
    await expect(
      section.locator(`[data-testid="ttfb-table"] tr[data-side="${g.side}"][data-processor="${g.processor}"]`),
      `${g.side} ${g.processor}`,
    ).toHaveCount(1, { timeout: 10_000 });
  expect(new Set(t.ttfb.map((g) => `${g.side}:${/LLM/.test(g.processor) ? "LLM" : "TTS"}`)).size).toBe(4);

  // Barge-ins each way and dead air over 3 s on the audio lanes; the WAV covers the call.
  const marks = page.getByTestId("audio-panel");
  await expect(marks.locator('[data-testid="barge-in-mark"][data-by="agent"]'), "the agent's barge-in").toHaveCount(
    t.marks.bargeIns.filter((b) => b.by === "agent").length,
    { timeout: 10_000 },
  );
  await expect(marks.locator('[data-testid="barge-in-mark"][data-by="user"]'), "the caller's barge-in").toHaveCount(
    t.marks.bargeIns.filter((b) => b.by === "user").length,
    { timeout: 10_000 },
  );
  expect(t.marks.bargeIns.map((b) => b.by).sort()).toEqual(["agent", "user"]);
  // Dead air is drawn on both lanes.
  await expect(marks.getByTestId("dead-air-mark"), "dead air over 3 s").toHaveCount(t.marks.deadAir.length * 2, { timeout: 10_000 });
  expect(Math.max(...t.marks.deadAir.map((g) => g.end - g.start))).toBeGreaterThanOrEqual(10);
  const audioDuration = () => page.getByTestId("audio").evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0));
  await expect
    .poll(audioDuration, { message: "the WAV's duration to load", timeout: 15_000 })
    .toBeGreaterThanOrEqual(Math.max(...d.segments!.map((s) => (s as { end_time: number }).end_time)));
  await expect(page.getByTestId("audio-short"), "no short-WAV notice for a full-length WAV").toHaveCount(0, { timeout: 5_000 });

  // Calls per turn with its reading; turn-taking with counts.
  await expect(section.getByTestId("reading-agent"), "the calls-per-turn reading").toHaveText(t.calls_per_turn.agent.reading, { timeout: 10_000 });
  await expect(section.locator('[data-fact="caller-interruptions"]'), "caller interruptions").toContainText(String(t.interaction.caller_interruptions.count), {
    timeout: 10_000,
  });
  await page.screenshot({ path: path.join(SHOTS, "timing-scenario.png"), fullPage: true });
});

test("clicking a waterfall bar lands on its turn", async ({ page }) => {
  const d = await api<ScenarioDetail>(page, `api/runs/${SHOWCASE}/scenarios/${SCENARIO}`);
  const last = d.timing!.waterfall[d.timing!.waterfall.length - 1]!;
  await page.goto(`${dashboard.url}runs/${SHOWCASE}/scenarios/${SCENARIO}`);
  const bar = page.locator(`[data-testid="waterfall-bar"][data-turn="${last.turn}"]`);
  await expect(bar, "the last agent turn's bar").toBeVisible({ timeout: 15_000 });
  await bar.click();
  await expect(page, "the URL names the turn").toHaveURL(new RegExp(`#turn-${last.turn}$`), { timeout: 10_000 });
  await expect(page.locator(`#turn-${last.turn}`), "the turn scrolled into view").toBeInViewport({ timeout: 10_000 });
});

test("a WAV shorter than its transcript is called out", async ({ page }) => {
  await page.goto(`${dashboard.url}runs/${FINISHED}/scenarios/tau2_retail__37`);
  await expect(page.getByTestId("audio-short"), "the short-WAV notice").toBeVisible({ timeout: 15_000 });
});

test("both reports download from the pages, with the figures the API gives", async ({ page }) => {
  const t = await settledTiming(page, SHOWCASE);
  await page.goto(`${dashboard.url}runs/${SHOWCASE}/scenarios/${SCENARIO}`);
  const scenario = await download(page, "scenario-report-download");
  expect(scenario.startsWith(`# Scenario report: ${SCENARIO}\n`)).toBe(true);
  expect(scenario).toContain("## Root-cause attribution");

  await page.goto(`${dashboard.url}runs/${SHOWCASE}?tab=stages`);
  await expect(page.getByTestId("run-latency-stage"), "the Latency-by-stage panel").toBeVisible({ timeout: 20_000 });
  const run = await download(page, "run-report-download");
  expect(run.startsWith(`# Triage report: ${SHOWCASE}\n`)).toBe(true);
  for (const g of t.ttfb) expect(run).toContain(`| ${g.side} | ${g.processor} | ${g.n} |`);
});

test("the run page's Latency-by-stage and Turn-taking panels link to the scenarios behind them", async ({ page }) => {
  const t = await settledTiming(page, FINISHED);
  await page.goto(`${dashboard.url}runs/${FINISHED}?tab=stages`);
  const panel = page.getByTestId("run-latency-stage");
  await expect(panel, "the Latency-by-stage panel").toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: path.join(SHOTS, "timing-run.png"), fullPage: true });
  for (const g of t.ttfb)
    await expect(panel.locator(`tr[data-side="${g.side}"][data-processor="${g.processor}"] td`).nth(2), `${g.side} ${g.processor} n`).toHaveText(String(g.n), {
      timeout: 10_000,
    });
  for (const d of Object.keys(t.by_domain))
    await expect(panel.locator(`[data-testid="latency-by-domain"] tr[data-domain="${d}"]`), `domain ${d}`).toHaveCount(1, { timeout: 10_000 });
  await expect(page.getByTestId("run-turn-taking"), "the Turn-taking panel").toBeVisible({ timeout: 10_000 });
  // The turns over 60 s link to their scenario and turn.
  expect(t.over_60s.length, "the example has turns over 60 s").toBeGreaterThan(0);
  const first = t.over_60s[0]!;
  const link = panel.getByTestId("over-60s-link").first();
  await expect(link, "the first slow turn's link").toHaveText(new RegExp(`${first.scenario} turn ${first.turn}`), { timeout: 10_000 });
  await link.click();
  await expect(page, "the scenario page at the slow turn").toHaveURL(new RegExp(`/scenarios/${first.scenario}#turn-${first.turn}$`), { timeout: 15_000 });
  await expect(page.locator(`#turn-${first.turn}`), "the slow turn").toBeVisible({ timeout: 15_000 });

  // The showcase run: fabrications in both scenarios are a cross-scenario pattern.
  const s = await settledTiming(page, SHOWCASE);
  const fab = s.patterns.find((p) => p.kind === "fabrication")!;
  await page.goto(`${dashboard.url}runs/${SHOWCASE}?tab=stages`);
  const patterns = page.getByTestId("patterns").locator('[data-kind="fabrication"]');
  await expect(patterns.getByTestId("scenario-link"), "links to both scenarios").toHaveText(fab.scenarios, { timeout: 20_000 });
});

test("the compare page shows the timing figures side by side with deltas", async ({ page }) => {
  const [a, b] = [await settledTiming(page, FINISHED), await settledTiming(page, RESUMED)];
  await page.goto(`${dashboard.url}compare?base=${FINISHED}&runs=${RESUMED}`);
  const table = page.getByTestId("compare-timing");
  await expect(table, "the timing comparison").toBeVisible({ timeout: 20_000 });
  const row = table.locator('tr[data-figure="agent response latency p50 (s)"] td');
  await expect(row.nth(1), "baseline p50").toHaveText(a.turns.agent!.p50.toFixed(2), { timeout: 10_000 });
  await expect(row.nth(2), "other p50").toHaveText(b.turns.agent!.p50.toFixed(2), { timeout: 10_000 });
  const delta = b.turns.agent!.p50 - a.turns.agent!.p50;
  // Signed as every delta is (a real minus sign, ± for none).
  await expect(row.nth(3), "the delta").toHaveText(`${delta > 0 ? "+" : delta < 0 ? "−" : "±"}${Math.abs(delta).toFixed(2)}`, { timeout: 10_000 });
});
