/**
 * Rows of the index cache that are valid SQLite and valid v8 or JSON, of the wrong shape (issue 42):
 * each is named (the cache's `rejected`, shown by `/api/health`), dropped and read again from the
 * results folder; the scan, the runs list, a run page and /trends answer the truth meanwhile; and the
 * next start finds the row repaired. The cache file is its owner's only.
 */
import Database from "better-sqlite3";
import { cp, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { deserialize, serialize } from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { plainLevel } from "@/lib/server/ingest/read-run-level";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, type Store } from "@/lib/server/live/store";
import { settledStore } from "../../helpers/settled-store";
import { runsList } from "@/lib/server/views/runs-list";
import { buildTrends } from "@/lib/server/views/trends";
import { tempDir } from "../../helpers/run-builder";
import { within } from "../../helpers/wait";

const NIGHTLY = join(__dirname, "../../../examples/results/nightly");
const RUNS = ["eval_20261117_020000", "eval_20261118_020000", "eval_20261119_020000"];
const VICTIM = RUNS[1] as string;

let root: string;
let truth: { contents: unknown; list: unknown; trends: unknown };

const started = (state: string | null): Promise<Store> => settledStore(root, state);

function contents(store: Store): unknown {
  return [...store.index.runs.values()]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((run) => ({
      id: run.id,
      level: plainLevel(run.runLevel),
      killed: run.killedFolders,
      linked: run.linked,
      activity: run.lastActivityMs,
      scenarios: [...run.scenarios.values()],
    }));
}

/** What pages show: the runs list, every run's page (through the API), /trends. */
async function shown(store: Store): Promise<{ list: unknown; trends: unknown }> {
  const list = JSON.parse(JSON.stringify(runsList(store.index).runs)) as unknown;
  const trends = buildTrends(store.index, { range: "all" });
  for (const id of store.index.runs.keys()) {
    const response = await runRoute(store, new Request(`http://localhost/api/runs/${encodeURIComponent(id)}`));
    expect(response.status, id).toBe(200);
  }
  return { list, trends };
}

beforeAll(async () => {
  root = await tempDir("ved-hostile-rows-");
  for (const run of RUNS) await cp(join(NIGHTLY, run), join(root, run), { recursive: true });
  const store = await started(null);
  try {
    truth = { contents: contents(store), ...(await shown(store)) };
  } finally {
    await closeStore(store);
  }
});
afterAll(async () => rm(root, { recursive: true, force: true }));

type Db = InstanceType<typeof Database>;
const victimDir = () => join(root, VICTIM);
const states = (db: Db) =>
  deserialize(db.prepare("SELECT states FROM runs WHERE run_dir = ?").pluck().get(victimDir()) as Buffer) as Array<Record<string, unknown>>;

const HOSTILE: Array<{ what: string; table: string; damage: (db: Db) => void }> = [
  {
    what: "a run level's head of null",
    table: "runs",
    damage: (db) => db.prepare("UPDATE runs SET head = ? WHERE run_dir = ?").run(serialize(null), victimDir()),
  },
  {
    what: "a run level's head of the wrong shape",
    table: "runs",
    damage: (db) => db.prepare("UPDATE runs SET head = ? WHERE run_dir = ?").run(serialize({ isRun: "yes", finished: true }), victimDir()),
  },
  {
    what: "a listing that is not two lists of names",
    table: "runs",
    damage: (db) => db.prepare("UPDATE runs SET listing = ? WHERE run_dir = ?").run(JSON.stringify({ killed: 5, linked: [] }), victimDir()),
  },
  {
    what: "an order that is not a list",
    table: "runs",
    damage: (db) => db.prepare("UPDATE runs SET run_order = ? WHERE run_dir = ?").run(JSON.stringify({ order: "abc", problems: null }), victimDir()),
  },
  {
    what: "an empty record in one scenario's state",
    table: "runs",
    damage: (db) => {
      const list = states(db);
      list[0] = { ...list[0], record: {} };
      db.prepare("UPDATE runs SET states = ? WHERE run_dir = ?").run(serialize(list), victimDir());
    },
  },
  {
    what: "states that are not a list",
    table: "runs",
    damage: (db) => db.prepare("UPDATE runs SET states = ? WHERE run_dir = ?").run(serialize({ length: 3 }), victimDir()),
  },
  {
    what: "a run level's bulk of the wrong shape",
    table: "runs",
    damage: (db) => db.prepare("UPDATE runs SET bulk = ? WHERE run_dir = ?").run(serialize({ invocations: 5, sessions: [null] }), victimDir()),
  },
  {
    what: "a runs list item with only an id",
    table: "list_items",
    damage: (db) => db.prepare("UPDATE list_items SET item = ? WHERE run_dir = ?").run(JSON.stringify({ id: VICTIM }), victimDir()),
  },
  {
    what: "trend facts of the wrong shape",
    table: "trend_facts",
    damage: (db) =>
      db
        .prepare("UPDATE trend_facts SET facts = ? WHERE run_dir = ?")
        .run(serialize({ queue: [], verdicts: new Map(), cells: new Map(), aggregates: {}, judge: {} }), victimDir()),
  },
];

describe("a cache row of the wrong shape", () => {
  for (const { what, table, damage } of HOSTILE) {
    it(`${what}: named, dropped, the truth shown meanwhile, repaired for the next start`, async () => {
      const state = await tempDir("ved-hostile-rows-state-");
      try {
        await closeStore(await started(state));
        const db = new Database(join(state, "index-cache.sqlite"));
        damage(db);
        db.close();

        const store = await started(state);
        try {
          expect(store.index.runs.size, "no run vanished").toBe(RUNS.length);
          const seen = await shown(store);
          await within(store.sync.idle(), 30_000, "the audit of the run read again");
          expect(
            store.cache?.rejected.newest.map((r) => [r.table, r.runDir]),
            "named: its table and run",
          ).toContainEqual([table, victimDir()]);
          expect(store.cache?.problem).toContain(`a damaged row of ${table} for ${victimDir()}`);
          // `/api/health` names it too.
          const holder = globalThis as { [key: symbol]: unknown };
          const key = Symbol.for("voice-eval-dashboard.store");
          holder[key] = store;
          try {
            const body = (await health().json()) as { cache: { rejected: { count: number; newest: Array<{ runDir: string }> } } };
            expect(body.cache.rejected.count).toBeGreaterThan(0);
            expect(body.cache.rejected.newest[0]?.runDir).toBe(victimDir());
          } finally {
            delete holder[key];
          }
          expect(seen.list, "the runs list").toEqual(truth.list);
          // A dropped state is read again by the audit; until then it is named on its scenario, never a number.
          expect(isDeepStrictEqual(contents(store), truth.contents), "the index, once the audit read the run again").toBe(true);
          expect(buildTrends(store.index, { range: "all" }), "/trends").toEqual(truth.trends);
        } finally {
          await closeStore(store);
        }

        const again = await started(state);
        try {
          const seen = await shown(again);
          expect(again.cache?.rejected.count, "the row was written again").toBe(0);
          expect(again.scan?.cachedRuns, "every run from the cache again").toBe(RUNS.length);
          expect(seen).toEqual({ list: truth.list, trends: truth.trends });
          expect(isDeepStrictEqual(contents(again), truth.contents)).toBe(true);
        } finally {
          await closeStore(again);
        }
      } finally {
        await rm(state, { recursive: true, force: true });
      }
    });
  }

  it("the cache file is readable by its owner only", async () => {
    const state = await tempDir("ved-hostile-rows-mode-");
    try {
      await closeStore(await started(state));
      expect(((await stat(join(state, "index-cache.sqlite"))).mode & 0o777).toString(8)).toBe("600");
    } finally {
      await rm(state, { recursive: true, force: true });
    }
  });
});
