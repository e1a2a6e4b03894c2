import { compareRoute } from "@/lib/server/api";
import { getStore } from "@/lib/server/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request) {
  const store = getStore();
  await store.scanned;
  return compareRoute(store.index, request);
}
