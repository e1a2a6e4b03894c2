/**
 * The MCP server's Streamable HTTP endpoint (`/mcp`'s handler, `mcpRoute`) driven by the SDK's own
 * Streamable HTTP client, in process: every tool against the HTTP API's figures, errors, the ledger
 * write refused without --allow-writes and read back with it, the token and Origin rules. The
 * results tree is byte-identical afterwards.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { labelsRoute } from "@/lib/server/ledger/api";
import { openLedger } from "@/lib/server/ledger/open";
import type { LedgerStore } from "@/lib/server/ledger/store";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { mcpRoute } from "@/lib/server/mcp/http";
import type { ScenarioLedger } from "@/lib/shared/ledger";
import { checksum } from "../../e2e/helpers/checksum";
import { call, checkErrors, checkInjectionIsData, checkReadTools, ok, STALLS, writeMcpFixtures } from "../../helpers/mcp-checks";
import { tempDir } from "../../helpers/run-builder";
import { BASE_RUN, leakedSecret, OTHER_RUN, SECRET_SCENARIOS, writeSecretRuns } from "../../helpers/secret-runs";
import { TEXT_FILES } from "@/lib/server/mcp/tools-file";

const URL_MCP = new URL("http://127.0.0.1:3210/mcp");
let root: string;
let before: string;
let store: Store;
let ledger: LedgerStore;
const clients: Client[] = [];

beforeAll(async () => {
  root = await tempDir("ved-mcp-http-");
  await writeMcpFixtures(root);
  before = await checksum(root);
  store = createStore(root, { watch: false });
  await store.scanned;
  ledger = await openLedger({ kind: "sqlite", stateDir: await tempDir("ved-mcp-state-") });
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await closeStore(store);
  await ledger.close();
  expect(await checksum(root)).toBe(before);
});

async function connect(opts: { allowWrites?: boolean; token?: string | null; headers?: Record<string, string> } = {}): Promise<Client> {
  const ctx = { store, ledger: async () => ledger, allowWrites: opts.allowWrites ?? false, user: "tester (mcp)" };
  const transport = new StreamableHTTPClientTransport(URL_MCP, {
    fetch: async (url, init) => mcpRoute(new Request(url, init), ctx, { token: opts.token ?? null }),
    requestInit: { headers: opts.headers ?? {} },
  });
  const client = new Client({ name: "mcp-http-test", version: "1" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

describe("/mcp over Streamable HTTP", () => {
  it("answers every tool with schema-valid output equal to the HTTP API's figures", async () => {
    await checkReadTools(await connect(), store);
  });

  it("answers a hostile name and an unknown run with tool errors, and keeps answering", async () => {
    await checkErrors(await connect());
  });

  it("shows results text as quoted data", async () => {
    await checkInjectionIsData(await connect());
  });

  it("refuses label_scenario without --allow-writes, writes the ledger with it, and the web API reads it back", async () => {
    const readOnly = await connect();
    await readOnly.listTools();
    const refused = await call(readOnly, "label_scenario", { run: STALLS, name: "qa__largest_ocean", root_cause: "asr", note: "heard 'specific'" });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/--allow-writes/);
    expect(await ledger.getLabel(STALLS, "qa__largest_ocean")).toBeNull();

    const writer = await connect({ allowWrites: true });
    await writer.listTools();
    const bad = await call(writer, "label_scenario", { run: STALLS, name: "qa__largest_ocean", root_cause: "asr", secondary_cause: "asr" });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/secondary must differ from cause/);
    const set = await ok<{ label: { cause: string; revision: number; updatedBy: string } }>(writer, "label_scenario", {
      run: STALLS,
      name: "qa__largest_ocean",
      root_cause: "asr",
      note: "heard 'specific'",
      reference: "BUG-7",
    });
    expect(set.label).toMatchObject({ cause: "asr", revision: 1, updatedBy: "tester (mcp)" });

    const read = await ok<{ label: { cause: string; note: string; ref: string } | null }>(readOnly, "get_scenario", { run: STALLS, name: "qa__largest_ocean" });
    expect(read.label).toMatchObject({ cause: "asr", note: "heard 'specific'", ref: "BUG-7" });
    const web = await labelsRoute(store.index, new Request(`http://localhost/api/ledger/labels?run=${encodeURIComponent(STALLS)}&scenario=qa__largest_ocean`), {
      ledger,
      csrf: "x",
      user: "web",
      token: null,
    });
    expect(((await web.json()) as ScenarioLedger).label).toMatchObject({ cause: "asr", status: "confirmed", ref: "BUG-7" });
  });

  it("lists runs and scenarios as resources and serves the triage prompt", async () => {
    const client = await connect();
    const listed = await client.listResources();
    const uri = listed.resources.find((r) => r.name === STALLS)?.uri;
    expect(uri).toBe(`voice-eval://run/${encodeURIComponent(STALLS)}`);
    const run = JSON.parse(((await client.readResource({ uri: uri! })).contents[0] as { text: string }).text) as {
      id: string;
      stallWarning: { count: number };
    };
    expect(run.id).toBe(STALLS);
    expect(run.stallWarning.count).toBe(5);
    const scenario = JSON.parse(((await client.readResource({ uri: `${uri}/scenario/qa__capital_france` })).contents[0] as { text: string }).text) as {
      name: string;
      judge: { reason: string };
    };
    expect(scenario.name).toBe("qa__capital_france");
    await expect(client.readResource({ uri: `voice-eval://run/no_such_run` })).rejects.toThrow(/unknown run/);
    const prompt = await client.getPrompt({ name: "triage_run", arguments: { run: STALLS } });
    const text = (prompt.messages[0]!.content as { text: string }).text;
    for (const tool of ["get_run", "list_scenarios", "get_scenario", "compare_runs", "get_trends"]) expect(text).toContain(tool);
  });

  it("refuses a request without the access token when the server has one, and a cross-origin request", async () => {
    const init = {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    };
    const ctx = { store, ledger: async () => ledger, allowWrites: false, user: "t" };
    expect((await mcpRoute(new Request(URL_MCP, init), ctx, { token: "s3cret" })).status).toBe(401);
    expect(
      (await mcpRoute(new Request(URL_MCP, { ...init, headers: { ...init.headers, authorization: "Bearer wrong" } }), ctx, { token: "s3cret" })).status,
    ).toBe(401);
    await expect(connect({ token: "s3cret" })).rejects.toThrow();
    const withToken = await connect({ token: "s3cret", headers: { authorization: "Bearer s3cret" } });
    expect((await call(withToken, "list_runs", { limit: 1 })).isError).toBe(false);
    const cross = await mcpRoute(new Request(URL_MCP, { ...init, headers: { ...init.headers, host: "127.0.0.1:3210", origin: "http://evil.example" } }), ctx, {
      token: null,
    });
    expect(cross.status).toBe(403);
  });
});

describe("/mcp and secrets in the run arguments (issue 42)", () => {
  it("never answers a secret: run arguments, compare, trends, files and resources are redacted", async () => {
    const secretRoot = await tempDir("ved-mcp-secrets-");
    await writeSecretRuns(secretRoot);
    const secretStore = createStore(secretRoot, { watch: false });
    await secretStore.scanned;
    try {
      const ctx = { store: secretStore, ledger: async () => ledger, allowWrites: false, user: "t" };
      const client = new Client({ name: "secrets", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(URL_MCP, { fetch: async (url, init) => mcpRoute(new Request(url, init), ctx, { token: null }) }));
      clients.push(client);
      await client.listTools();
      const answers: string[] = [];
      const keep = async (tool: string, args: Record<string, unknown>) => {
        const r = await call(client, tool, args);
        expect(r.isError, `${tool}: ${r.text}`).toBe(false);
        answers.push(`${tool} ${JSON.stringify(args)}`, r.text, JSON.stringify(r.structured));
        return r;
      };
      await keep("list_runs", {});
      const run = await keep("get_run", { run: OTHER_RUN });
      // The arguments are there, redacted: the judge model shows, its URL's password does not.
      expect((run.structured.args as Record<string, string>).judge_model).toBe("judge-b");
      expect((run.structured.args as Record<string, string>).judge_url).toContain("<redacted>");
      await keep("get_run", { run: BASE_RUN });
      await keep("compare_runs", { base: BASE_RUN, run: OTHER_RUN });
      await keep("get_trends", { suite: OTHER_RUN, range: "all" });
      for (const id of [BASE_RUN, OTHER_RUN]) {
        await keep("list_scenarios", { run: id });
        for (const name of SECRET_SCENARIOS) {
          await keep("get_scenario", { run: id, name, include: ["judge", "transcript", "tools", "timing", "audio", "files"] });
          for (const file of TEXT_FILES) {
            const r = await call(client, "get_file", { run: id, name, file });
            answers.push(r.text, JSON.stringify(r.structured));
          }
        }
      }
      const prompt = await call(client, "get_file", { run: OTHER_RUN, name: SECRET_SCENARIOS[0], file: "scenario_config/agent_prompt.txt" });
      expect(prompt.structured.redacted).toBe(true);
      expect(prompt.structured.text).toContain("Confirm before cancelling.");
      for (const r of (await client.listResources()).resources) answers.push(JSON.stringify(await client.readResource({ uri: r.uri })));
      for (const text of answers) expect(leakedSecret(text), text.slice(0, 200)).toBeNull();
    } finally {
      await closeStore(secretStore);
    }
  });
});
