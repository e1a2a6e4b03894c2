/**
 * The dashboard never writes into the results folder: a checksum of every file (and every link and
 * folder) is the same before and after a browser session over every kind of page and API route.
 * Run and scenario names carrying HTML stay inert text everywhere they are shown.
 */
import { expect, test } from "@playwright/test";
import { cp, lstat, mkdtemp, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checksum } from "./helpers/checksum";
import { startDashboard, type Dashboard } from "./helpers/server";

const EXAMPLE = fileURLToPath(new URL("../../examples/results", import.meta.url));
const PAYLOAD_RUN = 'eval_<img src=x onerror="window.__pwned=1">';
const PAYLOAD_SCENARIO = "xss__<svg onload=window.__pwned=2>";

let dashboard: Dashboard | null = null;
test.afterEach(async () => {
  await dashboard?.stop();
  dashboard = null;
});

test.setTimeout(180_000);

test("a full browser session writes nothing into the results folder and renders hostile names as text", async ({ page }) => {
  const root = await mkdtemp(join(tmpdir(), "ved-readonly-"));
  await cp(EXAMPLE, root, { recursive: true });
  // A copy of the killed run under a hostile name, with a hostile scenario name inside.
  await cp(join(root, "eval_20261129_220000"), join(root, PAYLOAD_RUN), { recursive: true });
  const names = await readdir(join(root, PAYLOAD_RUN));
  const finished = await Promise.all(
    names.map((n) =>
      lstat(join(root, PAYLOAD_RUN, n, "metrics.json")).then(
        () => true,
        () => false,
      ),
    ),
  );
  const victim = names.find((n, i) => finished[i] && n.includes("__")) as string;
  await rename(join(root, PAYLOAD_RUN, victim), join(root, PAYLOAD_RUN, PAYLOAD_SCENARIO));
  for (const file of ["run_args.json", "evaluation_log.txt"]) {
    const path = join(root, PAYLOAD_RUN, file);
    await writeFile(path, (await readFile(path, "utf8")).split(victim).join(PAYLOAD_SCENARIO));
  }
  const before = await checksum(root);

  dashboard = await startDashboard(root);
  const { url } = dashboard;
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });

  const listRuns = async () => (await (await fetch(`${url}api/runs`)).json()) as { runs: Array<{ id: string }>; indexing?: unknown };
  await expect.poll(async () => (await listRuns()).indexing === undefined, { timeout: 30_000 }).toBe(true);
  const runs = await listRuns();
  expect(runs.runs.map((r) => r.id)).toContain(PAYLOAD_RUN);
  await page.goto(url);
  await expect(page.getByText(PAYLOAD_RUN).first()).toBeVisible();
  for (const { id } of runs.runs) {
    const enc = encodeURIComponent(id);
    await page.goto(`${url}runs/${enc}`);
    await expect(page.locator("main")).toBeVisible();
    const rows = (await (await fetch(`${url}api/runs/${enc}/scenarios?limit=3`)).json()) as { rows: Array<{ name: string }> };
    for (const row of rows.rows) {
      await page.goto(`${url}runs/${enc}/scenarios/${encodeURIComponent(row.name)}`);
      await expect(page.locator("main")).toBeVisible();
      for (const api of ["", "/audio"])
        await (await fetch(`${url}api/runs/${enc}/scenarios/${encodeURIComponent(row.name)}${api}`, { headers: { range: "bytes=0-99" } })).arrayBuffer();
    }
    await (await fetch(`${url}api/runs/${enc}/summary.txt`)).text();
  }
  await page.goto(`${url}runs/${encodeURIComponent(PAYLOAD_RUN)}?q=xss`);
  await expect(page.getByText(PAYLOAD_SCENARIO).first()).toBeVisible();
  await page.goto(`${url}runs/${encodeURIComponent(PAYLOAD_RUN)}/scenarios/${encodeURIComponent(PAYLOAD_SCENARIO)}`);
  await page.goto(`${url}compare?base=eval_20261118_140000&runs=eval_20261124_091500,${encodeURIComponent(PAYLOAD_RUN)}`);
  await expect(page.locator("main")).toBeVisible();

  // Nothing ran and nothing was injected.
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);

  await dashboard.stop();
  dashboard = null;
  expect(await checksum(root)).toBe(before);
});
