/**
 * `mcp [results-folder] [--state-dir DIR | --database URL] [--allow-writes] [--user NAME]`: the MCP
 * server on stdio over the same index as the pages (issue 48). stdout is the protocol's: every log
 * line goes to stderr. The index cache and the ledger live in the state folder, never in the results
 * folder; only `--allow-writes` lets `label_scenario` write the ledger.
 */
import { realpathSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { cacheFileOf, PROJECT_VERSION } from "@/lib/server/cache/index-cache";
import { ledgerConfig, LedgerConfigError, triager } from "@/lib/server/ledger/config";
import { openLedger } from "@/lib/server/ledger/open";
import type { LedgerStore } from "@/lib/server/ledger/store";
import { closeStore, createStore, timingDirOf } from "@/lib/server/live/store";
import { createMcpServer } from "@/lib/server/mcp/server";
import { parseCommand, usageError } from "./usage";

export async function mcpCommand(argv: string[], defaultFolder: string): Promise<number> {
  // stdout is the protocol's: the help goes to stderr.
  const parsed = parseCommand("mcp", argv, { out: process.stderr });
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  let root: string;
  try {
    root = realpathSync(resolve(positionals[0] ?? defaultFolder));
    if (!statSync(root).isDirectory()) return usageError("mcp", `not a directory: ${positionals[0]}`);
  } catch {
    return usageError("mcp", `results folder not found: ${positionals[0] ?? defaultFolder}`);
  }
  // The ledger's place, checked now: a state folder inside the results folder is refused by name.
  const stateDir = values["state-dir"] ?? process.env.VOICE_EVAL_STATE_DIR;
  let config;
  let indexState: string | null;
  try {
    config = ledgerConfig({ database: values.database ?? null, stateDir: stateDir ?? null, resultsDir: root });
    const local = ledgerConfig({ database: "", stateDir: stateDir ?? null, resultsDir: root });
    indexState = local.kind === "sqlite" ? local.stateDir : null;
  } catch (err) {
    if (err instanceof LedgerConfigError) return usageError("mcp", err.message);
    throw err;
  }
  // stdout carries JSON-RPC: anything the store or the ledger logs goes to stderr.
  console.log = (...args: unknown[]) => console.error(...args);
  const store = createStore(root, { log: true, timingDir: indexState && timingDirOf(indexState, root), cacheFile: indexState && cacheFileOf(indexState) });
  let ledger: Promise<LedgerStore> | null = null;
  const ctx = {
    store,
    ledger: () =>
      (ledger ??= openLedger(config).catch((err: unknown) => {
        ledger = null;
        throw err;
      })),
    allowWrites: values["allow-writes"] === true,
    user: `${(values.user ?? triager()).slice(0, 90)} (mcp)`,
  };
  const server = createMcpServer(ctx, PROJECT_VERSION);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((done) => {
    transport.onclose = () => done();
    process.stdin.once("end", () => done());
    process.stdin.once("close", () => done());
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => done());
  });
  await server.connect(transport);
  process.stderr.write(`voice-eval-dashboard mcp: serving ${root} on stdio${ctx.allowWrites ? " (ledger writes allowed)" : " (read-only)"}\n`);
  await closed;
  await server.close().catch(() => {});
  await closeStore(store);
  if (ledger) await (await (ledger as Promise<LedgerStore>).catch(() => null))?.close();
  // Anything left (a database pool's idle timer) does not keep an ended session alive.
  setTimeout(() => process.exit(0), 1000).unref();
  return 0;
}
