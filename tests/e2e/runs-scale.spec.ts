import { expect, test } from "@playwright/test";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { VERSION_META } from "../../components/version-mark";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { bigName, ROOT, screenshots, tempResults, writeBigRun, type TempResults } from "./runs-fixtures.ts";

const N = 10_000;
const RUN = "big/eval_20261120_091500";
const BUDGET = 500 * 1024;

let dir: TempResults;
let dashboard: Dashboard;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dir = await tempResults("runs-scale");
  await writeBigRun(path.join(dir.results, RUN), N);
  dashboard = await startDashboard(dir.results);
  // Wait for the first scan to finish.
  await expect
    .poll(
      async () => {
        const res = await fetch(`${dashboard.url}api/runs`);
        const body = (await res.json()) as { runs: Array<{ id: string; scenarioCount: number }>; indexing?: unknown };
        return !body.indexing && body.runs.find((r) => r.id === RUN)?.scenarioCount;
      },
      { timeout: 120_000 },
    )
    .toBe(N);
  // …and for the watcher's catch-up pass, so no live refresh lands inside the measurement.
  let last = -1;
  await expect
    .poll(
      async () => {
        const { version } = (await (await fetch(`${dashboard.url}api/runs`)).json()) as { version: number };
        const settled = version === last;
        last = version;
        return settled;
      },
      { intervals: [1500], timeout: 60_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await dashboard?.stop();
  await dir?.cleanup();
});

test("a 10,000-scenario run: small page weight, and at most ~100 rows in the DOM while scrolling", async ({ page }) => {
  const bytes = { document: 0, data: 0, static: 0 };
  const dataUrls: string[] = [];
  const reading: Array<Promise<void>> = [];
  // Counted once a request has finished: a fetch the table aborts while scrolling fires
  // "requestfailed" instead, and would otherwise leave a response's `finished` promise pending forever.
  page.on("requestfinished", (request) => {
    const type = request.resourceType();
    if (type === "eventsource") return; // never ends
    reading.push(
      // Bytes on the wire (the server sends no compression): body plus headers.
      request
        .sizes()
        .then((sz) => sz.responseBodySize + sz.responseHeadersSize)
        .catch(() => 0)
        .then((size) => {
          if (type === "document") bytes.document += size;
          else if (type === "fetch" || type === "xhr") {
            bytes.data += size;
            dataUrls.push(`${size} ${request.url()}`);
          } else bytes.static += size;
        }),
    );
  });
  /** Waits until every response seen so far has been read and counted. */
  const settle = async () => {
    await page.waitForLoadState("networkidle");
    await Promise.all(reading);
  };

  await page.goto(`${dashboard.url}runs/${encodeURIComponent(RUN)}?sort=name`);
  await expect(page.getByTestId("scenario-count")).toHaveText("10,000 of 10,000 scenarios");
  await settle();
  const initial = { ...bytes, urls: [...dataUrls] };
  const rows = page.locator('[data-testid="scenario-scroll"] tbody tr[role="row"]');
  expect(await rows.count()).toBeLessThanOrEqual(100);
  await expect(rows.first().locator("td").first()).toHaveText(bigName(0));

  const scroller = page.getByTestId("scenario-scroll");
  await scroller.scrollIntoViewIfNeeded();
  const loading = page.locator('[data-testid="scenario-scroll"] tbody td', { hasText: "Loading…" });
  let maxRows = 0;
  const check = async () => {
    // Every rendered row shows the scenario at its position (name order = index order), once its page arrived.
    await expect
      .poll(
        async () => {
          const cells = await rows.evaluateAll((trs) =>
            trs.map((tr) => [Number(tr.getAttribute("aria-rowindex")), tr.querySelector("td")?.textContent ?? ""] as const),
          );
          maxRows = Math.max(maxRows, cells.length);
          expect(cells.length).toBeLessThanOrEqual(100);
          return cells.filter(([rowIndex, name]) => name !== bigName(rowIndex - 2)).map(([i, name]) => `${i}:${name}`);
        },
        { timeout: 15_000 },
      )
      .toEqual([]);
    await expect(loading).toHaveCount(0);
  };

  // Wheel scrolling, as a user would.
  await scroller.hover();
  for (let i = 0; i < 12; i++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(50);
  }
  await check();
  // Jumps, as with the scrollbar.
  for (const f of [0.25, 0.5, 0.77, 1, 0.1]) {
    await scroller.evaluate((el, frac) => (el.scrollTop = (el.scrollHeight - el.clientHeight) * frac), f);
    await check();
  }
  const last = await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
    return el.scrollHeight;
  });
  expect(last).toBeGreaterThan(N * 30);
  await check();
  await expect(page.locator(`[data-testid="scenario-scroll"] tbody tr[aria-rowindex="${N + 1}"] td`).first()).toHaveText(bigName(N - 1));

  // What one live update costs: touch a run-level file and count the refresh and the re-fetched rows.
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await check();
  await settle();
  const beforeLive = { ...bytes, n: dataUrls.length };
  // The index version the page was rendered at (see VersionMark). A refresh's request is no proof:
  // Chromium may report it aborted although React applied its payload (seen in CI, session 4).
  const renderedVersion = () => page.evaluate((name) => Number(document.querySelector(`meta[name="${name}"]`)?.getAttribute("content")), VERSION_META);
  const before = await renderedVersion();
  expect(before).toBeGreaterThan(0);
  const runArgs = path.join(dir.results, RUN, "run_args.json");
  await writeFile(runArgs, await readFile(runArgs));
  await expect
    .poll(renderedVersion, { message: "the run page re-rendered at a newer index version after run_args.json changed", timeout: 30_000 })
    .toBeGreaterThan(before);
  await check();
  await settle();
  const liveUpdate = { dataBytes: bytes.data - beforeLive.data, requests: dataUrls.slice(beforeLive.n) };

  const report = {
    scenarios: N,
    initialLoad: {
      documentBytes: initial.document,
      dataBytes: initial.data,
      htmlPlusData: initial.document + initial.data,
      staticAssetBytes: initial.static,
      dataRequests: initial.urls,
    },
    afterScrolling: { dataBytes: beforeLive.data, requests: beforeLive.n },
    oneLiveUpdate: liveUpdate,
    maxRowsInDom: maxRows,
  };
  await mkdir(path.join(ROOT, "test-output"), { recursive: true });
  await writeFile(path.join(ROOT, "test-output/run-page-bytes.json"), JSON.stringify(report, null, 2));
  console.log(
    `10k run page: HTML ${initial.document} B + data ${initial.data} B = ${initial.document + initial.data} B (static assets ${initial.static} B); ` +
      `max rows in DOM ${maxRows}; one live update ${liveUpdate.dataBytes} B in ${liveUpdate.requests.length} request(s)`,
  );
  expect(initial.document + initial.data).toBeLessThan(BUDGET);
  // A live update re-fetches at most the visible window of the table (never the run's 10,000 rows), once.
  const refetched = liveUpdate.requests.filter((u) => u.includes("/api/runs/"));
  expect(refetched.length).toBeLessThanOrEqual(1);
  for (const u of refetched) expect(Number(/[?&]limit=(\d+)/.exec(u)?.[1])).toBeLessThanOrEqual(200);
  expect(liveUpdate.dataBytes).toBeLessThan(BUDGET);
  expect(maxRows).toBeGreaterThan(10);

  await screenshots(page, "run-page-10k");
});
