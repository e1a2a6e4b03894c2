/**
 * `/api/health`'s latency while a request computes (issue 42's rule: under 1 s while any view is
 * computed). Shared by the end-to-end tests and the bench (`bench/heavy-views.ts`).
 */

export interface HealthWhile {
  /** The request's status and body size, and how long it took. */
  status: number;
  bytes: number;
  body: string;
  ms: number;
  /** The slowest `/api/health` answer while it ran, and how many were asked. */
  healthMaxMs: number;
  healthPolls: number;
}

/**
 * Fetches `path` from the server at `url` and, until it answers, asks `/api/health` every `everyMs`
 * (one at a time: a blocked server shows as one slow answer). Both bounded by `timeoutMs`.
 */
export async function healthWhile(url: string, path: string, { everyMs = 50, timeoutMs = 180_000 } = {}): Promise<HealthWhile> {
  let done = false;
  let healthMaxMs = 0;
  let healthPolls = 0;
  const poll = (async () => {
    while (!done) {
      const t = performance.now();
      const res = await fetch(new URL("/api/health", url), { signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      healthMaxMs = Math.max(healthMaxMs, performance.now() - t);
      healthPolls++;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  const started = performance.now();
  let answer: { status: number; body: string; ms: number };
  try {
    const res = await fetch(new URL(path, url), { signal: AbortSignal.timeout(timeoutMs) });
    const body = await res.text();
    answer = { status: res.status, body, ms: performance.now() - started };
  } finally {
    done = true;
  }
  // The poll in flight when the answer came counts too: it may be the one the server held.
  await poll;
  return { ...answer, bytes: Buffer.byteLength(answer.body), healthMaxMs, healthPolls };
}
