import { expect, test } from "@playwright/test";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

const EXAMPLE = fileURLToPath(new URL("../../examples/results", import.meta.url));
const SHOTS = fileURLToPath(new URL("../../test-output/", import.meta.url));

let tmp: string;
let resultsDir: string;
let dashboard: Dashboard;

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-smoke-"));
  resultsDir = path.join(tmp, "results");
  if (existsSync(EXAMPLE)) await cp(EXAMPLE, resultsDir, { recursive: true });
  else await mkdir(resultsDir);
  dashboard = await startDashboard(resultsDir);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("home page shows the Runs heading", async ({ page }) => {
  await page.goto(dashboard.url);
  await expect(page.getByRole("heading", { name: "Runs" })).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "smoke-home.png"), fullPage: true });
});
