/**
 * Issue 55 on the bundled example, in the browser at 1440×900 and 390×844: one fact, one number, one
 * name on every surface. Each figure is read from one surface's DOM (or answer) and compared with
 * another's, not with the example's numbers:
 * - the failing scenario's header figures are the run table's, each other source named; one turn
 *   numbering; where it went wrong is the first likely cause; one cause per event; the judge's reason once;
 * - the run page's "what changed" counts are compare's, `check --json`'s and MCP's; its setup changes
 *   are compare's and `check`'s, and the export's overview names them too;
 * - a killed run is compared like for like on the runs list, its run page and compare, over one count;
 * - each rate carries all_summary.txt's name on the run page, compare, /trends and `check --json`;
 * - a suite has one name on the runs list, /trends and MCP;
 * - pooled timing says over how many scenarios, as `report` does;
 * - no page overflows a phone's width, and no text reads NaN, undefined, null, Infinity or a negative duration.
 */
import { expect, test, type Page } from "@playwright/test";
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIN = path.join(ROOT, "bin/voice-eval-dashboard.mjs");
const EXAMPLE = path.join(ROOT, "examples/results");
/** Last night: a setup change, a failing scenario with logs and a recording. */
const NEWEST = "nightly/eval_20261130_020000";
/** A run with a scenario stalled the time before and passing now (was stalled, not fixed). */
const STALL_FIXED = "eval_20261124_091500";
/** A killed run: 9 of its 24 scenarios finished. */
const KILLED = "eval_20261129_220000";
const FAILING = "tau2_retail__43";
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const WAIT = { timeout: 20_000 };

let root = "";
let dash: Dashboard;
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "ved-consistency-"));
  await cp(EXAMPLE, path.join(root, "results"), { recursive: true });
  dash = await startDashboard(path.join(root, "results"));
});
test.afterAll(async () => {
  await dash?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

const run = promisify(execFile);
/** The command as a user types it; its stdout (check exits 1 on a verdict it refuses, with its JSON still printed). */
async function cli(...args: string[]): Promise<string> {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", VOICE_EVAL_STATE_DIR: path.join(root, "state"), VOICE_EVAL_DATABASE: "" };
  try {
    return (await run(process.execPath, [BIN, ...args], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (e) {
    const out = (e as { stdout?: string }).stdout;
    if (out) return out;
    throw e;
  }
}
const runDir = (id: string) => path.join(root, "results", ...id.split("/"));
const url = (p: string) => new URL(p.replace(/^\//, ""), dash.url).toString();
const runUrl = (id: string, query = "") => url(`/runs/${encodeURIComponent(id)}${query}`);
const scenarioUrl = (id: string, name: string) => url(`/runs/${encodeURIComponent(id)}/scenarios/${encodeURIComponent(name)}`);
const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? "").replace(/\s+/g, " ").trim();
const num = (s: string | undefined) => Number((s ?? "").replace(/[^\d.+\-−]/g, "").replace("−", "-"));

/** No horizontal overflow on a phone; no text that reads as a rendering fault. */
async function readsClean(page: Page, what: string) {
  const { scrollWidth, innerWidth, body } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    body: document.body.innerText,
  }));
  expect(scrollWidth, `${what}: no horizontal page overflow`).toBeLessThanOrEqual(innerWidth);
  // A judge that answered NaN is the harness's data, named as such ("judge error (NaN)"), not a fault of ours.
  const shown = body.replace(/judge errors? \(NaN[^)]*\)/gi, "");
  expect(shown.match(/\b(NaN|undefined|null|Infinity)\b/g) ?? [], `${what}: no NaN, undefined, null or Infinity`).toEqual([]);
  // A change is signed on purpose, with "−" (U+2212, `deltaText`); a duration formatted below zero reads "-463 s" (toLocaleString's hyphen).
  expect(shown.match(/(?:^|[\s(:=/])-\d[\d.,]*\s?(?:ms|s|min|h)\b/gm) ?? [], `${what}: no negative duration`).toEqual([]);
}

/** The cells of `name`'s row in the run page's scenario table, by column header. */
async function tableRow(page: Page, name: string): Promise<Record<string, string>> {
  await expect(page.getByRole("link", { name, exact: true }).first()).toBeVisible(WAIT);
  return page.evaluate((name) => {
    const table = [...document.querySelectorAll("table")].find((t) => [...t.querySelectorAll("thead th")].some((th) => th.textContent?.trim() === "p50"));
    if (!table) throw new Error("no scenario table");
    const heads = [...table.querySelectorAll("thead th")].map((th) => (th.textContent ?? "").replace(/[▲▼]/g, "").trim());
    const row = [...table.querySelectorAll("tbody tr")].find((tr) => [...tr.querySelectorAll("a")].some((a) => a.textContent?.trim() === name));
    if (!row) throw new Error(`no row ${name}`);
    const cells = [...row.querySelectorAll("th, td")].map((c) => (c as HTMLElement).innerText.replace(/\s+/g, " ").trim());
    return Object.fromEntries(heads.map((h, i) => [h, cells[i] ?? ""]));
  }, name);
}

/** The run page's "what changed" counts, by word. */
async function changeCounts(page: Page): Promise<Record<string, number>> {
  const line = await text(page, '[data-testid="changes-line"]');
  const count = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
  return {
    new: count("new failures?"),
    fixed: count("fixed"),
    still_failing: count("still failing"),
    was_stalled: count("was stalled"),
    now_stalled: count("now stalled"),
  };
}

/** A compare page's bucket counts, by change. */
async function bucketCounts(page: Page): Promise<Record<string, number>> {
  await expect(page.getByTestId("buckets")).toBeVisible(WAIT);
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid="buckets"] [data-bucket]')].map((a) => [
        a.getAttribute("data-bucket"),
        Number((a.querySelector('[data-testid="bucket-count"]')?.textContent ?? "").replace(/\D/g, "")),
      ]),
    ),
  );
}

async function mcp<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const client = new Client({ name: "consistency", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url("/mcp"))));
  try {
    const r = await client.callTool({ name, arguments: args });
    expect(r.isError, `${name} answered`).toBeFalsy();
    return r.structuredContent as T;
  } finally {
    await client.close();
  }
}

for (const vp of VIEWPORTS) {
  const at = `${vp.width}×${vp.height}`;
  test.describe(at, () => {
    test.use({ viewport: vp });

    test(`a failing scenario's figures: the harness's, each other source named; one turn numbering; the judge's reason once (${at})`, async ({ page }) => {
      await page.goto(runUrl(NEWEST));
      const row = await tableRow(page, FAILING);
      await page.goto(scenarioUrl(NEWEST, FAILING));
      await expect(page.getByTestId("scenario-header")).toBeVisible(WAIT);
      await readsClean(page, `scenario ${FAILING}`);
      const fact = async (label: string) =>
        (
          (await page
            .locator('[data-testid="scenario-header"] dl > div')
            .filter({ has: page.locator("dt", { hasText: label }) })
            .locator("dd")
            .textContent()) ?? ""
        ).trim();

      // Latency and duration: the header's are the run table's (metrics.json), and the line naming the other sources starts from them.
      const [p50, p95] = (await fact("Latency p50 / p95")).split(" / ");
      expect(num(p50), "the header's p50 is the table's").toBe(num(row["p50"]));
      expect(num(p95)).toBe(num(row["p95"]));
      expect(await fact("Duration"), "the header's duration is the table's").toBe(row["Time"]);
      const sources = page.getByTestId("figure-sources").locator("li");
      await expect(sources.first()).toContainText(`Latency p50 ${p50} is the harness's (metrics.json`);
      await expect(sources.nth(1)).toContainText("is the harness's (metrics.json scenario_duration");

      // LLM calls: the log's count is said against the header's (metrics.json) count.
      const userCalls = Number(/(\d+) LLM calls/.exec(await text(page, '[data-testid="tokens-user"]'))?.[1]);
      const fewer = page.getByText(/^user: the bridge log has \d+ of the \d+ LLM calls metrics\.json counts/);
      await expect(fewer).toHaveCount(1);
      const [, logged, counted] = /has (\d+) of the (\d+)/.exec((await fewer.textContent()) ?? "") ?? [];
      expect(Number(counted), "the metrics.json count the timing line names is the header's").toBe(userCalls);
      expect(Number(logged)).toBeLessThan(userCalls);

      // Interruptions: a turn marked [INTERRUPTED] is counted as such, not as a cut-in.
      const marked = await page.locator('[id^="turn-"]').filter({ hasText: "[INTERRUPTED]" }).count();
      expect(marked, "the example marks a turn [INTERRUPTED]").toBeGreaterThan(0);
      await expect(page.getByRole("row", { name: /Turns the harness marked \[INTERRUPTED\]/ })).toContainText(
        `${marked}: audio without text, not an interruption`,
      );

      // Causes: where it went wrong is the first listed; one cause per event (the slow turn's dead air is its evidence).
      const causes = page.locator('[data-testid="hints"] > li');
      const firstTurn = /turn (\d+) ↓/.exec((await causes.first().textContent()) ?? "")?.[1];
      await expect(page.getByTestId("went-wrong")).toHaveText(`Where it went wrong: turn ${firstTurn} ↓`);
      const slowTurns = await page.locator('[data-hint="slow-turn"]').evaluateAll((els) => els.map((e) => /turn (\d+) ↓/.exec(e.textContent ?? "")?.[1]));
      const deadAirTurns = await page
        .locator('[data-hint="audio-dead_air"]')
        .evaluateAll((els) => els.map((e) => /turn (\d+) ↓/.exec(e.textContent ?? "")?.[1]));
      expect(slowTurns.length, "the example's 67.8 s turn").toBeGreaterThan(0);
      expect(
        deadAirTurns.filter((t) => slowTurns.includes(t)),
        "no dead air listed apart from the slow turn it belongs to",
      ).toEqual([]);
      await expect(page.locator('[data-hint="slow-turn"] [data-testid="cause-also"]').first()).toContainText("dead air on the recording");

      // One turn numbering: the misheard utterance is the same turn in the read-back cause, heard vs meant and the transcript.
      const readBack = page.locator('[data-hint="read-back"]');
      const [, said, readAt] = /\(turn (\d+) → turn (\d+)\)/.exec((await readBack.textContent()) ?? "") ?? [];
      const misheard = page.getByTestId("asr-turn").filter({ hasText: new RegExp(`^turn ${said}$`) });
      await expect(misheard, "heard vs meant names the turn the cause names").toHaveCount(1);
      const meant = /W[\s\d]+/.exec((await page.locator(`[id="turn-${said}"]`).first().textContent()) ?? "")?.[0];
      expect(meant, "the transcript's turn says the identifier").toBeTruthy();
      await expect(page.locator(`[id="turn-${readAt}"]`).first()).toContainText("E1535641");

      // The judge's reason once on the page (the judge panel points up to it), and on a desktop's first screen.
      const reason = (await text(page, '[data-testid="why-reason"] [data-testid="judge-reason"]')).slice(0, 80);
      expect(reason.length).toBeGreaterThan(20);
      await expect(page.getByText(reason)).toHaveCount(1);
      await expect(page.getByText("the judge's reason is quoted above ↑")).toHaveCount(1);
      if (vp.width >= 1024) await expect(page.getByTestId("why-reason")).toBeInViewport();
    });

    test(`what changed: the run page, compare, check --json and MCP count the same changes (${at})`, async ({ page }) => {
      await page.goto(runUrl(STALL_FIXED));
      await expect(page.getByTestId("changes-line")).toBeVisible(WAIT);
      await readsClean(page, `run ${STALL_FIXED}`);
      const onRun = await changeCounts(page);
      expect(onRun.was_stalled, "the example's stall then pass").toBeGreaterThan(0);
      const previous = new URL((await page.getByTestId("compare-previous").getAttribute("href")) ?? "", dash.url).searchParams.get("base") ?? "";

      await page.getByTestId("compare-previous").click();
      const onCompare = await bucketCounts(page);
      await readsClean(page, `compare ${previous} → ${STALL_FIXED}`);
      expect({
        new: onCompare.regressed,
        fixed: onCompare.fixed,
        still_failing: onCompare.still_failing,
        was_stalled: onCompare.was_stalled,
        now_stalled: onCompare.now_stalled,
      }).toEqual(onRun);

      const check = JSON.parse(await cli("check", runDir(STALL_FIXED), "--baseline", runDir(previous), "--json")) as { counts: Record<string, number> };
      expect({
        new: check.counts.regressed,
        fixed: check.counts.fixed,
        still_failing: check.counts.still_failing,
        was_stalled: check.counts.was_stalled,
        now_stalled: check.counts.now_stalled,
      }).toEqual(onRun);
      const viaMcp = await mcp<{ comparisons: Array<{ counts: Record<string, number> }> }>("compare_runs", { base: previous, run: STALL_FIXED });
      expect(viaMcp.comparisons[0]?.counts).toEqual(check.counts);
    });

    test(`a setup change is in the run page's what changed, as compare, check --json and the export name it (${at})`, async ({ page }) => {
      await page.goto(runUrl(NEWEST));
      const setupLine = page.getByTestId("setup-changes");
      await expect(setupLine).toBeVisible(WAIT);
      await readsClean(page, `run ${NEWEST}`);
      const onRun = await text(page, '[data-testid="setup-changes"]');
      const counts = await changeCounts(page);
      const previous = new URL((await page.getByTestId("compare-previous").getAttribute("href")) ?? "", dash.url).searchParams.get("base") ?? "";

      await page.getByTestId("compare-previous").click();
      const args = page
        .getByRole("table")
        .filter({ has: page.getByRole("columnheader", { name: "Argument" }) })
        .first()
        .locator("tbody tr");
      await expect(args.first()).toBeVisible(WAIT);
      await readsClean(page, `compare ${previous} → ${NEWEST}`);
      const rows = await args.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("th, td")].map((c) => (c.textContent ?? "").trim())));
      expect(rows.length, "the example's changed arguments").toBeGreaterThan(0);
      for (const [name, base, other] of rows) expect(onRun, `${name} on the run page`).toContain(`${name}: ${base} → ${other}`);

      const check = JSON.parse(await cli("check", runDir(NEWEST), "--baseline", runDir(previous), "--json")) as { setup: string[] };
      for (const line of check.setup) expect(onRun, "check's setup line on the run page").toContain(line);

      // The export's overview says what the run page says.
      const out = path.join(root, `export-${vp.width}`);
      await cli("export", runDir(NEWEST), "--out", out, "--compare", runDir(previous));
      await page.goto(pathToFileURL(path.join(out, "index.html")).toString());
      await expect(page.getByTestId("setup-changes")).toHaveText(onRun);
      await readsClean(page, "the export's overview");
      const exported = await text(page, '[data-testid="changes-line"]');
      expect(exported).toContain(`${counts.new} new failure`);
      expect(exported).toContain(`${counts.fixed} fixed`);
      expect(exported).toContain(`${counts.still_failing} still failing`);
    });

    test(`a killed run is compared like for like over one count on the runs list, its run page and compare (${at})`, async ({ page }) => {
      await page.goto(url("/"));
      const listed = page.getByRole("row").filter({ has: page.getByRole("link", { name: KILLED, exact: true }) });
      await expect(listed).toBeVisible(WAIT);
      await readsClean(page, "the runs list");
      const [, finished, queued] = /(\d+)\/(\d+)/.exec(await listed.locator('td[data-rate="task_success_rate"] + td').innerText()) ?? [];
      expect(Number(finished)).toBeLessThan(Number(queued));
      const phrase = `like for like over the ${finished} scenarios both runs finished`;
      await expect(listed).toContainText(phrase);
      const listDelta = num(/([+−-]?[\d.]+) pp/.exec(await listed.innerText())?.[1]);

      await page.goto(runUrl(KILLED));
      await expect(page.getByTestId("success-delta")).toContainText(phrase, WAIT);
      await readsClean(page, `run ${KILLED}`);
      const runDelta = num(/Δ success ([+−-]?[\d.]+) pp/.exec(await text(page, '[data-testid="success-delta"]'))?.[1]);
      expect(runDelta, "the runs list's Δ is the run page's").toBe(listDelta);

      await page.getByTestId("compare-previous").click();
      await expect(page.getByText(`Headline rates · ${phrase}`)).toBeVisible(WAIT);
      await readsClean(page, `compare → ${KILLED}`);
      const compareDelta = num(await text(page, '[data-testid="delta-success_rate"]'));
      expect(Math.abs(compareDelta - runDelta), "the same Δ, to the run page's precision").toBeLessThanOrEqual(0.05);

      const previous = new URL(page.url()).searchParams.get("base") ?? "";
      const check = JSON.parse(await cli("check", runDir(KILLED), "--baseline", runDir(previous), "--json")) as { verdict: string };
      expect(check.verdict, "check does not judge a killed run").toBe("incomplete");
    });

    test(`each rate carries all_summary.txt's name on the run page, compare, /trends and check --json (${at})`, async ({ page }) => {
      const summary = await readFile(path.join(runDir(STALL_FIXED), "all_summary.txt"), "utf8");
      await page.goto(runUrl(STALL_FIXED));
      await expect(page.locator("li[data-rate]").first()).toBeVisible(WAIT);
      const cards = Object.fromEntries(
        await page
          .locator("li[data-rate]")
          .evaluateAll((lis) => lis.map((li) => [li.getAttribute("data-rate"), li.querySelector('[data-part="label"]')?.textContent?.trim()])),
      ) as Record<string, string>;
      for (const name of ["success_rate", "db_state_assertion_success_rate"]) {
        expect(summary, `${cards[name]} as all_summary.txt prints it`).toMatch(new RegExp(`^\\s*${cards[name]!.replace(/[()>=]/g, "\\$&")}:`, "m"));
      }
      const harnessNamed = Object.entries(cards).filter(([, label]) => new RegExp(`^\\s*${label.replace(/[()>=]/g, "\\$&")}:`, "m").test(summary));
      expect(harnessNamed.length, "every card's name is a line of all_summary.txt").toBe(Object.keys(cards).length);

      const previous = new URL((await page.getByTestId("compare-previous").getAttribute("href")) ?? "", dash.url).searchParams.get("base") ?? "";
      await page.getByTestId("compare-previous").click();
      await expect(page.getByTestId("delta-success_rate")).toBeVisible(WAIT);
      const rowNames = await page
        .locator("table")
        .filter({ has: page.getByTestId("delta-success_rate") })
        .locator("tbody tr > :first-child")
        .allTextContents();
      for (const label of Object.values(cards))
        expect(
          rowNames.map((r) => r.trim()),
          `compare names ${label}`,
        ).toContain(label);

      await page.goto(url(`/trends?suite=${encodeURIComponent(STALL_FIXED)}`));
      await expect(page.locator("figure[data-chart]").first()).toBeVisible(WAIT);
      await readsClean(page, "/trends");
      const charts = await page.locator("figure[data-chart]").evaluateAll((fs) => fs.map((f) => f.getAttribute("data-chart")));
      expect(charts).toContain(cards.success_rate);
      expect(charts).toContain(cards.db_state_assertion_success_rate);

      const check = JSON.parse(await cli("check", runDir(STALL_FIXED), "--baseline", runDir(previous), "--json")) as { rateLabels: Record<string, string> };
      for (const [name, label] of Object.entries(cards)) expect(check.rateLabels[name], name).toBe(label);
    });

    test(`a suite has one name on the runs list, /trends and MCP (${at})`, async ({ page }) => {
      await page.goto(url("/"));
      const options = await page.locator("select option").allTextContents();
      const listed = options.filter((o) => o !== "All suites").map((o) => o.replace(/ \(\d+\)$/, ""));
      expect(listed.length, "the example's suites").toBeGreaterThan(1);
      const killedRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: KILLED, exact: true }) });
      const killedSuite = listed.find((s) => s !== "nightly" && s.startsWith("24 scenarios"));
      expect(killedSuite).toBeTruthy();
      await expect(killedRow).toContainText(killedSuite!);

      await page.goto(url("/trends"));
      const onTrends = await page.locator('nav[aria-label="Suites"] a .font-medium').allTextContents();
      expect([...onTrends].sort()).toEqual([...listed].sort());

      const viaRun = await mcp<{ suiteName: string | null }>("get_run", { run: KILLED });
      expect(viaRun.suiteName).toBe(killedSuite);
      const viaTrends = await mcp<{ suiteName: string | null }>("get_trends", { suite: KILLED });
      expect(viaTrends.suiteName).toBe(killedSuite);
    });

    test(`pooled run timing says over how many scenarios, as report does (${at})`, async ({ page }) => {
      await page.goto(runUrl(NEWEST, "?tab=stages"));
      await expect(page.getByTestId("timing-logged")).toBeVisible(WAIT);
      await readsClean(page, `run ${NEWEST}, by stage`);
      const logged = await text(page, '[data-testid="timing-logged"]');
      const [, some, of] = /^(\d+) of (\d+) scenario\(s\) have logs$/.exec(logged) ?? [];
      const scenarios = (
        (await page
          .locator("dl > div")
          .filter({ has: page.locator("dt", { hasText: /^Scenarios$/ }) })
          .locator("dd")
          .first()
          .textContent()) ?? ""
      ).trim();
      expect(Number(of), "over the run's scenarios").toBe(num(scenarios));
      expect(Number(some)).toBeLessThan(Number(of));
      const report = await cli("report", runDir(NEWEST));
      expect(report).toContain(`Pooled over the scenarios with logs: ${logged}`);
      expect(report, "a wall clock that cannot be measured is unknown, never negative").not.toMatch(/overhead: [-−]/);

      // The scenario report: where it went wrong as the page says, and no negative span in its tables (a waterfall overrun included).
      await page.goto(scenarioUrl(NEWEST, FAILING));
      const wentWrong = /turn (\d+)/.exec(await text(page, '[data-testid="went-wrong"]'))?.[1];
      const scenarioReport = await cli("report", runDir(NEWEST), "--scenario", FAILING);
      expect(scenarioReport).toContain(`Where it went wrong: turn ${wentWrong} (`);
      expect(scenarioReport).toContain("Waterfall per agent turn");
      expect(scenarioReport.match(/\|\s*-\d[\d.,]*/g) ?? [], "no negative span in the scenario report").toEqual([]);
    });
  });
}
