import { runRoute } from "@/lib/server/api";
import { getStore } from "@/lib/server/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request) {
  const store = getStore();
  // A run id is only known once the first scan has found it.
  await store.scanned;
  return runRoute(store.index, request);
}
