/**
 * Local by default: without a token the bin refuses a non-loopback bind; with a token every request
 * without it gets 401, the token moves from the URL into a cookie, and it never appears in what the
 * server prints or the page writes. Pages carry a strict Content Security Policy.
 */
import { expect, test } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startDashboard, type Dashboard } from "./helpers/server";

const BIN = fileURLToPath(new URL("../../bin/voice-eval-dashboard.mjs", import.meta.url));
const EXAMPLE = fileURLToPath(new URL("../../examples/results", import.meta.url));
const TOKEN = "s3cret-token-4711";

test("a non-loopback bind without a token is refused", () => {
  const res = spawnSync(process.execPath, [BIN, EXAMPLE, "--host", "0.0.0.0", "--port", "0"], {
    encoding: "utf8",
    env: { ...process.env, VOICE_EVAL_TOKEN: "" },
  });
  expect(res.status).toBe(2);
  expect(res.stderr).toContain("access token");
});

let dashboard: Dashboard | null = null;
test.afterEach(async () => {
  await dashboard?.stop();
  dashboard = null;
});

test("with a token, nothing is served without it, and it never shows in URLs or output", async ({ page }) => {
  test.setTimeout(120_000);
  dashboard = await startDashboard(EXAMPLE, { VOICE_EVAL_TOKEN: TOKEN });
  const { url } = dashboard;
  for (const path of ["", "api/runs", "api/events", "runs/eval_20261118_140000", "api/health", "favicon.ico", "_next/static/chunks/none.js"]) {
    const res = await fetch(`${url}${path}`, { redirect: "manual" });
    expect(res.status, path).toBe(401);
    await res.arrayBuffer();
  }
  expect((await fetch(`${url}api/runs`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
  const bearer = await fetch(`${url}api/runs`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(bearer.status).toBe(200);

  // The login form: the token goes in once, and the URL is cleaned.
  await page.goto(url);
  await page.getByLabel("Access token").fill(TOKEN);
  await page.getByRole("button", { name: "Open" }).click();
  await expect(page.getByRole("heading", { name: /runs/i }).first()).toBeVisible();
  expect(page.url()).not.toContain(TOKEN);
  await page.goto(`${url}runs/eval_20261118_140000`);
  const html = await page.content();
  expect(html).not.toContain(TOKEN);
  const hrefs = await page.locator("a[href]").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.some((h) => h.includes(TOKEN))).toBe(false);

  const res = await page.request.get(url);
  const csp = res.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(dashboard.output()).not.toContain(TOKEN);
});
