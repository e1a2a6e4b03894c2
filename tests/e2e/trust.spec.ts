/**
 * The trust issue against the real server: a rebinding Host gets nothing, HEAD on the live stream
 * leaks no listener, pages are read-only, links pointing outside never become runs or scenarios,
 * and a run's state label moves with the clock on an open page.
 */
import { expect, test } from "@playwright/test";
import { request as httpRequest } from "node:http";
import { readFile, symlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { retimeText } from "../helpers/retime-log.ts";
import { startDashboard, type Dashboard } from "./helpers/server.ts";
import { copyRun, SMALL_RUN, tempResults, type TempResults } from "./runs-fixtures.ts";

let dir: TempResults;
let dash: Dashboard;

test.beforeAll(async () => {
  dir = await tempResults("trust");
  await copyRun(SMALL_RUN, path.join(dir.results, "eval_finished"));
  // A run still going: its log stops before the end; its last write is 4 min 45 s old.
  const live = path.join(dir.results, "eval_live");
  await copyRun(SMALL_RUN, live);
  const log = (await readFile(path.join(live, "evaluation_log.txt"), "utf8")).split("\n").slice(0, 6).join("\n") + "\n";
  // Its log's own clock says it is live too (a copy keeps its log's words: `activityOf`).
  await writeFile(path.join(live, "evaluation_log.txt"), retimeText(log, Date.now()));
  await copyRun(SMALL_RUN, path.join(dir.tmp, "outside-run"));
  dash = await startDashboard(dir.results);
});
test.afterAll(async () => {
  await dash?.stop();
  await dir?.cleanup();
});

/** A raw request with any Host header (fetch may not set one). */
function raw(method: string, pathname: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(dash.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: pathname, headers: { host }, timeout: 10_000 }, (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("timeout", () => req.destroy(new Error(`timeout: ${method} ${pathname}`)));
    req.on("error", reject);
    req.end();
  });
}

const health = () => dash.health();

test("a request with a foreign Host gets nothing: pages, API and the live stream", async () => {
  for (const p of ["/", "/runs/eval_finished", "/api/runs", "/api/runs/eval_finished/summary.txt", "/api/events"]) {
    const res = await raw("GET", p, "evil.example:3210");
    expect(res.status, p).toBe(403);
    expect(res.body, p).not.toContain("eval_finished");
  }
  expect((await raw("GET", "/api/runs", new URL(dash.url).host)).status).toBe(200);
  expect((await raw("GET", "/api/runs", `localhost:${new URL(dash.url).port}`)).status).toBe(200);
});

test("500 HEAD requests on the live stream leave no listener; other methods are refused", async () => {
  const host = new URL(dash.url).host;
  for (let i = 0; i < 500; i += 50) await Promise.all(Array.from({ length: 50 }, () => raw("HEAD", "/api/events", host)));
  await expect.poll(async () => (await health()).listeners, { message: "listeners after 500 HEAD /api/events", timeout: 10_000 }).toBe(0);
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) expect((await raw(method, "/runs/eval_finished", host)).status, method).toBe(405);
});

test("links pointing outside the folder never become runs or scenarios, after the watcher is live", async () => {
  await expect.poll(async () => (await health()).watching, { message: "the watcher live", timeout: 30_000 }).toBe(true);
  await symlink(path.join(dir.tmp, "outside-run"), path.join(dir.results, "outside"));
  await symlink(path.join(dir.tmp, "outside-run", "tau2_airline__12"), path.join(dir.results, "eval_finished", "linked_scenario"));
  // A real change after the links, so a quiet folder is known to have been looked at again.
  await copyRun(SMALL_RUN, path.join(dir.results, "eval_after"));
  await expect
    .poll(async () => ((await (await fetch(new URL("/api/runs", dash.url))).json()) as { runs: Array<{ id: string }> }).runs.map((r) => r.id).sort(), {
      message: "the new run listed",
      timeout: 20_000,
    })
    .toContain("eval_after");
  const ids = ((await (await fetch(new URL("/api/runs", dash.url))).json()) as { runs: Array<{ id: string }> }).runs.map((r) => r.id);
  expect(ids).not.toContain("outside");
  expect((await fetch(new URL("/api/runs/outside", dash.url))).status).toBe(404);
  const problemsOf = async () =>
    ((await (await fetch(new URL("/api/runs/eval_finished", dash.url))).json()) as { problems: Array<{ file: string; message: string }> }).problems;
  await expect
    .poll(async () => (await problemsOf()).some((p) => p.file === "linked_scenario" && /symbolic link/.test(p.message)), {
      message: "the linked scenario folder named as a problem of its run",
      timeout: 20_000,
    })
    .toBe(true);
  expect((await fetch(new URL("/api/runs/eval_finished/scenarios/linked_scenario", dash.url))).status).toBe(404);
});

test("an open run page moves its state label as the run ages, without a reload", async ({ page }) => {
  const log = path.join(dir.results, "eval_live", "evaluation_log.txt");
  // Activity 4 min 50 s ago: "running" for about ten more seconds, then "probably stalled".
  const when = new Date(Date.now() - (5 * 60 - 10) * 1000);
  await utimes(log, when, when);
  for (const f of ["bridge_log.txt", "conversation_log.txt"]) {
    for (const s of ["tau2_airline__12", "tau2_airline__34", "tau2_airline__37"])
      await utimes(path.join(dir.results, "eval_live", s, f), when, when).catch(() => {});
  }
  await page.goto(new URL("/runs/eval_live", dash.url).href);
  const header = page.locator("main");
  await expect(header.getByText("running", { exact: true }).first(), "the run shown as running first").toBeVisible({ timeout: 15_000 });
  await expect(header.getByText("probably stalled", { exact: true }).first(), "the label moved on with the clock").toBeVisible({ timeout: 45_000 });
});
