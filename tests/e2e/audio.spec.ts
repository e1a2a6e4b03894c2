/**
 * The scenario page measures its own recording (issue 34): the heard spurts as lanes under the logged
 * turns, the findings where the two disagree, and a click on a finding plays from there.
 */
import { expect, test } from "@playwright/test";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeWav } from "../helpers/wav.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/harness/small-2-domains/run/eval_20260810_031700", import.meta.url));
const RUN = "eval_20260810_031700";
const SCENARIO = "tau2_airline__12";

let tmp: string;
let dashboard: Dashboard;

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-audio-e2e-"));
  await cp(FIXTURE, path.join(tmp, "results", RUN), { recursive: true });
  // Speech planted on both channels, overlapping for 1.5 s at 20 s, and a clipped burst at 30 s.
  writeWav(path.join(tmp, "results", RUN, SCENARIO, "conversation_log.wav"), {
    seconds: 40,
    bursts: [
      { channel: 1, start: 1, end: 4 },
      { channel: 0, start: 6, end: 9 },
      { channel: 1, start: 18.5, end: 21.5 },
      { channel: 0, start: 20, end: 23 },
      { channel: 1, start: 30, end: 31, level: 1.5 },
    ],
  });
  dashboard = await startDashboard(path.join(tmp, "results"));
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("the waveform's heard spurts lie beside the logged turns, and a finding plays from its time", async ({ page }) => {
  const res = await page.request.get(`${dashboard.url}api/runs/${RUN}/scenarios/${SCENARIO}/audio-analysis`);
  expect(res.status()).toBe(200);
  const analysis = (await res.json()) as { speech: { user: unknown[]; agent: unknown[] }; findings: Array<{ kind: string; start: number }> };
  expect(analysis.speech.agent.length).toBe(3);
  expect(analysis.findings.map((f) => f.kind)).toContain("clipping");

  await page.goto(`${dashboard.url}runs/${RUN}/scenarios/${SCENARIO}`);
  const measured = page.getByTestId("audio-analysis");
  await expect(measured, "the measured lanes").toBeVisible({ timeout: 20_000 });
  await expect(measured.locator('[data-measured-lane="agent"] [data-spurt]')).toHaveCount(3);
  await expect(measured.locator('[data-measured-lane="user"] [data-spurt]')).toHaveCount(2);
  // The τ-voice panel of the call (issue 47): the caller cuts in at 20 s and the agent stops at 21.5 s, a yield.
  await expect(measured.getByTestId("audio-interaction").locator('[data-interaction="yieldRate"]')).toContainText("100%");
  await expect(measured.locator('[data-measured-lane="agent"] [data-interaction-event="yield"]')).toHaveCount(1);
  const clip = measured.locator('[data-finding="clipping"]').first();
  await expect(clip).toBeVisible();
  const at = analysis.findings.find((f) => f.kind === "clipping")!.start;
  await clip.click();
  await expect
    .poll(async () => page.getByTestId("audio").evaluate((el) => (el as HTMLAudioElement).currentTime), {
      message: "the audio moved to the finding",
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(at - 0.05);

  // Both channels drawn as waveforms, louder where the speech is: the agent's bars at 1-4 s stand above its silence at 10 s.
  for (const side of ["user", "agent"]) await expect(measured.locator(`[data-waveform="${side}"] path`)).toHaveAttribute("d", /^M0 /);
  const peaks = (analysis as unknown as { peaks: { bucketSeconds: number; agent: number[] } }).peaks;
  expect(peaks.agent[Math.floor(2 / peaks.bucketSeconds)]!).toBeGreaterThan(5 * peaks.agent[Math.floor(12 / peaks.bucketSeconds)]!);
  // A click on a lane plays from that moment: three quarters across is three quarters into the call.
  const lane = measured.locator('[data-measured-lane="user"]');
  const box = (await lane.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + 2);
  await expect
    .poll(async () => page.getByTestId("audio").evaluate((el) => (el as HTMLAudioElement).currentTime), {
      message: "the audio moved to the clicked moment",
      timeout: 10_000,
    })
    .toBeGreaterThan(0.7 * 40 - 1);

  // No recording: a 404 with its reason; the page still opens.
  const none = await page.request.get(`${dashboard.url}api/runs/${RUN}/scenarios/tau2_airline__34/audio-analysis`);
  expect(none.status()).toBe(404);
  expect(((await none.json()) as { error: string }).error).toContain("no conversation_log.wav");
});

test("the run page's Audio tab measures each recording and filters by finding", async ({ page }) => {
  await page.goto(`${dashboard.url}runs/${RUN}?tab=audio`);
  const panel = page.getByTestId("run-audio");
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expect(panel).toContainText("1 recording measured");
  // The run's panel: one yield and two responses, each under 10 events, so hidden as the leaderboard does.
  await expect(panel.getByTestId("interaction-panel").locator('[data-interaction="yieldRate"]')).toContainText("hidden (1 event, under 10)");
  const clip = panel.locator('[data-finding-filter="clipping"]');
  await expect(clip).toHaveText("clipping: 1");
  await expect(panel.locator("[data-audio-row]")).toHaveCount(1);
  await panel.locator('[data-finding-filter="talk_over"]').click();
  await expect(page).toHaveURL(/finding=talk_over/);
  await expect(page.getByTestId("run-audio").locator("[data-audio-row]")).toHaveCount(1);
  await page.getByTestId("run-audio").locator('[data-finding-filter="dead_air"]').click();
  await expect(page).toHaveURL(/finding=dead_air/);
  const deadAir = (await (await page.request.get(`${dashboard.url}api/runs/${RUN}/scenarios/${SCENARIO}/audio-analysis`)).json()) as {
    findings: Array<{ kind: string }>;
  };
  await expect(page.getByTestId("run-audio").locator("[data-audio-row]")).toHaveCount(deadAir.findings.some((f) => f.kind === "dead_air") ? 1 : 0);
  await expect(page.getByTestId("run-audio").locator(`[data-audio-row="${SCENARIO}"] a`)).toHaveCount(
    deadAir.findings.some((f) => f.kind === "dead_air") ? 1 : 0,
  );
});
