/**
 * `voice-eval-dashboard mcp` on stdio, driven by the SDK's own Client and StdioClientTransport
 * through the real bin (the compiled CLI): every tool against the HTTP API's figures on the same
 * folder, errors, the ledger write refused read-only and read back with --allow-writes (in the
 * state folder, never the results folder), and the results tree byte-identical afterwards.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { checksum } from "../../e2e/helpers/checksum";
import { call, checkErrors, checkInjectionIsData, checkReadTools, ok, STALLS, writeMcpFixtures } from "../../helpers/mcp-checks";
import { tempDir } from "../../helpers/run-builder";
import { within } from "../../helpers/wait";

const BIN = join(__dirname, "../../../bin/voice-eval-dashboard.mjs");
let root: string;
let before: string;
let store: Store;
const clients: Client[] = [];

beforeAll(async () => {
  root = await tempDir("ved-mcp-stdio-");
  await writeMcpFixtures(root);
  before = await checksum(root);
  store = createStore(root, { watch: false });
  await store.scanned;
}, 60_000);

afterAll(async () => {
  for (const c of clients) await within(c.close(), 10_000, "the MCP server to close").catch(() => {});
  await closeStore(store);
  expect(await checksum(root)).toBe(before);
}, 30_000);

async function start(args: string[]): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", root, ...args],
    stderr: "pipe",
    env: { ...process.env, VOICE_EVAL_DATABASE: "" } as Record<string, string>,
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: "mcp-stdio-test", version: "1" });
  // The first start compiles the CLI bundle.
  await within(client.connect(transport), 90_000, "the stdio MCP server to answer initialize");
  clients.push(client);
  return { client, stderr: () => stderr };
}

describe("voice-eval-dashboard mcp (stdio)", () => {
  it("answers every tool with schema-valid output equal to the HTTP API's figures, and errors without stopping", async () => {
    const { client, stderr } = await start(["--state-dir", await tempDir("ved-mcp-state-")]);
    await checkReadTools(client, store);
    await checkErrors(client);
    await checkInjectionIsData(client);
    // stdout is the protocol's: the store's log lines went to stderr.
    expect(stderr()).toMatch(/indexed \d+ run\(s\)/);
  }, 120_000);

  it("refuses label_scenario without --allow-writes and reads the label back with it, from the state folder", async () => {
    const state = await tempDir("ved-mcp-state-");
    const readOnly = (await start(["--state-dir", state])).client;
    await readOnly.listTools();
    const refused = await call(readOnly, "label_scenario", { run: STALLS, name: "qa__largest_ocean", root_cause: "judge" });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/--allow-writes/);

    const writer = (await start(["--state-dir", state, "--allow-writes", "--user", "agent-7"])).client;
    await writer.listTools();
    const set = await ok<{ label: { cause: string; status: string; updatedBy: string } }>(writer, "label_scenario", {
      run: STALLS,
      name: "qa__largest_ocean",
      root_cause: "judge",
      status: "known-issue",
      note: "judge missed the answer",
    });
    expect(set.label).toMatchObject({ cause: "judge", status: "known-issue", updatedBy: "agent-7 (mcp)" });
    // The read-only server reads the same ledger.
    const read = await ok<{ label: { cause: string; note: string } | null }>(readOnly, "get_scenario", { run: STALLS, name: "qa__largest_ocean" });
    expect(read.label).toMatchObject({ cause: "judge", note: "judge missed the answer" });
    expect(existsSync(join(state, "ledger.sqlite"))).toBe(true);
  }, 120_000);

  it("refuses a state folder inside the results folder", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, "mcp", root, "--state-dir", join(root, "state")], stderr: "pipe" });
    const client = new Client({ name: "mcp-stdio-test", version: "1" });
    await expect(within(client.connect(transport), 60_000, "the refusal")).rejects.toThrow();
    expect(existsSync(join(root, "state"))).toBe(false);
  }, 90_000);
});
