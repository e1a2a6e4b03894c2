import { ledgerEvents, withServerDeps } from "@/lib/server/ledger/api";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(request: Request) {
  return withServerDeps((deps) => ledgerEvents(request, deps));
}

/** Headers only: a HEAD must not subscribe (Next would otherwise answer it by running GET). */
export function HEAD(request: Request) {
  return withServerDeps((deps) => ledgerEvents(request, deps));
}
