/**
 * A 10,000-scenario run never floods an agent: every tool's answer stays within a few tens of
 * kilobytes by default (paging, caps), says where the rest is, and refuses a page over the cap.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { mcpRoute } from "@/lib/server/mcp/http";
import { call } from "../../helpers/mcp-checks";
import { metrics, tempDir, writeRun } from "../../helpers/run-builder";

const BIG = "eval_20261201_010000";
const SMALL = "eval_20261130_010000";
const N = 10_000;
const names = Array.from({ length: N }, (_, i) => `tau2_retail__${i}`);
const failing = (i: number) => i % 10 === 0;

let store: Store;
let client: Client;

beforeAll(async () => {
  const root = await tempDir("ved-mcp-big-");
  const scenario = (name: string, i: number) => ({
    bridgeLog: null,
    metrics: metrics(
      name,
      failing(i)
        ? {
            is_successful: false,
            success_breakdown: { passed: [], failed: ["clean_exit"], not_applicable: [], excluded: [] },
            clean_exit: false,
            stop_reason: "[TIMEOUT]",
          }
        : {},
    ),
  });
  await writeRun(join(root, BIG), { scenarios: Object.fromEntries(names.map((n, i) => [n, scenario(n, i)])) });
  await writeRun(join(root, SMALL), { scenarios: Object.fromEntries(names.slice(0, 50).map((n, i) => [n, scenario(n, i + 1)])) });
  store = createStore(root, { watch: false });
  await store.scanned;
  const ctx = { store, ledger: async () => Promise.reject(new Error("no ledger in this test")), allowWrites: false, user: "t" };
  client = new Client({ name: "bounded", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: async (url, init) => mcpRoute(new Request(url, init), ctx, { token: null }) }),
  );
  await client.listTools();
}, 180_000);

afterAll(async () => {
  await client?.close();
  await closeStore(store);
});

const KB = 1024;

describe("MCP answers on a 10,000-scenario run", () => {
  it("stay bounded, and say where the rest is", async () => {
    const sizes: Record<string, number> = {};
    const measure = async (label: string, tool: string, args: Record<string, unknown>) => {
      const r = await call(client, tool, args);
      expect(r.isError, `${label}: ${r.text}`).toBe(false);
      sizes[label] = JSON.stringify(r.structured).length + r.text.length;
      return r;
    };
    const run = await measure("get_run", "get_run", { run: BIG });
    expect(run.structured.scenarioCount).toBe(N);
    const rows = await measure("list_scenarios", "list_scenarios", { run: BIG, quick: ["failed"] });
    expect(rows.structured.matched).toBe(N / 10);
    expect((rows.structured.rows as unknown[]).length).toBe(50);
    expect(rows.structured.more).toMatch(/950 more row\(s\).*offset=50/);
    const page = await measure("list_scenarios limit=500", "list_scenarios", { run: BIG, limit: 500, offset: 9_900 });
    expect((page.structured.rows as unknown[]).length).toBe(100);
    const compared = await measure("compare_runs", "compare_runs", { base: SMALL, run: BIG });
    const pair = (compared.structured.comparisons as Array<{ new: { count: number; names: string[] } }>)[0]!;
    expect(pair.new.count).toBe(N - 50);
    expect(pair.new.names).toHaveLength(100);
    await measure("get_trends", "get_trends", { suite: BIG });
    await measure("list_runs", "list_runs", {});
    await measure("get_scenario", "get_scenario", { run: BIG, name: "tau2_retail__9990", include: ["judge", "transcript", "tools", "timing", "files"] });
    for (const [label, size] of Object.entries(sizes)) expect(size, label).toBeLessThan(label.includes("limit=500") ? 400 * KB : 64 * KB);
    // The cap is enforced, not advisory.
    expect((await call(client, "list_scenarios", { run: BIG, limit: 501 })).isError).toBe(true);
  }, 120_000);
});
