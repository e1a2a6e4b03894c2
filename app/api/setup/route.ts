import { setupRoute } from "@/lib/server/http/api";
import { scannedRoute } from "@/lib/server/http/scanned-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = scannedRoute(setupRoute);
