import { setupRoute } from "@/lib/server/http/api";
import { getStore } from "@/lib/server/live/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request) {
  const store = getStore();
  await store.scanned;
  return setupRoute(store, request);
}
