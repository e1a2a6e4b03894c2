import { exportRoute, withServerDeps } from "@/lib/server/ledger/api";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(request: Request) {
  return withServerDeps((deps) => exportRoute(request, deps));
}
