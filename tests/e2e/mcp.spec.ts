/**
 * The running dashboard's `/mcp` (Streamable HTTP) through the SDK's own client, on a server bound
 * off loopback with an access token: refused without the token (also on the machine's own network
 * address), refused cross-origin, and with the token every figure checked here equals the JSON
 * API's over the same HTTP server; `--allow-writes` lets label_scenario write the ledger, which the
 * ledger API reads back. The results tree is byte-identical afterwards.
 */
import { expect, test } from "@playwright/test";
import { networkInterfaces } from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { mkdtempSync } from "node:fs";
import { cp, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { checksum } from "./helpers/checksum";
import { startDashboard, type Dashboard } from "./helpers/server";

const EXAMPLE = fileURLToPath(new URL("../../examples/results", import.meta.url));
const STALLS_SRC = fileURLToPath(new URL("../fixtures/harness/stalls/run/eval_20260804_144300", import.meta.url));
const TOKEN = "mcp-token-5150";
const STALLS = "team-a/eval_20260804_144300";
const BASE = "eval_20261118_140000";
const OTHER = "eval_20261124_091500";

let dashboard: Dashboard | null = null;
test.afterEach(async () => {
  await dashboard?.stop();
  dashboard = null;
});

/** An address of this machine other than loopback, if it has one. */
function networkAddress(): string | null {
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  return null;
}

const ping = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};
const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(ping),
  });

test("/mcp off loopback: the token is required, and the tools give the API's figures", async () => {
  test.setTimeout(180_000);
  const root = mkdtempSync(join(tmpdir(), "ved-e2e-mcp-"));
  await cp(EXAMPLE, root, { recursive: true });
  await mkdir(join(root, "team-a"));
  await cp(STALLS_SRC, join(root, STALLS), { recursive: true });
  const before = await checksum(root);

  dashboard = await startDashboard(root, { VOICE_EVAL_TOKEN: TOKEN }, ["--host", "0.0.0.0", "--allow-writes"]);
  const mcp = `${dashboard.url}mcp`;
  const auth = { authorization: `Bearer ${TOKEN}` };

  // Without the token: refused, on loopback and on the machine's network address.
  const refused = await post(mcp);
  expect(refused.status).toBe(401);
  expect(await refused.json()).toEqual({ error: "access token required" });
  expect((await post(mcp, { authorization: "Bearer wrong" })).status).toBe(401);
  const address = networkAddress();
  if (address) expect((await post(mcp.replace("127.0.0.1", address))).status).toBe(401);
  // With it, from another origin: refused.
  expect((await post(mcp, { ...auth, origin: "http://evil.example" })).status).toBe(403);
  // A client without the token cannot connect.
  const noToken = new Client({ name: "e2e", version: "1" });
  await expect(noToken.connect(new StreamableHTTPClientTransport(new URL(mcp)))).rejects.toThrow();

  const client = new Client({ name: "e2e", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp), { requestInit: { headers: auth } }));
  const tools = (await client.listTools()).tools.map((t) => t.name).sort();
  expect(tools).toEqual(["compare_runs", "get_file", "get_run", "get_scenario", "get_trends", "label_scenario", "list_runs", "list_scenarios"]);
  const api = async <T>(path: string) => (await (await fetch(`${dashboard!.url}${path}`, { headers: auth })).json()) as T;
  const tool = async <T>(name: string, args: Record<string, unknown>) => {
    const r = await client.callTool({ name, arguments: args });
    expect(r.isError ?? false, JSON.stringify(r.content)).toBe(false);
    return r.structuredContent as T;
  };

  type Rate = { numerator: number; denominator: number };
  const runsApi = await api<{ runs: Array<{ id: string; rates: Record<string, Rate> }> }>("api/runs");
  const runs = await tool<{ runs: Array<{ id: string; rates: Record<string, { k: number; n: number }> }> }>("list_runs", { limit: 200 });
  expect(runs.runs.map((r) => r.id)).toEqual(runsApi.runs.map((r) => r.id));
  for (const r of runs.runs) {
    const a = runsApi.runs.find((x) => x.id === r.id)!;
    expect({ k: r.rates.success_rate!.k, n: r.rates.success_rate!.n }).toEqual({ k: a.rates.success_rate!.numerator, n: a.rates.success_rate!.denominator });
  }

  const failedApi = await api<{ rows: unknown[] }>(`api/runs/${encodeURIComponent(STALLS)}/scenarios?quick=failed&limit=500`);
  const failed = await tool<{ rows: unknown[] }>("list_scenarios", { run: STALLS, quick: ["failed"], limit: 500 });
  expect(failed.rows).toEqual(failedApi.rows);

  const scenarioApi = await api<{ judge: { reason: string } }>(`api/runs/${encodeURIComponent(STALLS)}/scenarios/qa__capital_france`);
  const scenario = await tool<{ judge: { reason: string } }>("get_scenario", { run: STALLS, name: "qa__capital_france" });
  expect(scenario.judge.reason).toBe(scenarioApi.judge.reason);

  const compareApi = await api<{ scenarios: Array<{ name: string; change: string }> }>(`api/compare?base=${BASE}&runs=${OTHER}`);
  const compared = await tool<{ comparisons: Array<{ regressed: { names: string[] } }> }>("compare_runs", { base: BASE, run: OTHER });
  expect(compared.comparisons[0]!.regressed.names).toEqual(compareApi.scenarios.filter((s) => s.change === "regressed").map((s) => s.name));

  // An unknown run is a tool error, and the next call answers.
  const unknown = await client.callTool({ name: "get_run", arguments: { run: "no_such_run" } });
  expect(unknown.isError).toBe(true);
  await tool("get_run", { run: STALLS });

  // --allow-writes: the label lands in the ledger, and the ledger API reads it back.
  await tool("label_scenario", { run: STALLS, name: "qa__largest_ocean", root_cause: "asr", note: "heard 'specific'" });
  const label = await api<{ label: { cause: string; note: string } | null }>(`api/ledger/labels?run=${encodeURIComponent(STALLS)}&scenario=qa__largest_ocean`);
  expect(label.label).toMatchObject({ cause: "asr", note: "heard 'specific'" });

  await client.close();
  await dashboard.stop();
  dashboard = null;
  expect(await checksum(root)).toBe(before);
});
