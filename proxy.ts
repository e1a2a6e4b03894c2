/**
 * Runs before every request: a strict Content Security Policy with a per-request nonce, and, when
 * the server was started with an access token (required for any non-loopback bind), the token check.
 *
 * The token is presented once as `?token=…`; it is then moved into an HttpOnly cookie and the URL is
 * redirected without it, so it never stays in the address bar, in history, or in links the page writes.
 * Scripts may also send `Authorization: Bearer <token>`.
 */
import { NextResponse, type NextRequest } from "next/server";

const COOKIE = "ved_token";

function csp(nonce: string): string {
  const dev = process.env.NODE_ENV !== "production";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Charts and the table set inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

/** Constant-time comparison, so the token cannot be guessed a character at a time from timings. */
function sameToken(given: string | null | undefined, expected: string): boolean {
  if (!given || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= given.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}

const LOGIN_PAGE = `<!doctype html><meta charset="utf-8"><title>Access token required</title>
<body style="font-family:system-ui;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>Access token required</h1><p>This dashboard was started with an access token. Enter it to continue.</p>
<form method="get"><input name="token" type="password" autocomplete="off" aria-label="Access token" autofocus> <button>Open</button></form></body>`;

/**
 * Whether a request's `Host` names this dashboard: an IP literal, `localhost`, the bound address or
 * a name given with `--allow-host`. A DNS-rebinding page reaches the loopback address under its own
 * name, which is none of these, so it gets nothing.
 */
export function hostAllowed(hostHeader: string | null, allowed: readonly string[]): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.trim().toLowerCase();
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.replace(/:\d+$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(name) || (name.startsWith("[") && name.endsWith("]"))) return true;
  return allowed.some((a) => a.trim().toLowerCase() === name);
}

/**
 * Why a request from another site is refused, or `null` (issue 42). Any web page can make a browser
 * send a GET here knowing a run id, and some views are expensive: the API answers no cross-site
 * request, and a page no cross-site subresource load (an `<img>`, a `fetch`, an iframe). A top-level
 * navigation from another site (a link in a PR comment) still opens the page; same-origin requests
 * and tools that send no `Sec-Fetch-*` headers (curl, the CLI) are not concerned.
 */
export function crossSiteRefusal(pathname: string, site: string | null, mode: string | null, dest: string | null = null): string | null {
  if (site?.trim().toLowerCase() !== "cross-site") return null;
  if (pathname === "/api" || pathname.startsWith("/api/") || pathname === "/mcp") return "cross-site requests to the API are refused";
  // An iframe is a navigation too (`Sec-Fetch-Dest: iframe`): only a top-level one (`document`) opens a page.
  const topLevel = mode?.trim().toLowerCase() === "navigate" && (dest === null || dest.trim().toLowerCase() === "document");
  return topLevel ? null : "a page of the dashboard is not loaded from another site (open it by following a link)";
}

const ALLOWED_HOSTS = (process.env.VOICE_EVAL_ALLOWED_HOSTS ?? "").split(",").filter(Boolean);

export function proxy(request: NextRequest) {
  if (!hostAllowed(request.headers.get("host"), ALLOWED_HOSTS)) {
    return new NextResponse(JSON.stringify({ error: "unknown host: start the dashboard with --allow-host <name> to serve this name" }), {
      status: 403,
      headers: { "content-type": "application/json", "cache-control": "no-store" },
    });
  }
  const crossSite = crossSiteRefusal(
    request.nextUrl.pathname,
    request.headers.get("sec-fetch-site"),
    request.headers.get("sec-fetch-mode"),
    request.headers.get("sec-fetch-dest"),
  );
  if (crossSite) {
    return new NextResponse(JSON.stringify({ error: crossSite }), {
      status: 403,
      headers: { "content-type": "application/json", "cache-control": "no-store", vary: "Sec-Fetch-Site, Sec-Fetch-Mode" },
    });
  }
  // Everything is read-only but the ledger's writes (which check their own origin and CSRF token) and
  // the MCP endpoint, whose JSON-RPC calls are POSTs (it checks the Origin and the token itself too).
  const path = request.nextUrl.pathname;
  if (request.method !== "GET" && request.method !== "HEAD" && !path.startsWith("/api/ledger/") && path !== "/mcp") {
    return new NextResponse(JSON.stringify({ error: `${request.method} is not allowed here` }), {
      status: 405,
      headers: { "content-type": "application/json", "cache-control": "no-store", allow: "GET, HEAD" },
    });
  }
  const token = process.env.VOICE_EVAL_TOKEN;
  if (token) {
    const fromQuery = request.nextUrl.searchParams.get("token");
    if (fromQuery !== null) {
      const clean = request.nextUrl.clone();
      clean.searchParams.delete("token");
      if (!sameToken(fromQuery, token)) return unauthorized(request);
      const response = NextResponse.redirect(clean, 303);
      response.cookies.set(COOKIE, token, { httpOnly: true, sameSite: "strict", path: "/" });
      return response;
    }
    const bearer = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "");
    if (!sameToken(request.cookies.get(COOKIE)?.value, token) && !sameToken(bearer, token)) return unauthorized(request);
  }
  const nonce = btoa(crypto.randomUUID());
  const policy = csp(nonce);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  response.headers.set("x-content-type-options", "nosniff");
  response.headers.set("referrer-policy", "no-referrer");
  return response;
}

function unauthorized(request: NextRequest): NextResponse {
  const wantsJson = request.nextUrl.pathname.startsWith("/api/") || request.nextUrl.pathname === "/mcp";
  return new NextResponse(wantsJson ? JSON.stringify({ error: "access token required" }) : LOGIN_PAGE, {
    status: 401,
    headers: { "content-type": wantsJson ? "application/json" : "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

export const config = {
  // Everything, static assets included: with a token set, nothing is served without it.
  matcher: "/:path*",
};
