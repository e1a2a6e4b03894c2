import { themesRoute } from "@/lib/server/http/themes";
import { getStore } from "@/lib/server/live/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request) {
  const store = getStore();
  await store.scanned;
  return themesRoute(store, request);
}
