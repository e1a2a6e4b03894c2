import { themesRoute } from "@/lib/server/themes-api";
import { getStore } from "@/lib/server/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request) {
  const store = getStore();
  await store.scanned;
  return themesRoute(store.index, request);
}
