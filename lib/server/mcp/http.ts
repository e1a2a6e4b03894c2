/**
 * `/mcp`: the MCP server as Streamable HTTP (stateless, JSON answers), behind the API's rules: the
 * proxy checks the Host and the access token for every request (this repeats the token check, so
 * the endpoint never depends on the proxy alone), and a request with an `Origin` must come from the
 * dashboard's own origin (a web page elsewhere cannot drive the tools; agents send no Origin).
 * Each request gets its own server and transport over the one store: nothing is kept between calls.
 */
import "server-only";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { PROJECT_VERSION } from "../cache/index-cache";
import { error } from "../http/respond";
import { refuseWithoutToken } from "../ledger/guard";
import { triager } from "../ledger/config";
import { getLedger } from "../ledger/instance";
import type { Store } from "../live/store";
import type { McpContext } from "./context";
import { createMcpServer } from "./server";

/** A tool call's arguments are small; a larger body is refused before it is parsed. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface McpHttpOptions {
  token: string | null;
}

/** `null` when the request's Origin (if any) is the dashboard's own: the request's scheme and Host. */
function refuseOrigin(request: Request): Response | null {
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  const host = request.headers.get("host");
  const expected = host ? `${new URL(request.url).protocol}//${host}`.toLowerCase() : null;
  return origin.toLowerCase() === expected ? null : error(403, "cross-origin MCP request refused");
}

export async function mcpRoute(request: Request, ctx: McpContext, opts: McpHttpOptions): Promise<Response> {
  const refused = refuseWithoutToken(request, opts.token) ?? refuseOrigin(request);
  if (refused) return refused;
  // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
  if (request.method !== "POST")
    return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "Method not allowed: POST JSON-RPC to /mcp" }, id: null }), {
      status: 405,
      headers: { "content-type": "application/json", allow: "POST", "cache-control": "no-store" },
    });
  await ctx.store.scanned;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_BODY_BYTES,
  });
  const server = createMcpServer(ctx, PROJECT_VERSION, { perRequest: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close().catch(() => {});
  }
}

/** `/mcp` of the running dashboard: its store and ledger, `--allow-writes` and the access token as the CLI set them. */
export function dashboardMcpRoute(store: Store, request: Request): Promise<Response> {
  const ctx: McpContext = { store, ledger: getLedger, allowWrites: process.env.VOICE_EVAL_MCP_WRITES === "1", user: `${triager().slice(0, 90)} (mcp)` };
  return mcpRoute(request, ctx, { token: process.env.VOICE_EVAL_TOKEN || null });
}
