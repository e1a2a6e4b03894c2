/**
 * The clock for server components. A server component renders once per request, so reading the
 * clock there is deterministic for that render; the client never re-renders it (relative times
 * that tick on the client live in components/runs/relative-time.tsx).
 */
export function requestTime(): number {
  return Date.now();
}
