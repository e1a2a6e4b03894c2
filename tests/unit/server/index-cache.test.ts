/**
 * The index cache (`lib/server/cache/index-cache.ts`): one SQLite file in the state folder, rebuilt
 * when damaged or from another version, shared by two servers, every fault named, and never the
 * source of a stale number (the runs list after a change made while the server was down).
 */
import Database from "better-sqlite3";
import { appendFile, cp, mkdir, readdir, readFile, rm, truncate, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_LAYOUT, IndexCache } from "@/lib/server/cache/index-cache";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { runsList } from "@/lib/server/views/runs-list";
import { SavedListItems } from "@/lib/server/views/saved-list-items";
import { tempDir } from "../../helpers/run-builder";

const FIXTURES = join(__dirname, "../../fixtures/harness");
const RUNS = ["small-2-domains/run/eval_20260810_031700", "stalls/run/eval_20260804_144300"];
const FINISHED = "eval_20260804_144300";
const NOW = Date.parse("2026-12-01T12:00:00Z");

let root: string;
let stateDir: string;
const cacheFile = () => join(stateDir, "index-cache.sqlite");

async function scanned(file: string | null): Promise<Store> {
  const store = createStore(root, { watch: false, bundle: null, cacheFile: file });
  await store.scanned;
  await store.scan?.settled;
  return store;
}

/** Lists every run, saves the items, closes: what a server leaves behind. */
async function serveOnce(): Promise<void> {
  const store = await scanned(cacheFile());
  runsList(store.index, NOW);
  (store.index.savedListItems as SavedListItems).save();
  expect(store.cache?.problem ?? null).toBeNull();
  await closeStore(store);
}

/** The runs list of a scan with no cache at all: what every other list must equal. */
async function truthList(): Promise<unknown> {
  const store = await scanned(null);
  try {
    return runsList(store.index, NOW).runs;
  } finally {
    await closeStore(store);
  }
}

beforeAll(async () => {
  root = await tempDir("ved-cache-results-");
  for (const run of RUNS) await cp(join(FIXTURES, run), join(root, run.split("/").pop() as string), { recursive: true });
  // A finished run: only a finished run's list item is cached.
  await appendFile(join(root, FINISHED, "evaluation_log.txt"), "2026-08-04 15:36:42 | runner.py:run_dynamic_evaluation:770 | [INFO]: Evaluation Complete!\n");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const item = (id: string, passed: number) => ({ key: `k-${id}-${passed}`, item: { id, passed } });

describe("the index cache file", () => {
  beforeAll(async () => {
    stateDir = await tempDir("ved-cache-state-");
  });

  it("keeps rows across opens, per results folder", () => {
    const a = new IndexCache(cacheFile(), "/results/a");
    expect(a.saveListItems([["run1", item("run1", 3)]], () => true)).toBe(true);
    a.close();
    const again = new IndexCache(cacheFile(), "/results/a");
    const other = new IndexCache(cacheFile(), "/results/b");
    try {
      expect([...again.listItems()]).toEqual([["run1", item("run1", 3)]]);
      expect(other.listItems().size, "a cache of another results folder is not this folder's").toBe(0);
      expect(again.problem).toBeNull();
    } finally {
      again.close();
      other.close();
    }
  });

  it("forgets the rows of runs that are gone", () => {
    const cache = new IndexCache(cacheFile(), "/results/a");
    try {
      expect(cache.saveListItems([["run2", item("run2", 1)]], (dir) => dir === "run2")).toBe(true);
      expect([...cache.listItems().keys()]).toEqual(["run2"]);
    } finally {
      cache.close();
    }
  });

  it("is rebuilt when it is not a database, and says so", async () => {
    await writeFile(cacheFile(), Buffer.from("this is not a SQLite file, only some bytes ".repeat(200)));
    const seen: string[] = [];
    const cache = new IndexCache(cacheFile(), "/results/a", { onProblem: (p) => seen.push(p) });
    try {
      expect(cache.usable).toBe(true);
      expect(cache.problem).toMatch(/damaged \(SQLITE_NOTADB\), rebuilt/);
      expect(seen).toEqual([cache.problem]);
      expect(cache.listItems().size).toBe(0);
      expect(cache.saveListItems([["run1", item("run1", 2)]], () => true)).toBe(true);
      expect(cache.problem, "a good write clears the problem").toBeNull();
    } finally {
      cache.close();
    }
  });

  it("is rebuilt when truncated, and never returns half a row", async () => {
    const cache = new IndexCache(cacheFile(), "/results/a");
    const big = Array.from(
      { length: 200 },
      (_, i) => [`run${i}`, { key: `k${i}`, item: { id: `run${i}`, text: "x".repeat(2000) } }] as [string, { key: string; item: { id: string; text: string } }],
    );
    expect(cache.saveListItems(big, () => true)).toBe(true);
    cache.close();
    // Fold the WAL into the file, then cut the file in half.
    const raw = new Database(cacheFile());
    raw.pragma("wal_checkpoint(TRUNCATE)");
    raw.close();
    const size = (await readFile(cacheFile())).length;
    expect(size).toBeGreaterThan(100_000);
    await truncate(cacheFile(), Math.floor(size / 2));
    const reopened = new IndexCache(cacheFile(), "/results/a");
    try {
      expect(reopened.problem).toMatch(/damaged|failed/);
      const rows = reopened.listItems<{ id: string; text: string }>();
      for (const [dir, row] of rows) expect(row.item.text.length, `${dir} whole or absent`).toBe(2000);
    } finally {
      reopened.close();
    }
  });

  it("made with another table layout (an older cache): emptied, rebuilt and named", () => {
    const first = new IndexCache(cacheFile(), "/results/a");
    expect(first.saveListItems([["run1", item("run1", 3)]], () => true)).toBe(true);
    first.close();
    const raw = new Database(cacheFile());
    raw.prepare("UPDATE meta SET value = ? WHERE name = 'version'").run("4");
    raw.close();
    const cache = new IndexCache(cacheFile(), "/results/a");
    try {
      expect(cache.problem).toBe(`index cache ${cacheFile()}: made with another table layout (4), rebuilt for ${CACHE_LAYOUT}`);
      expect(cache.listItems().size).toBe(0);
    } finally {
      cache.close();
    }
  });

  it("locked by another process: the write is a named problem, kept in memory, done once the lock is gone", () => {
    const cache = new IndexCache(cacheFile(), "/results/a", { busyTimeoutMs: 50 });
    const other = new Database(cacheFile());
    try {
      other.pragma("busy_timeout = 50");
      other.exec("BEGIN EXCLUSIVE");
      expect(cache.saveListItems([["run1", item("run1", 4)]], () => true)).toBe(false);
      expect(cache.problem).toMatch(/writing locked by another process \(SQLITE_BUSY/);
      other.exec("COMMIT");
      expect(cache.saveListItems([["run1", item("run1", 4)]], () => true)).toBe(true);
      expect(cache.listItems().get("run1")).toEqual(item("run1", 4));
    } finally {
      other.close();
      cache.close();
    }
  });

  it("full (SQLite's own page limit): the write is named, nothing half-written", () => {
    const cache = new IndexCache(cacheFile(), "/results/full", { maxPages: 8 });
    try {
      const many = Array.from(
        { length: 50 },
        (_, i) =>
          [`run${i}`, { key: `k${i}`, item: { id: `run${i}`, text: "y".repeat(4000) } }] as [string, { key: string; item: { id: string; text: string } }],
      );
      expect(cache.saveListItems(many, () => true)).toBe(false);
      expect(cache.problem).toMatch(/writing the disk is full \(SQLITE_FULL/);
      expect(cache.listItems().size, "the transaction was rolled back whole").toBe(0);
    } finally {
      cache.close();
    }
  });

  it("a path that cannot be a file (a folder there): no cache, named, and nothing else breaks", async () => {
    const dir = join(stateDir, "a-folder.sqlite");
    await mkdir(dir, { recursive: true });
    const cache = new IndexCache(dir, "/results/a");
    expect(cache.usable).toBe(false);
    expect(cache.problem).toMatch(/opening (not writable|failed)/);
    expect(cache.listItems().size).toBe(0);
    expect(cache.saveListItems([["run1", item("run1", 1)]], () => true)).toBe(false);
    cache.close();
  });
});

describe("the runs list from the cache", () => {
  beforeAll(async () => {
    stateDir = await tempDir("ved-cache-store-");
  });

  it("a restart lists a finished run from its cached row, and a change made while down is shown, not the cached number", async () => {
    await serveOnce();
    const raw = new Database(cacheFile());
    const rows = raw.prepare("SELECT run_dir FROM list_items").pluck().all() as string[];
    // Marks the cached row, under its own key: a list that shows the mark was answered from the cache.
    raw.prepare("UPDATE list_items SET item = json_set(item, '$.fromCache', 1) WHERE run_dir = ?").run(join(root, FINISHED));
    raw.close();
    // The finished run's row (and the other run's: killed for good by its log's clock, its item no longer moves).
    expect(rows.map((d) => d.split("/").pop())).toContain(FINISHED);

    const restarted = await scanned(cacheFile());
    try {
      const listed = runsList(restarted.index, NOW).runs as Array<{ id: string; fromCache?: number }>;
      expect(listed.find((r) => r.id === FINISHED)?.fromCache, "the finished run came from its cached row").toBe(1);
      expect(listed.map(({ fromCache: _, ...r }) => r)).toEqual(await truthList());
    } finally {
      await closeStore(restarted);
    }

    // While the server is down, a scenario of the finished run changes its judge score.
    const scenario = (await readdir(join(root, FINISHED), { withFileTypes: true })).find((e) => e.isDirectory())?.name as string;
    const metrics = join(root, FINISHED, scenario, "metrics.json");
    const text = await readFile(metrics, "utf8");
    await writeFile(metrics, text.replace(/"judge_score": [^,\n]+/, '"judge_score": 0.0123'));
    await utimes(metrics, new Date(), new Date(Date.now() + 5_000));
    const after = await scanned(cacheFile());
    try {
      const listed = runsList(after.index, NOW).runs as Array<{ id: string; fromCache?: number }>;
      expect(listed.find((r) => r.id === FINISHED)?.fromCache, "the stale row was not used").toBeUndefined();
      expect(listed).toEqual(await truthList());
    } finally {
      await closeStore(after);
    }
  });

  it("a damaged cache file: the server starts from the disk, lists the truth and names the problem", async () => {
    await writeFile(cacheFile(), Buffer.from([0xff, 0x0d, 0x6f, 0x01]));
    const store = await scanned(cacheFile());
    try {
      expect(store.cache?.problem).toMatch(/damaged/);
      expect(runsList(store.index, NOW).runs).toEqual(await truthList());
    } finally {
      await closeStore(store);
    }
  });

  it("two servers on one state folder share the cache", async () => {
    const a = await scanned(cacheFile());
    const b = await scanned(cacheFile());
    try {
      runsList(a.index, NOW);
      runsList(b.index, NOW);
      (a.index.savedListItems as SavedListItems).save();
      (b.index.savedListItems as SavedListItems).save();
      expect([a.cache?.problem ?? null, b.cache?.problem ?? null]).toEqual([null, null]);
    } finally {
      await closeStore(a);
      await closeStore(b);
    }
    const third = await scanned(cacheFile());
    try {
      expect(runsList(third.index, NOW).runs).toEqual(await truthList());
    } finally {
      await closeStore(third);
    }
  });
});

describe("states written after their runs (the command's first scan, issue 46)", () => {
  const row = (signatures: string[], states: Array<{ name: string; n: number }> | null) => ({
    dir: join(root, FINISHED),
    version: "build-a",
    levelSignature: "",
    level: {},
    bulk: {},
    killed: [],
    linked: [],
    lastActivityMs: null,
    order: null,
    names: ["a", "b"],
    signatures,
    states,
  });
  const valid = (s: unknown): s is { name: string; n: number } => typeof (s as { name?: unknown })?.name === "string";

  it("gives no states while they are not written (the row kept), fills them, and never over a row written since", async () => {
    const dir = await tempDir("ved-cache-states-later-");
    const cache = new IndexCache(join(dir, "index-cache.sqlite"), root);
    try {
      const states = [
        { name: "a", n: 1 },
        { name: "b", n: 2 },
      ];
      expect(cache.saveRuns([row(["a:1@1", "b:1@1"], null)], () => true)).toBe(true);
      expect(cache.runStates(join(root, FINISHED), valid), "not written yet").toBeNull();
      expect(cache.rejected.count, "an empty value is not a damaged row").toBe(0);
      expect(cache.runs().has(join(root, FINISHED)), "the row stays").toBe(true);

      expect(cache.saveStates([{ dir: join(root, FINISHED), version: "build-a", signatures: ["a:1@1", "b:1@1"], states }])).toBe(true);
      expect([...(cache.runStates(join(root, FINISHED), valid)?.values() ?? [])]).toEqual(states);

      // A server wrote the run again (a scenario changed) before a late fill of the old states: its row stays its own.
      const newer = [
        { name: "a", n: 1 },
        { name: "b", n: 3 },
      ];
      expect(cache.saveRuns([row(["a:1@1", "b:2@2"], newer)], () => true)).toBe(true);
      expect(cache.saveStates([{ dir: join(root, FINISHED), version: "build-a", signatures: ["a:1@1", "b:1@1"], states }])).toBe(true);
      expect([...(cache.runStates(join(root, FINISHED), valid)?.values() ?? [])]).toEqual(newer);
    } finally {
      cache.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("a cache damaged inside its pages (issue 54)", () => {
  it("is rebuilt when a read finds the damage, so the next start does not find it again", async () => {
    const file = join(await tempDir("ved-cache-pages-"), "index-cache.sqlite");
    const cache = new IndexCache(file, "/results/a");
    // Facts larger than a page: their tails are in overflow pages, which only reading the facts visits.
    const rows = Array.from(
      { length: 300 },
      (_, i) => [`run${i}`, { key: `k${i}`, facts: { text: "x".repeat(20_000), i } }] as [string, { key: string; facts: unknown }],
    );
    expect(cache.saveTrendFacts(rows, () => true)).toBe(true);
    cache.close();
    const raw = new Database(file);
    raw.pragma("wal_checkpoint(TRUNCATE)");
    const pageSize = raw.pragma("page_size", { simple: true }) as number;
    raw.close();
    // The header, the schema and every table's cells intact; each overflow page of the facts points
    // past the end of the file (what a torn write or a bad disk leaves): found only when a value is read.
    const bytes = await readFile(file);
    let hurt = 0;
    for (let at = pageSize; at + pageSize <= bytes.length; at += pageSize) {
      if (bytes.subarray(at + 4, at + 200).every((b) => b === 0x78)) {
        bytes.writeUInt32BE(0x7ffffff0, at);
        hurt++;
      }
    }
    expect(hurt).toBeGreaterThan(100);
    await writeFile(file, bytes);
    const seen: string[] = [];
    const damaged = new IndexCache(file, "/results/a", { onProblem: (p) => seen.push(p) });
    try {
      expect(damaged.usable, "it opens: the damage is inside").toBe(true);
      expect(damaged.problem, String(damaged.problem)).toBeNull();
      // Reading the damaged pages: named, and the file made again.
      const read = Array.from({ length: 300 }, (_, i) => damaged.trendFacts(`run${i}`));
      expect(read.some((r) => r === null)).toBe(true);
      expect(seen.join("\n")).toMatch(/damaged inside \(SQLITE_CORRUPT, found reading\), rebuilt from the results folder/);
      expect(damaged.usable).toBe(true);
      // The rebuilt cache holds what is saved again.
      expect(damaged.saveTrendFacts([rows[0]!], () => true)).toBe(true);
    } finally {
      damaged.close();
    }
    // The next start finds an intact cache.
    const next = new IndexCache(file, "/results/a");
    try {
      expect(next.problem).toBeNull();
      expect(next.trendFacts("run0")).toEqual({ key: "k0", facts: rows[0]![1].facts });
      expect(Array.from({ length: 300 }, (_, i) => next.trendFacts(`run${i}`)).filter((r) => r !== null)).toHaveLength(1);
      expect(next.problem).toBeNull();
    } finally {
      next.close();
    }
  });
});
