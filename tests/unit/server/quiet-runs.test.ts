/**
 * Runs that did not finish are cached once quiet (issue 46): a stalled run whose files have not
 * moved for 10 minutes comes back from the index cache at the next start, also when the server was
 * stopped with Ctrl-C before it wrote its cache (the graceful stop writes it, within 2 s); a run
 * still moving is never cached.
 */
import { spawn } from "node:child_process";
import { cp, readdir, rm, utimes } from "node:fs/promises";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUIET_MS } from "@/lib/server/cache/saved-runs";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { runsList } from "@/lib/server/views/runs-list";
import { tempDir } from "../../helpers/run-builder";
import { within } from "../../helpers/wait";

const ROOT = join(__dirname, "../../..");
const FIXTURES = join(__dirname, "../../fixtures/harness");
const STALLED = "eval_20260804_144300";
const MOVING = "eval_20260803_223300";

let root: string;

/** Every file and folder of `dir` last changed `agoMs` ago. */
async function age(dir: string, agoMs: number): Promise<void> {
  const when = new Date(Date.now() - agoMs);
  for (const e of await readdir(dir, { withFileTypes: true })) {
    if (e.isDirectory()) await age(join(dir, e.name), agoMs);
    await utimes(join(dir, e.name), when, when);
  }
  await utimes(dir, when, when);
}

beforeAll(async () => {
  root = await tempDir("ved-quiet-");
  await cp(join(FIXTURES, "stalls", "run", STALLED), join(root, STALLED), { recursive: true });
  await cp(join(FIXTURES, "judge-only", "run", MOVING), join(root, MOVING), { recursive: true });
  // Neither finished; one quiet for an hour, the other written a minute ago.
  await age(join(root, STALLED), 60 * 60_000);
  await age(join(root, MOVING), 60_000);
});
afterAll(async () => rm(root, { recursive: true, force: true }));

async function started(state: string | null): Promise<Store> {
  const store = createStore(root, { watch: false, cacheFile: state && join(state, "index-cache.sqlite") });
  await within(store.scanned, 30_000, "the scan");
  return store;
}

const view = (store: Store) => ({
  list: JSON.parse(JSON.stringify(runsList(store.index).runs.map(({ updatedAt: _, ...item }) => item))) as unknown,
  states: [...store.index.runs.values()].sort((a, b) => a.id.localeCompare(b.id)).map((r) => [r.id, [...r.scenarios.values()]]),
});

describe("a run that did not finish", () => {
  it("comes back from the index cache once quiet; one still moving is read again", async () => {
    const truth = await started(null);
    const expected = view(truth);
    expect(truth.index.runs.get(STALLED)?.finished).toBe(false);
    expect(runsList(truth.index).runs.find((r) => r.id === STALLED)?.state).toBe("killed");
    await closeStore(truth);

    const state = await tempDir("ved-quiet-state-");
    try {
      await closeStore(await started(state));
      const again = await started(state);
      try {
        expect(again.scan?.cachedRuns, "the quiet run only").toBe(1);
        expect(again.index.runs.get(STALLED)?.inMemory, "from the cache").toBe(false);
        // Killed for good (until its files change): listed from its saved item, its states left in the cache.
        runsList(again.index);
        again.sync.announceStateChanges();
        expect(again.index.runs.get(STALLED)?.inMemory, "listed without loading its states").toBe(false);
        expect(isDeepStrictEqual(view(again), expected)).toBe(true);
        await within(again.scan!.settled, 30_000, "the audit");
        expect(again.scan?.audit?.repaired).toBe(0);
      } finally {
        await closeStore(again);
      }
    } finally {
      await rm(state, { recursive: true, force: true });
    }
  });

  it("turned quiet while served: written by a graceful stop (Ctrl-C) within 2 s, and comes back from the cache", async () => {
    const state = await tempDir("ved-quiet-sigint-");
    const copy = await tempDir("ved-quiet-sigint-results-");
    try {
      // Quiet in 8 s: not yet when the server writes its cache after the first scan, and no change
      // will tell it (a stalled run stays so); it is quiet by the time of the Ctrl-C.
      await cp(join(root, STALLED), join(copy, STALLED), { recursive: true });
      const quietAt = Date.now() + 8_000;
      await age(join(copy, STALLED), QUIET_MS - 8_000);
      // One process (tsx as a loader, not its CLI, which relays signals to a child of its own).
      const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", join(ROOT, "tests", "helpers", "store-process.ts"), copy, state], {
        cwd: ROOT,
        stdio: ["ignore", "pipe", "inherit"],
      });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.on("exit", (code, signal) => resolve({ code, signal })),
      );
      await within(
        (async () => {
          while (!out.includes("settled")) await new Promise((r) => setTimeout(r, 20));
        })(),
        60_000,
        "the child's first scan and cache write",
      );
      expect(out, "not quiet yet when the cache was written after the first scan").toContain("settled []");
      await new Promise((r) => setTimeout(r, Math.max(0, quietAt - Date.now() + 200)));
      child.kill("SIGINT");
      const { code, signal } = await within(exited, 2_000, "the process to end after Ctrl-C (its writes included)");
      expect({ code, signal }, "it ended as Ctrl-C ends a process").toEqual({ code: null, signal: "SIGINT" });

      const again = createStore(copy, { watch: false, cacheFile: join(state, "index-cache.sqlite") });
      try {
        await within(again.scanned, 30_000, "the restart's scan");
        expect(again.scan?.cachedRuns, "the stalled run, from the cache").toBe(1);
        expect(again.index.runs.get(STALLED)?.inMemory, "its states left in the cache").toBe(false);
      } finally {
        await closeStore(again);
      }
    } finally {
      await rm(state, { recursive: true, force: true });
      await rm(copy, { recursive: true, force: true });
    }
  });
});
