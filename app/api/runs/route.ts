import { listRuns } from "@/lib/server/api";
import { getStore } from "@/lib/server/store";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET() {
  return listRuns(getStore().index);
}
