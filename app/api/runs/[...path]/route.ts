import { runRoute } from "@/lib/server/http/api";
import { getStore } from "@/lib/server/live/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request) {
  const store = getStore();
  // A run id is only known once the first scan has found it.
  await store.scanned;
  return runRoute(store, request);
}
