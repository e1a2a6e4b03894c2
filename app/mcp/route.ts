import { scannedRoute } from "@/lib/server/http/scanned-route";
import { dashboardMcpRoute } from "@/lib/server/mcp/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handle = scannedRoute(dashboardMcpRoute);

export const GET = handle;
export const POST = handle;
export const DELETE = handle;
