/** JSON answers of the API: a body, or `{ error }` with a status. Every route module takes these from here. */
import "server-only";

export const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" };

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

export function error(status: number, reason: string): Response {
  return json({ error: reason }, status);
}
