import { overridesRoute, withServerDeps } from "@/lib/server/ledger/api";
import { getStore } from "@/lib/server/live/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

async function handle(request: Request) {
  const store = getStore();
  await store.scanned;
  return withServerDeps((deps) => overridesRoute(store.index, request, deps));
}

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
