import { getLedger } from "@/lib/server/ledger/instance";
import { triager } from "@/lib/server/ledger/config";
import { getStore } from "@/lib/server/live/store";
import { mcpRoute } from "@/lib/server/mcp/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handle(request: Request) {
  const ctx = { store: getStore(), ledger: getLedger, allowWrites: process.env.VOICE_EVAL_MCP_WRITES === "1", user: `${triager().slice(0, 90)} (mcp)` };
  return mcpRoute(request, ctx, { token: process.env.VOICE_EVAL_TOKEN || null });
}

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
