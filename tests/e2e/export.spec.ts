import { expect, test } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeGenerated } from "../helpers/generated.ts";
import { startDashboard } from "./helpers/server.ts";
import { expectNoPageScroll, VIEWPORTS } from "./helpers/layout.ts";
import { SHOTS } from "./helpers/screenshots.ts";

/*
 * `export` writes a folder that opens over file:// with no server: the overview, a scenario with its
 * transcript and judge evidence, its recording playing, and the comparison.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = path.join(ROOT, "bin/voice-eval-dashboard.mjs");
let tmp: string;
let out: string;

/** Runs the export command; `args` after the run folder. */
function exportRun(run: string, args: string[]): void {
  const r = spawnSync(process.execPath, [BIN, "export", run, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) throw new Error(`export failed (${r.status}): ${r.stderr}`);
}

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-export-e2e-"));
  const results = path.join(tmp, "results");
  await writeGenerated(results, {
    seed: 3,
    runs: [
      {
        name: "eval_20261101_080000",
        scenarios: 8,
        domains: ["restaurant", "qa"],
        audio: { sampleRate: 8000, secondsPerTurn: 0.25 },
        outcomes: { "#1": "xss", "#2": "db_mismatch" },
      },
      { name: "eval_20261102_080000", scenarios: 8, domains: ["restaurant", "qa"] },
    ],
  });
  out = path.join(tmp, "export");
  exportRun(path.join(results, "eval_20261101_080000"), [
    "--compare",
    path.join(results, "eval_20261102_080000"),
    "--filter",
    "domain=restaurant",
    "--out",
    out,
    "--audio",
  ]);
});

test.afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("the exported folder opens over file:// and shows a scenario with its transcript, judge evidence and playing audio", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(pathToFileURL(path.join(out, "index.html")).href);
  await expect(page.getByRole("heading", { level: 1 }), "the overview").toContainText("eval_20261101_080000", { timeout: 10_000 });
  const rows = page.locator("tr[data-scenario]");
  await expect(rows.first(), "the filtered scenarios").toBeVisible({ timeout: 5_000 });
  // 8 scenarios round-robin over 2 domains: the filter keeps the 4 restaurant ones.
  await expect(rows, "only the filtered domain").toHaveCount(4, { timeout: 5_000 });
  for (const v of await rows.locator('td[data-col="domain"]').allTextContents()) expect(v).toBe("restaurant");
  await expect(page.getByRole("heading", { name: /Scenarios \(4 of 8/ }), "the overview says what was filtered").toBeVisible({ timeout: 5_000 });

  await rows.first().locator("a").click();
  await page.waitForURL(/\/scenarios\/.*\.html$/, { timeout: 10_000 });
  const transcript = page.getByTestId("transcript");
  await expect(transcript.locator('[data-role="user"]').first(), "a user turn").toBeVisible({ timeout: 5_000 });
  await expect(transcript.locator('[data-role="agent"]').first(), "an agent turn").toBeVisible({ timeout: 5_000 });
  await expect(page.getByTestId("judge-reason"), "the judge's reason").not.toBeEmpty({ timeout: 5_000 });

  const audio = page.getByTestId("audio");
  await expect(audio, "the recording").toBeVisible({ timeout: 5_000 });
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState), { message: "the audio loaded its metadata", timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
  const duration = await audio.evaluate((a: HTMLAudioElement) => a.duration);
  expect(duration, "a real duration").toBeGreaterThan(0.2);
  await audio.evaluate((a: HTMLAudioElement) => a.play());
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { message: "the audio plays", timeout: 10_000 }).toBeGreaterThan(0);
  expect(errors).toEqual([]);

  await page.goBack({ timeout: 10_000 });
  await page.getByRole("link", { name: "Comparison with the baseline →" }).click();
  await expect(page.getByTestId("paired-tests"), "the comparison's paired test").toContainText("McNemar exact p", { timeout: 10_000 });
});

/** What a scenario page shows of the call: every tool call with its arguments, the timing lanes, heard vs meant. */
async function shown(page: import("@playwright/test").Page) {
  await expect(page.getByTestId("scenario-page")).toBeVisible({ timeout: 10_000 });
  return {
    tools: await page.locator("[data-tool-call]").evaluateAll((els) => els.map((e) => e.getAttribute("data-tool-call"))),
    args: await page.getByTestId("tool-args").allTextContents(),
    lanes: await page.locator('[data-testid="lanes"] [data-lane] a').count(),
    heard: await page.locator('[data-testid="asr-pairs"] > li').allTextContents(),
    timing: await page.getByTestId("timing").count(),
    turns: await page.locator('[data-testid="transcript"] [data-role]').count(),
  };
}

test("an exported scenario page shows what the live page shows: every tool call, the timing lanes, heard vs meant", async ({ page }) => {
  const dashboard = await startDashboard(path.join(tmp, "results"));
  try {
    const pages = (await readdir(path.join(out, "scenarios"))).sort();
    let compared = 0;
    let heard = 0;
    for (const file of pages) {
      const name = file.replace(/^\d+-/, "").replace(/\.html$/, "");
      await page.goto(`${dashboard.url}runs/eval_20261101_080000/scenarios/${encodeURIComponent(name)}`);
      const live = await shown(page);
      await page.goto(pathToFileURL(path.join(out, "scenarios", file)).href);
      const exported = await shown(page);
      expect(exported, name).toEqual(live);
      if (live.tools.length > 0 && live.lanes > 0 && live.timing > 0) compared++;
      if (live.heard.length > 0) heard++;
    }
    expect(compared, "scenarios with tool calls, lanes and timing compared").toBeGreaterThan(0);
    expect(heard, "scenarios with heard-vs-meant pairs compared").toBeGreaterThan(0);
  } finally {
    await dashboard.stop();
  }
});

test("markup in results stays inert text in the export", async ({ page }) => {
  const files = await readdir(path.join(out, "scenarios"));
  let found = false;
  for (const f of files) {
    await page.goto(pathToFileURL(path.join(out, "scenarios", f)).href);
    const reason = (await page.getByTestId("judge-reason").textContent({ timeout: 5_000 })) ?? "";
    if (!/<script|<img/i.test(reason)) continue;
    found = true;
    expect(await page.locator("main script, main img").count(), "no element made from results text").toBe(0);
  }
  expect(found, "the xss scenario was exported").toBe(true);
});

test("the export's play buttons seek the recording, its keys walk the scenarios, and nothing it shows is dead", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  // A Content-Security-Policy refusal is a console error: the one inline script must be allowed by its hash.
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const pages = (await readdir(path.join(out, "scenarios"))).sort();
  await page.goto(pathToFileURL(path.join(out, "scenarios", pages[0]!)).href);
  const audio = page.getByTestId("audio");
  await expect(audio, "the recording").toBeVisible({ timeout: 5_000 });
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  const duration = await audio.evaluate((a: HTMLAudioElement) => a.duration);
  const buttons = page.locator("button[data-seek]");
  expect(await buttons.count(), "a play button per timed turn").toBeGreaterThan(1);
  // The latest turn the recording reaches: a seek there cannot be mistaken for playing from the start.
  const starts = (await buttons.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-seek"))))).filter((t) => t > 0.3 && t < duration - 0.1);
  const to = Math.max(...starts);
  expect(to, "a turn well into the recording").toBeGreaterThan(0.3);
  await page.locator(`button[data-seek="${to}"]`).first().click();
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { message: `the ▶ button moved the recording to ${to} s`, timeout: 10_000 })
    .toBeGreaterThanOrEqual(to - 0.05);
  // A lane's turn seeks too.
  const lane = page.locator('[data-testid="lanes"] a[data-seek="0"]').first();
  if ((await lane.count()) > 0) {
    await lane.click();
    await expect
      .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { message: "the lane's first turn moved it back", timeout: 10_000 })
      .toBeLessThan(to);
  }

  // "Next j": the key follows the link, as on the live page.
  const next = page.getByTestId("nav-next");
  await expect(next).toHaveAttribute("data-key", "j");
  const nextHref = await next.evaluate((a: HTMLAnchorElement) => a.href);
  await page.locator("h1").click();
  await page.keyboard.press("j");
  await page.waitForURL(nextHref, { timeout: 10_000 });
  expect(errors, "no script error, no refused script").toEqual([]);
});

test("the export's compare keeps the setup diff and the still-failing list; its overview leads with the failures and says what changed", async ({ page }) => {
  await page.goto(pathToFileURL(path.join(out, "index.html")).href);
  await expect(page.getByTestId("changes-line"), "the overview says what changed against the compared run").toContainText(/new failure.*fixed.*still failing/);
  const verdicts = await page
    .locator("tr[data-scenario] .scn-fail, tr[data-scenario] .scn-pass")
    .evaluateAll((els) => els.map((e) => (e.classList.contains("scn-fail") ? "F" : "P")).join(""));
  expect(verdicts, "failures first, as the run page opens").toMatch(/^F*P*$/);
  await page.goto(pathToFileURL(path.join(out, "compare.html")).href);
  await expect(page.getByTestId("setup-section"), "the setup diff").toBeVisible({ timeout: 5_000 });
  await expect(page.getByTestId("still-failing"), "the still-failing list").toBeVisible();

  // Without --audio: no play button that could not play.
  const bare = path.join(tmp, "export-no-audio");
  exportRun(path.join(tmp, "results", "eval_20261101_080000"), ["--out", bare]);
  const first = (await readdir(path.join(bare, "scenarios"))).sort()[0]!;
  await page.goto(pathToFileURL(path.join(bare, "scenarios", first)).href);
  await expect(page.getByTestId("scenario-page")).toBeVisible({ timeout: 5_000 });
  await expect(page.locator("button[data-seek]"), "no play button without the recording").toHaveCount(0);
});

for (const vp of VIEWPORTS) {
  test(`${vp.name}: the export's pages do not scroll sideways`, async ({ page }) => {
    await page.setViewportSize(vp);
    const first = (await readdir(path.join(out, "scenarios"))).sort()[0]!;
    for (const file of ["index.html", "compare.html", `scenarios/${first}`]) {
      await page.goto(pathToFileURL(path.join(out, file)).href);
      await expect(page.locator("main")).toBeVisible({ timeout: 5_000 });
      await expectNoPageScroll(page, `export ${file}`);
      await page.screenshot({ path: path.join(SHOTS, `layout-export-${file.replace(/\W+/g, "_")}-${vp.name}.png`), fullPage: true });
    }
  });
}
