/**
 * Issue 55: MCP speaks the pages' language on the bundled example — a suite is called what the runs
 * list calls it (`nightly`, not its first run's id), a setup change is a setup change (not an
 * anomaly), and `triage_run` without a run starts from last night's suite run, not a showcase.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { cp, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { triageTarget } from "@/lib/server/mcp/prompt";
import { runsList } from "@/lib/server/views/runs-list";
import { runSuites } from "@/lib/shared/run-suites";
import { call, inProcessClient, ok } from "../../helpers/mcp-checks";
import { tempDir } from "../../helpers/run-builder";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const LAST_NIGHT = "nightly/eval_20261130_020000";
let root = "";
let store: Store;
let client: Client;

beforeAll(async () => {
  root = await tempDir("ved-mcp-language-");
  await cp(join(ROOT, "examples/results"), root, { recursive: true });
  store = createStore(root, { watch: false });
  await store.scanned;
  client = await inProcessClient(store, "language");
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (store) await closeStore(store);
  if (root) await rm(root, { recursive: true, force: true });
});

describe("MCP on the bundled example", () => {
  it("names the nightly suite as the runs list does, in list_runs, get_run and get_trends", async () => {
    const listed = runSuites(runsList(store.index).runs).find((s) => s.newest === LAST_NIGHT);
    expect(listed?.label).toBe("nightly");

    const runs = await ok<{ runs: Array<{ id: string; suiteName: string | null }> }>(client, "list_runs", { suite: "nightly", limit: 200 });
    expect(runs.runs.length).toBeGreaterThan(1);
    expect(runs.runs.every((r) => r.id.startsWith("nightly/") && r.suiteName === "nightly")).toBe(true);

    const run = await ok<{ suiteName: string | null }>(client, "get_run", { run: LAST_NIGHT });
    expect(run.suiteName).toBe("nightly");

    const trends = await call(client, "get_trends", { suite: "nightly" });
    expect(trends.isError).toBe(false);
    const s = trends.structured as { suiteName: string; suite: string; suites: Array<{ name: string }>; runs: Array<{ id: string }> };
    expect(s.suiteName).toBe("nightly");
    expect(s.runs.map((r) => r.id)).toContain(LAST_NIGHT);
    expect(trends.text).toContain('Suite "nightly"');
    expect(s.suites.map((x) => x.name)).toContain("nightly");
  });

  it("calls last night's setup change a setup change, not an anomaly", async () => {
    const trends = await call(client, "get_trends", { suite: LAST_NIGHT });
    const s = trends.structured as { anomalies: Array<{ kind: string }>; setupChanges: Array<{ run: string; changes: string[] }> };
    expect(s.anomalies.every((a) => a.kind === "drop" || a.kind === "rise")).toBe(true);
    const change = s.setupChanges.find((c) => c.run === LAST_NIGHT);
    expect(change?.changes.join(" ")).toContain("output_sample_rate");
    expect(trends.text).toMatch(/Setup changes before "nightly\/eval_20261130_020000"/);
    expect(trends.text).not.toMatch(/Anomaly setup/);
  });

  it("triage_run without a run starts from last night's suite run, and says why", async () => {
    expect(triageTarget(runsList(store.index).runs)?.run).toBe(LAST_NIGHT);
    const prompt = await client.getPrompt({ name: "triage_run", arguments: {} });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    expect(text).toContain(`the run "${LAST_NIGHT}"`);
    expect(text).toContain('the suite "nightly"');
    expect(text).not.toContain("eval_20261130_093000");
    expect(triageTarget([])).toBeNull();
  });
});
