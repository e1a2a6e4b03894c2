import { labelsRoute, withServerDeps } from "@/lib/server/ledger/api";
import { scannedRoute } from "@/lib/server/http/scanned-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handle = scannedRoute((store, request) => withServerDeps((deps) => labelsRoute(store.index, request, deps)));

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
