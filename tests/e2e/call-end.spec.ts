/**
 * Issue 57 in the browser, on the bundled example's newest night (run under valid-terminal-state with 30 s
 * of inactivity) with a metrics.json field no one knows yet planted: the run header names the policy, the
 * timeout, the new stop reasons and the new field once; the scenario page says how an inactivity end after
 * the caller's last turn ended without putting it on the agent, and lists the unknown field with its value;
 * compare with the night before says the two are not like for like; /trends lists the night.
 */
import { expect, test } from "@playwright/test";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

const EXAMPLE = fileURLToPath(new URL("../../examples/results", import.meta.url));
const NIGHT = "nightly/eval_20261130_020000";
const BEFORE = "nightly/eval_20261129_020000";
const QUIET = "tau2_airline__48";
const WAIT = { timeout: 20_000 };
const enc = (id: string) => id.split("/").map(encodeURIComponent).join("/");

let tmp: string;
let dashboard: Dashboard;

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-call-end-"));
  const results = path.join(tmp, "results");
  await cp(EXAMPLE, results, { recursive: true });
  const file = path.join(results, NIGHT, QUIET, "metrics.json");
  const m = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...m, turn_taking_score: "<b>0.82</b>" }, null, 2));
  dashboard = await startDashboard(results);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

test("the run header names the policy, the timeout, the new stop reasons and the new field once", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${dashboard.url}/runs/${enc(NIGHT)}`);
  await expect(page.getByTestId("run-end-policy")).toContainText("valid-terminal-state", WAIT);
  await expect(page.getByTestId("run-end-policy")).toContainText("inactivity timeout 30 s");
  await expect(page.getByTestId("run-stop-reasons")).toContainText("[SIMULATOR_EXIT]");
  await expect(page.getByTestId("run-stop-reasons")).toContainText("[INACTIVITY_TIMEOUT]");
  await expect(page.getByTestId("run-new-fields")).toHaveCount(1);
  await expect(page.getByTestId("run-new-fields")).toContainText("New fields in this run: turn_taking_score (1 scenario)");
  // The night before ran an older harness: no policy named, no new field.
  await page.goto(`${dashboard.url}/runs/${enc(BEFORE)}`);
  await expect(page.getByTestId("run-stop-reasons")).toBeVisible(WAIT);
  await expect(page.getByTestId("run-end-policy")).toHaveCount(0);
  await expect(page.getByTestId("run-new-fields")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the scenario page says how the call ended, never blames the agent for it, and lists the unknown field as text", async ({ page }) => {
  await page.goto(`${dashboard.url}/runs/${enc(NIGHT)}/scenarios/${QUIET}`);
  const end = page.getByTestId("call-end");
  await expect(end).toContainText("Ended after 30 s of silence following the caller's last turn: a valid end under valid-terminal-state", WAIT);
  await expect(end).toHaveAttribute("data-agent-at-fault", "false");
  const field = page.locator('[data-unknown-field="turn_taking_score"]');
  await expect(field).toContainText('"<b>0.82</b>"');
  // Inert: the markup is text, never an element.
  await expect(page.locator("[data-testid=unknown-fields] b")).toHaveCount(0);
  // The dashboard's own causes: the inactivity end is its own cause, the caller's side, not a timeout put on the agent
  // (the generated judge's reason is results text, and may say what it likes).
  await expect(page.getByText("Inactivity end: both sides silent for 30 s", { exact: false })).toBeVisible();
  await expect(page.getByText("Timeout: the agent never ended the call", { exact: false })).toHaveCount(0);
});

test("compare with the night before says clean exit and success are not like for like; /trends lists the night", async ({ page }) => {
  await page.goto(`${dashboard.url}/compare?base=${encodeURIComponent(BEFORE)}&runs=${encodeURIComponent(NIGHT)}`);
  await expect(page.getByTestId("compare-warnings")).toContainText(
    "Clean exit and success are not like for like: conversation-end policy tool-only → valid-terminal-state",
    WAIT,
  );
  await page.goto(`${dashboard.url}/trends?suite=${encodeURIComponent(NIGHT)}`);
  await expect(page.locator(`[data-not-comparable-run="${NIGHT}"]`)).toContainText("conversation-end policy tool-only → valid-terminal-state", WAIT);
});
