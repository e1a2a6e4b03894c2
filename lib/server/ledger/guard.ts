/**
 * Who may write to the ledger: a same-origin request (Origin present and equal to the Host, and the
 * Host one the server is bound to), carrying the page's per-process CSRF token in `x-ledger-csrf`,
 * and the access token when the server has one (proxy.ts checks it for every route; this repeats it
 * so a write never depends on the proxy alone). Anything else: 401/403, and nothing is written.
 */
import "server-only";
import { timingSafeEqual } from "node:crypto";
import { error } from "@/lib/server/http/respond";

export const CSRF_HEADER = "x-ledger-csrf";
const TOKEN_COOKIE = "ved_token";

function same(a: string | null | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) {
      try {
        return decodeURIComponent(v.join("="));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Host headers that name the bound address (`VOICE_EVAL_BIND`, `host:port`, set by the CLI). */
export function allowedHosts(bind: string | undefined): Set<string> | null {
  if (!bind) return null;
  const m = /^(.*):(\d+)$/.exec(bind);
  if (!m) return null;
  const [, host, port] = m as unknown as [string, string, string];
  // Bound to every interface: any name of this machine is the bound address.
  if (host === "0.0.0.0" || host === "::" || host === "") return null;
  const loopback = host === "localhost" || host === "::1" || /^127\./.test(host);
  const names = loopback ? ["localhost", "127.0.0.1", "[::1]", host.includes(":") ? `[${host}]` : host] : [host.includes(":") ? `[${host}]` : host];
  return new Set(names.map((n) => `${n}:${port}`));
}

/** 401 unless the request carries the access token (cookie or `Authorization: Bearer`), when the server has one. */
export function refuseWithoutToken(request: Request, token: string | null): Response | null {
  if (!token) return null;
  const bearer = request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ?? null;
  return same(cookie(request.headers.get("cookie"), TOKEN_COOKIE), token) || same(bearer, token) ? null : error(401, "access token required");
}

export interface GuardOptions {
  csrf: string;
  token: string | null;
  bind?: string;
}

/** `null` when the write may go ahead, else the refusal to send. */
export function refuseWrite(request: Request, opts: GuardOptions): Response | null {
  const noToken = refuseWithoutToken(request, opts.token);
  if (noToken) return noToken;
  const host = request.headers.get("host");
  if (!host) return error(403, "a ledger write needs a Host header");
  const hosts = allowedHosts(opts.bind);
  if (hosts && !hosts.has(host.toLowerCase())) return error(403, `Host ${host} is not the address this dashboard is bound to`);
  const origin = request.headers.get("origin");
  if (!origin) return error(403, "a ledger write needs an Origin header (same-origin requests only)");
  // Exactly the origin a browser sends for this page: the request's scheme and the Host, nothing
  // more (no user part, no path, not even a trailing "/"), compared as text.
  const expected = `${new URL(request.url).protocol}//${host}`.toLowerCase();
  if (origin.toLowerCase() !== expected) return error(403, "cross-origin ledger write refused");
  if (!same(request.headers.get(CSRF_HEADER), opts.csrf)) return error(403, `missing or wrong ${CSRF_HEADER} header`);
  return null;
}
