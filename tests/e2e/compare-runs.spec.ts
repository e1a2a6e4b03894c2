import { expect, test, type Page } from "@playwright/test";
import { copyFile, cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { expectInView, expectNoPageScroll, expectTextWhole, VIEWPORTS } from "./helpers/layout.ts";
import { describeLayout, LAST_NIGHT, NIGHT_BEFORE, SIX_BEFORE, SIX_LAST } from "./helpers/layout-fixture.ts";
import { screenshots, SHOTS } from "./helpers/screenshots.ts";

/*
 * Compare pages on a temp results folder: three copies of one small run (6 scenarios, 2 domains)
 * with verdicts flipped by editing metrics.json, NL-assertion verdicts, a tool-call argument and
 * an agent line changed, and a WAV file on one side.
 */

const FIXTURE = fileURLToPath(new URL("../fixtures/harness/small-2-domains/run/eval_20260810_031700", import.meta.url));
const WAV = fileURLToPath(new URL("../../examples/results/eval_20261118_140000/qa__weather_new_york/conversation_log.wav", import.meta.url));

// Run ids hold a "/", so every URL must carry them encoded as one value.
const BASE = "baseline/eval_20260810_031700";
const OTHER = "candidate/eval_20260810_031700";
const THIRD = "third/eval_20260810_031700";
const DELI = "restaurant__deli_italian_sub_lunch";
const PIZZA = "restaurant__pizza_pepperoni";
const NL_FORMULA = '=SUM(A1) says "total", with a comma';
const NL_PLAIN = "The agent reads back the order";

let tmp: string;
let dashboard: Dashboard;

type Json = Record<string, unknown>;

async function editJson(file: string, edit: (j: Json) => void): Promise<void> {
  const j = JSON.parse(await readFile(file, "utf8")) as Json;
  edit(j);
  await writeFile(file, JSON.stringify(j, null, 2));
}

/** Sets a scenario's overall verdict and its breakdown so the two agree. */
async function setVerdict(run: string, name: string, passed: boolean, signal: string): Promise<void> {
  await editJson(path.join(tmp, "results", run, name, "metrics.json"), (m) => {
    const b = m.success_breakdown as { passed: string[]; failed: string[] };
    b.passed = b.passed.filter((s) => s !== signal);
    b.failed = b.failed.filter((s) => s !== signal);
    (passed ? b.passed : b.failed).push(signal);
    if (passed) {
      // Every scored signal passes.
      b.passed.push(...b.failed);
      b.failed = [];
      for (const s of b.passed) m[s] = true;
    } else {
      m[signal] = false;
    }
    m.is_successful = passed;
    m.is_task_successful = passed;
  });
}

async function setNl(run: string, name: string, verdicts: Array<[string, boolean]>): Promise<void> {
  await editJson(path.join(tmp, "results", run, name, "judge_result.json"), (j) => {
    j.nl_assertion_verdicts = verdicts.map(([assertion, passed], index) => ({ index, assertion, passed, reason: passed ? "ok" : "missing" }));
  });
}

const compareUrl = (base: string, runs: string[], query = "") =>
  `${dashboard.url}compare?base=${encodeURIComponent(base)}&runs=${runs.map(encodeURIComponent).join(",")}${query ? `&${query}` : ""}`;
const scenarioUrl = (base: string, run: string, name: string) =>
  `${dashboard.url}compare/scenario?base=${encodeURIComponent(base)}&run=${encodeURIComponent(run)}&name=${encodeURIComponent(name)}`;

const bucketCount = (page: Page, bucket: string) => page.locator(`[data-bucket="${bucket}"] [data-testid="bucket-count"]`);
const tableRows = (page: Page) => page.locator('[data-testid="compare-table"] tbody tr[data-scenario]');

/** RFC 4180 reader, enough for the export. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-compare-"));
  for (const run of [BASE, OTHER, THIRD]) await cp(FIXTURE, path.join(tmp, "results", run), { recursive: true });

  // Baseline verdicts: burger ✗, deli ✓, pizza ✓, airline 12 ✗, 34 ✓, 37 ✓.
  // Candidate: deli and airline 34 regress, airline 12 is fixed; burger still fails; pizza, 37 still pass.
  await setVerdict(OTHER, DELI, false, "clean_exit");
  await setVerdict(OTHER, "tau2_airline__34", false, "db_state_match");
  await setVerdict(OTHER, "tau2_airline__12", true, "db_state_match");
  await setNl(BASE, DELI, [
    [NL_FORMULA, true],
    [NL_PLAIN, true],
  ]);
  await setNl(OTHER, DELI, [
    [NL_FORMULA, false],
    [NL_PLAIN, true],
  ]);
  // The candidate's deli conversation: a different tool argument before reply 4, different words in reply 5.
  const ctx = path.join(tmp, "results", OTHER, DELI, "bot_logs_agent/llm_context.json");
  await writeFile(ctx, (await readFile(ctx, "utf8")).replaceAll("#W3270529", "#W9999999"));
  const log = path.join(tmp, "results", OTHER, DELI, "conversation_log.txt");
  await writeFile(log, (await readFile(log, "utf8")).replace("Your total comes to 45.08 dollars.", "Your total comes to 47.08 dollars."));
  await copyFile(WAV, path.join(tmp, "results", BASE, DELI, "conversation_log.wav"));
  // The candidate's airline turns are 40% slower.
  for (const name of ["tau2_airline__12", "tau2_airline__34", "tau2_airline__37"]) {
    await editJson(path.join(tmp, "results", OTHER, name, "metrics.json"), (m) => {
      for (const l of m.latencies as Array<{ latency_ms: number }>) l.latency_ms *= 1.4;
    });
  }

  // Third run: only pizza fails; it also ran with a different --min-agent-turns.
  await setVerdict(THIRD, PIZZA, false, "clean_exit");
  await editJson(path.join(tmp, "results", THIRD, "run_args.json"), (a) => {
    const inv = a.invocations as Array<{ parsed_args: Json }>;
    inv[0]!.parsed_args.min_agent_turns = 2;
  });

  dashboard = await startDashboard(path.join(tmp, "results"));
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("the picker builds the compare URL with encoded run ids", async ({ page }) => {
  await page.goto(`${dashboard.url}compare`);
  await expect(page.getByRole("heading", { level: 1, name: "Compare runs" })).toBeVisible();
  await page.getByLabel("Baseline", { exact: true }).selectOption(BASE);
  await page.getByRole("checkbox", { name: new RegExp(OTHER) }).check();
  const button = page.getByRole("button", { name: "Compare", exact: true });
  // Its label can be read: white on the accent colour (it was once white on white).
  const colours = await button.evaluate((b) => ({ label: getComputedStyle(b).color, background: getComputedStyle(b).backgroundColor }));
  expect(colours.background, "the Compare button's background is not its label's colour").not.toBe(colours.label);
  await button.click();
  await expect(page).toHaveURL(/\/compare\?base=baseline%2Feval_20260810_031700&runs=candidate%2Feval_20260810_031700$/);
  await expect(bucketCount(page, "regressed")).toHaveText("2");
});

test("bucket counts match the flipped verdicts; headline, paired test and per-domain deltas", async ({ page }) => {
  await page.goto(compareUrl(BASE, [OTHER]));
  const expected: Record<string, string> = {
    all: "6",
    regressed: "2",
    fixed: "1",
    still_failing: "1",
    still_passing: "2",
    not_comparable: "0",
    only_base: "0",
    only_other: "0",
  };
  for (const [bucket, n] of Object.entries(expected)) await expect(bucketCount(page, bucket), bucket).toHaveText(n);
  await expect(tableRows(page)).toHaveCount(6);

  // Success 4/6 → 3/6 is −16.67 pp; McNemar on b = 2, c = 1: p = 2·(1 + 3)/2³ = 1.
  const success = page.locator('[data-testid="headline-rates"] tr[data-rate="success_rate"]');
  await expect(success).toContainText("66.67%");
  await expect(success).toContainText("50.00%");
  await expect(success.getByTestId("delta-success_rate")).toContainText("−16.67 pp");
  const card = page.locator('[data-testid="paired-tests"] [data-test="Overall Success Rate"]');
  await expect(card.getByTestId("p-value")).toHaveText("1.000");
  await expect(card.getByTestId("n")).toHaveText("6");
  await expect(card).toContainText("2 pass → fail, 1 fail → pass");
  await expect(card.getByTestId("ci")).toContainText(" to ");

  // Three scenarios per domain: every per-domain cell is a small sample, marked, not hidden.
  const perDomain = page.getByTestId("per-domain");
  await expect(perDomain.locator("tbody tr")).toHaveCount(2);
  // Issue 14: "small n" is said once, in the heading; each small cell carries a mark.
  await expect(perDomain.locator('td[data-small="true"]').first().locator('[data-small-mark="true"]')).toContainText("small sample");
  await expect(page.locator("#per-domain-heading")).toContainText("small n");

  await expect(page.getByTestId("signal-deltas")).toContainText("DB state");
  const latency = page.getByTestId("latency-deltas");
  await expect(latency.locator("tbody tr").first()).toContainText("All domains (pooled)");
  await expect(latency.locator("tbody tr").nth(1)).toContainText("restaurant");
  await expect(latency.locator("tbody tr").nth(1)).toContainText("±0 ms");
  await expect(latency.locator("tbody tr").nth(2)).toContainText("tau2_airline");
  await expect(latency.locator("tbody tr").nth(2)).toContainText("+");
  await expect(page.getByTestId("latency-cdf")).toBeVisible();
  await expect(page.getByTestId("token-deltas")).toContainText("Agent");
  // Same suite, same settings: the warnings say the (copied, unfinished) runs are partial, and name their stalls.
  await expect(page.getByTestId("compare-warnings")).toContainText("Unfinished runs");
  // Issue 14: both runs' stalled burger scenario adds one stall warning per side.
  await expect(page.locator('[data-testid="compare-warnings"] [data-kind]')).toHaveCount(4);
  await expect(page.locator('[data-testid="compare-warnings"] [data-kind="partial"]')).toHaveCount(2);
  await expect(page.locator('[data-testid="compare-warnings"] [data-kind="stalled"]')).toHaveCount(2);
  // No matrix for two runs.
  await expect(page.getByTestId("verdict-matrix")).toHaveCount(0);
  await screenshots(page, "compare");
  // Wide tables scroll inside their panels; the page itself never scrolls sideways.
  await page.setViewportSize({ width: 900, height: 800 });
  // (polled: the chart follows the new width on its next ResizeObserver callback)
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(900);
});

test("a bucket filter narrows the table and lives in the URL", async ({ page }) => {
  await page.goto(compareUrl(BASE, [OTHER]));
  await page.locator('[data-bucket="regressed"]').click();
  await expect(page).toHaveURL(/[?&]bucket=regressed(&|$)/);
  await expect(tableRows(page)).toHaveCount(2);
  await expect(page.locator('[data-bucket="regressed"]')).toHaveAttribute("aria-current", "true");
  const names = await tableRows(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-scenario")));
  expect(names.sort()).toEqual([DELI, "tau2_airline__34"]);
  // Which signals and NL assertions flipped.
  const deli = page.locator(`[data-testid="compare-table"] tr[data-scenario="${DELI}"]`);
  await expect(deli.locator('[data-signal="clean_exit"]')).toBeVisible();
  await expect(deli).toContainText(NL_FORMULA);
  await expect(deli).not.toContainText(NL_PLAIN);

  // Reloading keeps the filter (server render from the URL).
  await page.reload();
  await expect(tableRows(page)).toHaveCount(2);
  await page.locator('[data-bucket="fixed"]').click();
  await expect(tableRows(page)).toHaveCount(1);
  await expect(tableRows(page).first()).toHaveAttribute("data-scenario", "tau2_airline__12");

  // Sorting through TanStack: by name, descending.
  await page.locator('[data-bucket="all"]').click();
  await page.locator('[data-sort-key="name"]').click();
  await page.locator('[data-sort-key="name"]').click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await expect(tableRows(page).first()).toHaveAttribute("data-scenario", "tau2_airline__37");

  // The name filter.
  await page.getByPlaceholder("Filter by name…").fill("pizza");
  await expect(tableRows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/q=pizza/);
});

test("CSV export: filtered rows, quoting and formula escaping", async ({ page }) => {
  await page.goto(compareUrl(BASE, [OTHER], "bucket=regressed&sort=name&dir=asc"));
  await expect(tableRows(page)).toHaveCount(2);
  const [download] = await Promise.all([page.waitForEvent("download", { timeout: 15_000 }), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("compare_baseline_eval_20260810_031700_vs_candidate_eval_20260810_031700_regressed.csv");
  const text = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  expect(text).toContain("\r\n");
  const rows = parseCsv(text);
  expect(rows[0]).toEqual([
    "scenario",
    "domain",
    "change",
    "base_verdict",
    "other_verdict",
    "base_task_verdict",
    "other_task_verdict",
    "signals_flipped",
    "nl_assertions_flipped",
    "base_run",
    "other_run",
    // Issue 14 added these (stalls and judge scores in the export).
    "base_stalled",
    "other_stalled",
    "base_judge_score",
    "other_judge_score",
  ]);
  expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[4]])).toEqual([
    [DELI, "regressed", "pass", "fail"],
    ["tau2_airline__34", "regressed", "pass", "fail"],
  ]);
  const deli = rows[1]!;
  expect(deli[7]).toBe("clean_exit: passed→failed");
  // A cell that starts with "=" is defused with a leading "'", and its quotes and comma survive quoting.
  expect(deli[8]).toBe(`'${NL_FORMULA}: passed→failed`);
  expect(text).toContain(`"'=SUM(A1) says ""total"", with a comma: passed→failed"`);
  expect(deli[9]).toBe(BASE);
});

test("one scenario, two runs: aligned transcripts, first divergence, verdicts, audio", async ({ page }) => {
  await page.goto(compareUrl(BASE, [OTHER], "bucket=regressed"));
  await page.locator(`[data-testid="compare-table"] tr[data-scenario="${DELI}"] a`).click();
  await expect(page).toHaveURL(scenarioUrl(BASE, OTHER, DELI));
  await expect(page.getByRole("heading", { level: 1, name: DELI })).toBeVisible();

  const rows = page.locator('[data-testid="aligned-transcripts"] tbody tr');
  // Six agent replies plus the trailing EndConversationTool call.
  await expect(rows).toHaveCount(7);
  await expect(rows.nth(0)).toContainText("Welcome to Pizza Palace!");
  const div = page.locator('[data-testid="aligned-transcripts"] tr[data-divergence="true"]');
  await expect(div).toHaveCount(1);
  await expect(div).toHaveAttribute("data-turn", "4");
  await expect(div).toContainText("#W3270529");
  await expect(div).toContainText("#W9999999");
  await expect(page.getByTestId("divergence-link")).toContainText("reply 4");
  await expect(page.getByTestId("divergence-link")).toContainText("different arguments to PlaceOrderTool");
  await expect(rows.nth(4)).toContainText("45.08");
  await expect(rows.nth(4)).toContainText("47.08");

  await expect(page.getByTestId("baseline-verdict")).toContainText("passed");
  await expect(page.getByTestId("other-verdict")).toContainText("failed");
  await expect(page.getByTestId("baseline-judge-reason")).not.toBeEmpty();
  await expect(page.locator('[data-testid="nl-assertions"] tr[data-flipped="true"]')).toContainText(NL_FORMULA);

  // Audio only where conversation_log.wav exists; the URL serves it.
  const audio = page.getByTestId("baseline-audio");
  await expect(audio).toHaveCount(1);
  await expect(page.getByTestId("other-audio")).toHaveCount(0);
  const src = await audio.getAttribute("src");
  expect(src).toBe(`/api/runs/${encodeURIComponent(BASE)}/scenarios/${DELI}/audio`);
  const res = await page.request.get(new URL(src!, dashboard.url).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toContain("audio/wav");
  await screenshots(page, "compare-scenario");

  // An unchanged scenario has no divergence.
  await page.goto(scenarioUrl(BASE, OTHER, PIZZA));
  await expect(page.getByTestId("no-divergence")).toBeVisible();
  await expect(page.locator('[data-testid="aligned-transcripts"] tr[data-divergence="true"]')).toHaveCount(0);
});

test("three runs: verdict matrix with pass^k and the stability split; like-for-like warning", async ({ page }) => {
  await page.goto(compareUrl(BASE, [OTHER, THIRD]));
  // Verdicts (base, candidate, third): burger ✗✗✗, deli ✓✗✓, pizza ✓✓✗, 12 ✗✓✗, 34 ✓✗✓, 37 ✓✓✓.
  await expect(page.getByTestId("pass-k")).toHaveText("16.67%");
  await expect(page.getByTestId("matrix-summary")).toContainText("pass^3 (1/6)");
  await expect(page.locator('button[data-stability="flaky"]')).toContainText("4");
  await expect(page.locator('button[data-stability="always_failing"]')).toContainText("1");
  await expect(page.locator('button[data-stability="always_passing"]')).toContainText("1");
  await page.locator('button[data-stability="flaky"]').click();
  await expect(page.locator('[data-testid="verdict-matrix"] tbody tr')).toHaveCount(4);

  const warnings = page.getByTestId("compare-warnings");
  await expect(warnings).toBeVisible();
  await expect(warnings).toContainText("These runs are not like for like");
  await expect(warnings.locator('[data-kind="min_agent_turns"]')).toContainText(THIRD);

  // The detail sections follow the chosen run.
  await expect(bucketCount(page, "regressed")).toHaveText("2");
  await page.getByRole("navigation", { name: "Run shown in detail" }).getByRole("link", { name: THIRD, exact: true }).click();
  await expect(page).toHaveURL(/vs=third%2Feval_20260810_031700/);
  await expect(bucketCount(page, "regressed")).toHaveText("1");
  await expect(bucketCount(page, "fixed")).toHaveText("0");
  await screenshots(page, "compare-three");
});

test("unknown run ids are reported, not crashed on", async ({ page }) => {
  await page.goto(compareUrl(BASE, ["nope/none"]));
  await expect(page.getByText("Cannot compare: unknown run: nope/none")).toBeVisible();
  const res = await page.request.get(scenarioUrl(BASE, OTHER, "../../etc/passwd"));
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain("Neither run has a scenario named");
});

test("the picker's plain form submission (runs repeated) compares the same runs", async ({ page }) => {
  await page.goto(
    `${dashboard.url}compare?base=${encodeURIComponent(BASE)}&runs=${encodeURIComponent(OTHER)}&runs=${encodeURIComponent(THIRD)}&runs=${encodeURIComponent(BASE)}`,
  );
  await expect(page.getByTestId("pass-k")).toHaveText("16.67%");
  await expect(page.locator('[data-testid="headline-rates"] thead th')).toHaveCount(4);
});

describeLayout((url) => {
  for (const vp of VIEWPORTS) {
    test(`${vp.name}: every headline rate shows its baseline, other and Δ without a sideways scroll`, async ({ page }) => {
      await page.setViewportSize(vp);
      for (const [base, other] of [
        [NIGHT_BEFORE, LAST_NIGHT],
        [SIX_BEFORE, SIX_LAST],
      ] as const) {
        await page.goto(`${url()}compare?base=${encodeURIComponent(base)}&runs=${encodeURIComponent(other)}`);
        const rates = page.locator('[data-testid="headline-rates"] tbody tr[data-rate]');
        await expect(rates.first(), `${base} vs ${other}: the headline`).toBeVisible({ timeout: 15_000 });
        await expectNoPageScroll(page, `compare ${base} vs ${other}`);
        for (const row of await rates.all()) {
          const rate = await row.getAttribute("data-rate");
          await expectInView(row.locator("th"), `${rate}: its name`, vp.width);
          const cells = row.locator("td");
          await expect(cells).toHaveCount(3);
          for (const [i, what] of ["baseline", "other", "Δ"].entries()) {
            const cell = cells.nth(i);
            await expectInView(cell, `${rate}: the ${what}`, vp.width);
            await expectTextWhole(cell, `${rate}: the ${what}`);
          }
        }
        await expect(page.getByTestId("setup-section"), "the setup diff").toBeVisible();
        await page.screenshot({ path: path.join(SHOTS, `layout-compare-${other.replaceAll("/", "_")}-${vp.name}.png`) });
      }
    });
  }
});
