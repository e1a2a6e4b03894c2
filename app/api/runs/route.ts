import { listRuns } from "@/lib/server/http/api";
import { getStore } from "@/lib/server/live/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET() {
  return listRuns(getStore().index);
}
