import { overridesRoute, serverDeps } from "@/lib/server/ledger/api";
import { getStore } from "@/lib/server/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handle(request: Request) {
  const store = getStore();
  await store.scanned;
  return overridesRoute(store.index, request, await serverDeps());
}

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
