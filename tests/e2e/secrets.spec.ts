/**
 * Issue 42 over real HTTP against the started server: (1) the rendered compare, scenario compare,
 * trends and run pages show none of the ten secrets of `run_args.json` (the API, CLI, export and
 * report are covered by tests/unit/server/secrets.test.ts); (2) cross-site requests: the API answers
 * none, a page no cross-site subresource load, while a link followed from another site, same-origin
 * requests and a client without `Sec-Fetch-*` headers (curl, the CLI) are served.
 */
import { expect, test } from "@playwright/test";
import { once } from "node:events";
import { request as httpRequest, createServer, type Server } from "node:http";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDashboard, type Dashboard } from "./helpers/server";
import { BASE_RUN, leakedSecret, OTHER_RUN, SECRET_SCENARIOS, writeSecretRuns } from "../helpers/secret-runs";

let dashboard: Dashboard | null = null;
let other: Server | null = null;
test.afterEach(async () => {
  await dashboard?.stop();
  dashboard = null;
  other?.close();
  other = null;
});
test.setTimeout(180_000);

async function started(): Promise<Dashboard> {
  const root = await mkdtemp(join(tmpdir(), "ved-secrets-e2e-"));
  await writeSecretRuns(root);
  const d = await startDashboard(root);
  await expect
    .poll(async () => ((await (await fetch(`${d.url}api/runs`)).json()) as { indexing?: unknown }).indexing === undefined, {
      timeout: 30_000,
      message: "the first scan ends",
    })
    .toBe(true);
  return d;
}

/** A GET with exactly these headers (fetch would add its own `Sec-Fetch-*`). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers, timeout: 30_000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("timeout", () => req.destroy(new Error(`GET ${url}: no answer in 30 s`)));
    req.on("error", reject);
    req.end();
  });
}

test("the rendered pages show no secret of run_args.json, and say a secret changed", async () => {
  dashboard = await started();
  const u = dashboard.url;
  const pages = [
    `compare?base=${BASE_RUN}&runs=${OTHER_RUN}`,
    `compare/scenario?base=${BASE_RUN}&run=${OTHER_RUN}&name=${SECRET_SCENARIOS[1]}`,
    "trends?range=all",
    `runs/${BASE_RUN}`,
    `runs/${OTHER_RUN}`,
    // Issue 54: a key quoted by the judge, spoken in a turn or written in a prompt.
    `runs/${OTHER_RUN}/scenarios/${SECRET_SCENARIOS[0]}`,
    `runs/${BASE_RUN}/scenarios/${SECRET_SCENARIOS[1]}`,
  ];
  for (const p of pages) {
    const { status, body } = await get(`${u}${p}`);
    expect(status, p).toBe(200);
    expect(leakedSecret(body), p).toBeNull();
  }
  // The scenario page shows the judge's reason and the turn, without their keys.
  const scenarioPage = (await get(`${u}runs/${OTHER_RUN}/scenarios/${SECRET_SCENARIOS[1]}`)).body;
  expect(scenarioPage).toContain("to the user.");
  expect(scenarioPage).toContain("please use it.");
  const compare = (await get(`${u}compare?base=${BASE_RUN}&runs=${OTHER_RUN}`)).body;
  expect(compare).toContain("db_passwd");
  expect(compare).toContain("changed (redacted)");
  expect((await get(`${u}trends?range=all`)).body).toContain("changed (redacted)");
});

test("cross-site GETs are refused, a link followed from another site still opens the page", async ({ page }) => {
  dashboard = await started();
  const u = dashboard.url; // http://127.0.0.1:PORT/
  const api = `${u}api/runs/${OTHER_RUN}`;
  const runPage = `${u}runs/${OTHER_RUN}`;

  // Headers as a browser sends them.
  expect((await get(api, { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" })).status).toBe(403);
  expect((await get(api, { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" })).status).toBe(403);
  expect((await get(runPage, { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" })).status).toBe(403);
  expect((await get(runPage, { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe" })).status).toBe(403);
  expect((await get(runPage, { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" })).status).toBe(200);
  expect((await get(runPage, { "sec-fetch-site": "cross-site", "sec-fetch-mode": "nested-navigate", "sec-fetch-dest": "iframe" })).status).toBe(403);
  expect((await get(api, { "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors" })).status).toBe(200);
  // curl and the CLI send no Sec-Fetch-* headers.
  expect((await get(api)).status).toBe(200);
  expect((await get(runPage)).status).toBe(200);

  // A real browser on another site (localhost is not 127.0.0.1's site): its fetch and iframe are refused; its link opens the page.
  // (An image's answer is blocked by the browser itself (ORB) before the test could see it: the raw requests above stand for it.)
  other = createServer((_, res) => {
    res.setHeader("content-type", "text/html");
    res.end(
      `<!doctype html><a id="go" href="${runPage}">open</a><iframe src="${runPage}?frame"></iframe><script>fetch(${JSON.stringify(api + "?fetch")}, { mode: "no-cors" }).catch(() => {});</script>`,
    );
  });
  other.listen(0, "127.0.0.1");
  await once(other, "listening");
  const port = (other.address() as { port: number }).port;
  const statuses = new Map<string, number>();
  page.on("response", (r) => {
    const q = new URL(r.url()).search;
    if (q === "?fetch" || q === "?frame") statuses.set(q, r.status());
  });
  await page.goto(`http://localhost:${port}/`);
  await expect.poll(() => statuses.size, { timeout: 15_000, message: "the other site's fetch and iframe were answered" }).toBe(2);
  expect(Object.fromEntries(statuses)).toEqual({ "?fetch": 403, "?frame": 403 });
  const [response] = await Promise.all([page.waitForNavigation({ timeout: 30_000 }), page.click("#go")]);
  expect(response?.status()).toBe(200);
  await expect(page.getByText(OTHER_RUN).first()).toBeVisible({ timeout: 15_000 });
});
