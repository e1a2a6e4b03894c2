import { events } from "@/lib/server/http/api";
import { getStore } from "@/lib/server/live/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(request: Request) {
  return events(getStore().index, request);
}

/** Headers only: a HEAD must not subscribe (Next would otherwise answer it by running GET). */
export function HEAD(request: Request) {
  return events(getStore().index, request);
}
