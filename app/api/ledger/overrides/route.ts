import { overridesRoute, withServerDeps } from "@/lib/server/ledger/api";
import { scannedRoute } from "@/lib/server/http/scanned-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handle = scannedRoute((store, request) => withServerDeps((deps) => overridesRoute(store.index, request, deps)));

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
