/** The work pool (lib/server/work): jobs run in worker threads, at most `size` at once, bounded in time, and the main thread stays free meanwhile. */
import { afterEach, describe, expect, it } from "vitest";
import { lineDiff } from "@/lib/core/setup/diff";
import { WorkError, WorkPool } from "@/lib/server/work/pool";
import { workScript } from "@/lib/server/work/script";
import { menuPrompt } from "../../helpers/menu-prompt";

const pools: WorkPool[] = [];
const pool = (script: string | null, options?: ConstructorParameters<typeof WorkPool>[1]) => {
  const p = new WorkPool(script, options);
  pools.push(p);
  return p;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** The longest the main thread's event loop went without running a 5 ms timer while `work` ran. */
async function longestStall<T>(work: Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  try {
    return { value: await work, stallMs };
  } finally {
    clearInterval(timer);
  }
}

describe("WorkPool", () => {
  it("has a worker script (built by the tests' global setup, as the CLI builds it)", () => {
    expect(workScript()).toMatch(/work-worker\.mjs$/);
  });

  it("runs a job in a worker thread and gives its result, as computed on the main thread", async () => {
    const p = pool(workScript());
    const pairs: Array<[string, string]> = [["a\nb\nc", "a\nB\nc"]];
    const out = await p.run("lineDiffs", pairs);
    expect(out).toEqual([lineDiff("a\nb\nc", "a\nB\nc")]);
    expect(p.stats).toMatchObject({ offThread: true, threads: 1, done: 1, running: 0 });
  });

  it("keeps the main thread free while heavy jobs run, and runs at most `size` at once", async () => {
    const p = pool(workScript(), { size: 2 });
    // Unrelated 100 KB menus: each pair is a whole bounded search (about 0.1 s of a core); 3 jobs of 4.
    const pairs = Array.from({ length: 4 }, (_, i): [string, string] => [menuPrompt(2 * i + 1, 100), menuPrompt(2 * i + 2, 100)]);
    const jobs = [p.run("lineDiffs", pairs), p.run("lineDiffs", pairs), p.run("lineDiffs", pairs)];
    expect(p.stats).toMatchObject({ running: 2, queued: 1 });
    const { value, stallMs } = await longestStall(Promise.all(jobs));
    expect(value.every((v) => v.length === 4 && v.every((d) => d.unshown?.startsWith("too different to show line by line")))).toBe(true);
    // On the main thread the same work is one stall of the whole time (hundreds of ms).
    expect(stallMs).toBeLessThan(250);
    expect(p.stats).toMatchObject({ done: 3, threads: 2, running: 0, queued: 0 });
  }, 60_000);

  it("ends a job past its time bound by name, and the next job still runs", async () => {
    const p = pool(workScript(), { size: 1 });
    const pairs = Array.from({ length: 40 }, (_, i): [string, string] => [menuPrompt(2 * i + 1, 100), menuPrompt(2 * i + 2, 100)]);
    const err = await p.run("lineDiffs", pairs, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkError);
    expect((err as WorkError).kind).toBe("timeout");
    expect(await p.run("lineDiffs", [["x", "y"]])).toHaveLength(1);
    expect(p.stats).toMatchObject({ timedOut: 1, done: 1 });
  }, 30_000);

  it("refuses a job past a full queue by name", async () => {
    const p = pool(workScript(), { size: 1, maxQueued: 1 });
    const first = p.run("lineDiffs", [["a", "b"]]);
    const second = p.run("lineDiffs", [["a", "c"]]);
    const third = await p.run("lineDiffs", [["a", "d"]]).catch((e: unknown) => e);
    expect((third as WorkError).kind).toBe("busy");
    expect(await Promise.all([first, second])).toHaveLength(2);
  });

  it("names a job that throws, and carries on", async () => {
    const p = pool(workScript(), { size: 1 });
    const err = await p.run("lineDiffs", null as never).catch((e: unknown) => e);
    expect((err as WorkError).kind).toBe("failed");
    expect(await p.run("lineDiffs", [["a", "b"]])).toHaveLength(1);
  });

  it("without a worker script, runs jobs on the main thread (slower to others, never wrong)", async () => {
    const p = pool(null);
    expect(await p.run("lineDiffs", [["a\nb", "a\nc"]])).toEqual([lineDiff("a\nb", "a\nc")]);
    expect(p.stats.offThread).toBe(false);
  });

  it("falls back to the main thread when the worker script cannot start", async () => {
    const p = pool("/nonexistent/work-worker.mjs");
    expect(await p.run("lineDiffs", [["a\nb", "a\nc"]])).toEqual([lineDiff("a\nb", "a\nc")]);
    expect(p.stats.offThread).toBe(false);
  });
});
