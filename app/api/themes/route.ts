import { themesRoute } from "@/lib/server/http/themes";
import { scannedRoute } from "@/lib/server/http/scanned-route";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export const GET = scannedRoute(themesRoute);
