import { exportRoute, serverDeps } from "@/lib/server/ledger/api";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request) {
  return exportRoute(request, await serverDeps());
}
