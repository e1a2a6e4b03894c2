/** Bounded concurrency for reads: a pool over a list, a limiter shared by callers, a yield to the event loop. */
import "server-only";

/** Lets the event loop run (timers, requests) before the caller goes on with the next slice of its work. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `fn` over `items` with at most `limit` in flight, keeping the input order in the result. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** At most `limit` tasks at once across all callers: a burst of events cannot open thousands of files together. */
export class Limiter {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#active++;
    try {
      return await task();
    } finally {
      this.#active--;
      this.#waiting.shift()?.();
    }
  }
}
