/**
 * The index's cache in the state folder: one SQLite file of its own beside the ledger
 * (`index-cache.sqlite`), used whatever the ledger's backend. It is disposable: deleted, damaged or
 * from another cache version, it is rebuilt from the disk, and every fault is named (`problem`, shown
 * in the log and `/api/health`) instead of stopping the dashboard. Rows are keyed by the results
 * folder, so one state folder serves several results folders, and by what they were made from, so a
 * stale row is never used (the caller checks its key). Two servers on one state folder share it
 * through SQLite's own locking (WAL, a busy timeout); a write that cannot get the lock is a problem,
 * not a wait.
 */
import "server-only";
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { ownerOnlySqlite } from "../owner-only";
import { join } from "node:path";
import { deserialize, serialize } from "node:v8";
import type { Problem } from "@/lib/core";
import pkg from "@/package.json";
import { CODE_HASH } from "./code-identity";

export const CACHE_FILE = "index-cache.sqlite";
/** A run's states not written yet (see `saveStates`). */
const EMPTY = Buffer.alloc(0);
/** The project's version as released (the MCP server's name for itself); never what decides whether a row is used (`CODE_HASH`). */
export const PROJECT_VERSION: string = pkg.version;

/** The tables, one row per run of a results folder each. */
const TABLES = [
  "CREATE TABLE IF NOT EXISTS list_items (root TEXT NOT NULL, run_dir TEXT NOT NULL, key TEXT NOT NULL, item TEXT NOT NULL, changes TEXT, PRIMARY KEY (root, run_dir))",
  "CREATE TABLE IF NOT EXISTS trend_facts (root TEXT NOT NULL, run_dir TEXT NOT NULL, key TEXT NOT NULL, facts BLOB NOT NULL, PRIMARY KEY (root, run_dir))",
  "CREATE TABLE IF NOT EXISTS runs (key INTEGER PRIMARY KEY, root TEXT NOT NULL, run_dir TEXT NOT NULL, version TEXT NOT NULL, level_signature TEXT NOT NULL, head BLOB NOT NULL, bulk BLOB NOT NULL, listing TEXT NOT NULL, activity REAL, run_order TEXT, names TEXT NOT NULL, signatures TEXT NOT NULL, states BLOB NOT NULL, UNIQUE (root, run_dir))",
];
/** The tables' layout, as a hash of their definitions (nothing to bump): a file of another layout is emptied and rebuilt. */
export const CACHE_LAYOUT = createHash("sha256").update(TABLES.join("\n")).digest("hex").slice(0, 16);

/** Keys of list items and trend facts start with the code that made them (see `listItemKey`). */
export const buildKeyPrefix = (build: string) => `${build}:`;

/** Rows of this results folder made by another build (`CODE_HASH`) when the cache was opened: not used, recomputed and written again. */
export interface OtherBuildRows {
  runs: number;
  listItems: number;
  trendFacts: number;
}

/** One run as the cache holds it: what the index needs of it at start, each part under the signature it was read at. */
export interface CachedRun<Level, State> {
  dir: string;
  /** The code that read it (`CODE_HASH`): another build's reads are not this one's. */
  version: string;
  levelSignature: string;
  /** The run level's head (what the index asks at every turn); its bulk is read by `levelBulk`. */
  level: Level;
  killed: string[];
  linked: string[];
  lastActivityMs: number | null;
  order: { order: string[] | null; problems: Problem[] } | null;
  /** Scenario names in listing order, and the signature each was read at. */
  names: string[];
  signatures: string[];
  /** Each scenario's state, in the order of `names`: only written here, read per run by `runStates`. */
  states?: State[];
}

type RunRow = {
  run_dir: string;
  version: string;
  level_signature: string;
  head: Buffer;
  listing: string;
  activity: number | null;
  run_order: string | null;
  names: string;
  signatures: string;
};

export interface CachedItem<T> {
  key: string;
  item: T;
  /** What was derived from the item and its neighbours (the runs list's change column), if saved; of any shape: the caller checks it. */
  changes?: unknown;
}

export interface IndexCacheOptions {
  /** How long a write waits for another server's lock (ms). */
  busyTimeoutMs?: number;
  /** Tests: a page limit, to make SQLite's "database or disk is full" happen for real. */
  maxPages?: number;
  /** Told each problem as it happens (the server's log). */
  onProblem?: (problem: string) => void;
}

/** The tables whose rows are one run's each (by results folder and run folder). */
export type CacheTable = "runs" | "list_items" | "trend_facts";

/** Rows dropped for their shape, named (the newest few) and counted, for `/api/health`. */
export interface RejectedRows {
  count: number;
  newest: Array<{ table: CacheTable; runDir: string; why: string }>;
}
const REJECTED_NAMED = 20;

type Db = InstanceType<typeof Database>;
type Statement = Database.Statement<unknown[]>;

export function cacheFileOf(stateDir: string): string {
  return join(stateDir, CACHE_FILE);
}

export class IndexCache {
  #db: Db | null = null;
  /** Whether a file found damaged in use was made again already (once per process: a second fault is only named). */
  #rebuilt = false;
  /** The last fault (opening, reading or writing), named; `null` while all is well. */
  problem: string | null = null;
  /** Whether `problem` names a failed write. */
  #writeFault = false;
  readonly #statements = new Map<string, Statement>();
  readonly #rejected: RejectedRows = { count: 0, newest: [] };
  /** The code whose rows are used (see `code-identity`). */
  readonly build: string = CODE_HASH;
  /** Rows of another build found at open (see `OtherBuildRows`). */
  otherBuild: OtherBuildRows = { runs: 0, listItems: 0, trendFacts: 0 };

  constructor(
    readonly file: string,
    private readonly root: string,
    private readonly options: IndexCacheOptions = {},
  ) {
    this.#db = this.#open();
  }

  /** The rows dropped because of their shape since the cache was opened (see `reject`). */
  get rejected(): Readonly<RejectedRows> {
    return this.#rejected;
  }

  /**
   * A row that is valid SQLite (and valid v8 or JSON) of the wrong shape: it is never used, it is
   * named (the log, `/api/health`) and deleted, so that what it held is read again from the
   * results folder and written again by the next save.
   */
  reject(table: CacheTable, runDir: string, why: string): void {
    this.#named(table, runDir, `${why}: the row was dropped, read again from the results folder`);
    try {
      this.#db?.prepare(`DELETE FROM ${table} WHERE root = ? AND run_dir = ?`).run(this.root, runDir);
    } catch {
      // Locked or read-only: the row stays unused here, and the next save of the run replaces it.
    }
  }

  /** Whether the cache is in use (false: every start reads the disk, as with no cache at all). */
  get usable(): boolean {
    return this.#db !== null;
  }

  /** This results folder's rows of one table, by run folder; empty when the cache cannot be read. */
  listItems<T>(): Map<string, CachedItem<T>> {
    const items = new Map<string, CachedItem<T>>();
    if (!this.#db) return items;
    try {
      const rows = this.#db.prepare("SELECT run_dir, key, item, changes FROM list_items WHERE root = ?").all(this.root) as Array<{
        run_dir: string;
        key: string;
        item: string;
        changes: string | null;
      }>;
      for (const row of rows) {
        try {
          items.set(row.run_dir, {
            key: row.key,
            item: JSON.parse(row.item) as T,
            ...(row.changes === null ? {} : { changes: JSON.parse(row.changes) as unknown }),
          });
        } catch (error) {
          this.reject("list_items", row.run_dir, (error as Error).message);
        }
      }
    } catch (error) {
      this.#fault("reading", error);
      return new Map();
    }
    return items;
  }

  /** Writes these rows and forgets this folder's rows of runs not in `keep`, in one transaction. */
  saveListItems<T>(items: Iterable<[string, CachedItem<T>]>, keep: (runDir: string) => boolean): boolean {
    const db = this.#db;
    if (!db) return false;
    try {
      const upsert = db.prepare(
        "INSERT INTO list_items (root, run_dir, key, item, changes) VALUES (?, ?, ?, ?, ?) ON CONFLICT (root, run_dir) DO UPDATE SET key = excluded.key, item = excluded.item, changes = excluded.changes WHERE list_items.key <> excluded.key OR list_items.changes IS NOT excluded.changes",
      );
      const drop = db.prepare("DELETE FROM list_items WHERE root = ? AND run_dir = ?");
      db.transaction(() => {
        for (const [dir, saved] of items)
          upsert.run(this.root, dir, saved.key, JSON.stringify(saved.item), saved.changes === undefined ? null : JSON.stringify(saved.changes));
        const stored = db.prepare("SELECT run_dir FROM list_items WHERE root = ?").pluck().all(this.root) as string[];
        for (const dir of stored) if (!keep(dir)) drop.run(this.root, dir);
      }).immediate();
      this.problem = null;
      return true;
    } catch (error) {
      this.#fault("writing", error);
      return false;
    }
  }

  /** One run's saved trend facts (of any shape: the caller checks it) and their key; `null` when there are none or they cannot be read. */
  trendFacts(runDir: string): { key: string; facts: unknown } | null {
    if (!this.#db) return null;
    let row: { key: string; facts: Buffer } | undefined;
    try {
      row = this.#statement("SELECT key, facts FROM trend_facts WHERE root = ? AND run_dir = ?").get(this.root, runDir) as typeof row;
    } catch (error) {
      this.#fault("reading", error);
      return null;
    }
    return row ? this.#value("trend_facts", runDir, row.facts, (facts) => ({ key: row.key, facts })) : null;
  }

  /** The key one run's saved trend facts were made under, without reading them; `null` when none. */
  trendFactsKey(runDir: string): string | null {
    if (!this.#db) return null;
    try {
      return (this.#statement("SELECT key FROM trend_facts WHERE root = ? AND run_dir = ?").pluck().get(this.root, runDir) as string | undefined) ?? null;
    } catch (error) {
      this.#fault("reading", error);
      return null;
    }
  }

  /** Writes these runs' trend facts and forgets this folder's rows of runs not in `keep`, in one transaction. */
  saveTrendFacts<T>(rows: Iterable<[string, { key: string; facts: T }]>, keep: (runDir: string) => boolean): boolean {
    const db = this.#db;
    if (!db) return false;
    try {
      const upsert = this.#statement(
        "INSERT INTO trend_facts (root, run_dir, key, facts) VALUES (?, ?, ?, ?) ON CONFLICT (root, run_dir) DO UPDATE SET key = excluded.key, facts = excluded.facts",
      );
      const drop = this.#statement("DELETE FROM trend_facts WHERE root = ? AND run_dir = ?");
      db.transaction(() => {
        for (const [dir, saved] of rows) upsert.run(this.root, dir, saved.key, serialize(saved.facts));
        for (const dir of this.#statement("SELECT run_dir FROM trend_facts WHERE root = ?").pluck().all(this.root) as string[])
          if (!keep(dir)) drop.run(this.root, dir);
      }).immediate();
      return true;
    } catch (error) {
      this.#fault("writing", error);
      return false;
    }
  }

  /**
   * Every run of this results folder, without its scenarios' states (those load per run, see
   * `runStates`): runs whose rows do not parse are dropped (the disk is read for them). The level's
   * head is of any shape here: the caller checks it.
   */
  runs<Level, State>(): Map<string, CachedRun<Level, State>> {
    const out = new Map<string, CachedRun<Level, State>>();
    if (!this.#db) return out;
    try {
      for (const row of this.#statement(
        "SELECT run_dir, version, level_signature, head, listing, activity, run_order, names, signatures FROM runs WHERE root = ?",
      ).all(this.root) as RunRow[]) {
        try {
          const listing = JSON.parse(row.listing) as unknown;
          if (!isListing(listing)) throw new Error("the listing is not two lists of names");
          const order = row.run_order === null ? null : (JSON.parse(row.run_order) as unknown);
          if (order !== null && !isOrder(order)) throw new Error("the order is not a list of names and problems");
          // One string per run, split here: a row per scenario made a restart's read of 100,000 of them 10× slower.
          const names = row.names === "" ? [] : row.names.split("\0");
          const signatures = row.signatures === "" ? [] : row.signatures.split("\0");
          if (names.length !== signatures.length) throw new Error("names and signatures differ in number");
          if (typeof row.activity !== "number" && row.activity !== null) throw new Error("the last activity is not a time");
          out.set(row.run_dir, {
            dir: row.run_dir,
            version: row.version,
            levelSignature: row.level_signature,
            level: deserialize(row.head) as Level,
            killed: listing.killed,
            linked: listing.linked,
            lastActivityMs: row.activity,
            order,
            names,
            signatures,
          });
        } catch (error) {
          this.reject("runs", row.run_dir, (error as Error).message);
        }
      }
    } catch (error) {
      this.#fault("reading", error);
      return new Map();
    }
    return out;
  }

  /**
   * One run's run-level bulk (its invocations and sessions) if `valid` holds of it; `null` when the
   * cache cannot give it (a bulk of the wrong shape drops the run's row).
   */
  levelBulk<Bulk>(runDir: string, valid: (bulk: unknown) => bulk is Bulk): Bulk | null {
    const blob = this.#blob("bulk", runDir);
    return blob
      ? this.#value("runs", runDir, blob, (bulk) => (valid(bulk) ? bulk : this.#rejectNull("runs", runDir, "the run level is not invocations and sessions")))
      : null;
  }

  /**
   * One run's scenario states that `valid` holds of, by name (each state names its scenario): a
   * state of the wrong shape is left out, named, and read again from the results folder (see
   * `RunModel`); `null` when the cache cannot give them (states that are not a list drop the row).
   */
  runStates<State extends { name: string }>(runDir: string, valid: (state: unknown) => state is State): Map<string, State> | null {
    const blob = this.#blob("states", runDir);
    // Empty: written later by the command's first scan (`saveStates`), not yet; the run is read again meanwhile.
    if (!blob || blob.length === 0) return null;
    return this.#value("runs", runDir, blob, (list) => {
      if (!Array.isArray(list)) return this.#rejectNull("runs", runDir, "the states are not a list");
      const states = new Map<string, State>();
      let bad = 0;
      for (const state of list as unknown[]) {
        if (valid(state)) states.set(state.name, state);
        else bad++;
      }
      if (bad > 0) this.#named("runs", runDir, `${bad} scenario state(s) of the wrong shape, read again`);
      return states;
    });
  }

  /** One blob of a run's row, or `null` (no row, or the cache cannot be read: named). */
  #blob(column: "bulk" | "states", runDir: string): Buffer | null {
    if (!this.#db) return null;
    try {
      return (this.#statement(`SELECT ${column} FROM runs WHERE root = ? AND run_dir = ?`).pluck().get(this.root, runDir) as Buffer | undefined) ?? null;
    } catch (error) {
      this.#fault("reading", error);
      return null;
    }
  }

  /** A row's serialized value made into what the caller needs; one that does not deserialize drops its row. */
  #value<T>(table: CacheTable, runDir: string, blob: Buffer, made: (value: unknown) => T | null): T | null {
    let value: unknown;
    try {
      value = deserialize(blob);
    } catch (error) {
      return this.#rejectNull(table, runDir, `not a value: ${(error as Error).message}`);
    }
    return made(value);
  }

  #rejectNull(table: CacheTable, runDir: string, why: string): null {
    this.reject(table, runDir, why);
    return null;
  }

  /** A row, or part of one, was of the wrong shape and is read again: named, counted, the newest few kept. */
  #named(table: CacheTable, runDir: string, why: string): void {
    this.#rejected.count++;
    this.#rejected.newest.unshift({ table, runDir, why });
    this.#rejected.newest.length = Math.min(this.#rejected.newest.length, REJECTED_NAMED);
    this.#name(`index cache ${this.file}: a damaged row of ${table} for ${runDir} (${why})`);
  }

  /**
   * Writes these runs whole and forgets this folder's runs not in `keep`, in one transaction. A run
   * with `states: null` is written with an empty value for them, filled by `saveStates` (the command's
   * first scan tells the server before it writes the states, the largest part).
   */
  saveRuns<Level, State>(
    runs: ReadonlyArray<Omit<CachedRun<Level, State>, "states"> & { states: State[] | null; bulk: unknown }>,
    keep: (runDir: string) => boolean,
  ): boolean {
    const db = this.#db;
    if (!db) return false;
    try {
      const upsert = this.#statement(
        "INSERT INTO runs (root, run_dir, version, level_signature, head, bulk, listing, activity, run_order, names, signatures, states) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (root, run_dir) DO UPDATE SET version = excluded.version, level_signature = excluded.level_signature, head = excluded.head, bulk = excluded.bulk, listing = excluded.listing, activity = excluded.activity, run_order = excluded.run_order, names = excluded.names, signatures = excluded.signatures, states = excluded.states",
      );
      const drop = this.#statement("DELETE FROM runs WHERE key = ?");
      db.transaction(() => {
        // A run's states are one value: one serialization per run, not per scenario (10,950 small
        // buffers left the process 60 MB larger after a first start), and they are read per run anyway.
        for (const run of runs)
          upsert.run(
            this.root,
            run.dir,
            run.version,
            run.levelSignature,
            serialize(run.level),
            serialize(run.bulk),
            JSON.stringify({ killed: run.killed, linked: run.linked }),
            run.lastActivityMs,
            run.order === null ? null : JSON.stringify(run.order),
            run.names.join("\0"),
            run.signatures.join("\0"),
            run.states === null ? EMPTY : serialize(run.states),
          );
        for (const [key, dir] of this.#statement("SELECT key, run_dir FROM runs WHERE root = ?").raw().all(this.root) as Array<[number, string]>) {
          if (!keep(dir)) drop.run(key);
        }
      }).immediate();
      // A good write ends a write fault (a notice of a rebuild stays until the runs list's next save).
      if (this.#writeFault) this.problem = null;
      this.#writeFault = false;
      return true;
    } catch (error) {
      this.#fault("writing", error);
      return false;
    }
  }

  /**
   * Fills the states `saveRuns` left empty, each only while its row is still the one written then
   * (same build, same signatures, states still empty): a server that wrote the run since keeps its own.
   */
  saveStates<State>(runs: ReadonlyArray<{ dir: string; version: string; signatures: string[]; states: State[] }>): boolean {
    const db = this.#db;
    if (!db) return false;
    try {
      const fill = this.#statement("UPDATE runs SET states = ? WHERE root = ? AND run_dir = ? AND version = ? AND signatures = ? AND length(states) = 0");
      db.transaction(() => {
        for (const run of runs) fill.run(serialize(run.states), this.root, run.dir, run.version, run.signatures.join("\0"));
      }).immediate();
      return true;
    } catch (error) {
      this.#fault("writing", error);
      return false;
    }
  }

  /** Each statement is compiled once per connection. */
  #statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = (this.#db as Db).prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  close(): void {
    try {
      this.#db?.close();
    } catch {
      // Closing twice, or after a fault: nothing left to release.
    }
    this.#db = null;
    this.#statements.clear();
  }

  /** Opens (or makes) the file; a damaged one is deleted and made again once, anything else leaves no cache. */
  #open(): Db | null {
    try {
      return this.#connect();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "SQLITE_CORRUPT" && code !== "SQLITE_NOTADB") {
        this.#fault("opening", error);
        return null;
      }
      this.#name(`index cache ${this.file}: damaged (${code}), rebuilt from the results folder`);
      try {
        for (const suffix of ["", "-wal", "-shm"]) rmSync(this.file + suffix, { force: true });
        return this.#connect();
      } catch (again) {
        this.#fault("rebuilding", again);
        return null;
      }
    }
  }

  #connect(): Db {
    // Readable by its owner only, as the ledger: it holds what the results say.
    ownerOnlySqlite(this.file, join(this.file, ".."));
    const db = new Database(this.file);
    try {
      db.pragma(`busy_timeout = ${this.options.busyTimeoutMs ?? 2000}`);
      db.pragma("journal_mode = WAL");
      // Disposable: a write lost to a power cut is rebuilt from the disk, so no sync per commit.
      db.pragma("synchronous = NORMAL");
      // A small page cache (2 MB, not 16): it is written in bursts and read a run at a time.
      db.pragma("cache_size = -2000");
      if (this.options.maxPages) db.pragma(`max_page_count = ${this.options.maxPages}`);
      db.exec("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
      const layout = (db.prepare("SELECT value FROM meta WHERE name = 'version'").pluck().get() as string | undefined) ?? null;
      if (layout !== CACHE_LAYOUT) {
        db.transaction(() => {
          db.exec("DROP TABLE IF EXISTS list_items; DROP TABLE IF EXISTS scenarios; DROP TABLE IF EXISTS runs; DROP TABLE IF EXISTS trend_facts");
          db.prepare("INSERT INTO meta (name, value) VALUES ('version', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(CACHE_LAYOUT);
        }).immediate();
        if (layout !== null) this.#name(`index cache ${this.file}: made with another table layout (${layout}), rebuilt for ${CACHE_LAYOUT}`);
      }
      for (const table of TABLES) db.exec(table);
      const prefix = `${buildKeyPrefix(this.build)}%`;
      this.otherBuild = {
        runs: db.prepare("SELECT count(*) FROM runs WHERE root = ? AND version <> ?").pluck().get(this.root, this.build) as number,
        listItems: db.prepare("SELECT count(*) FROM list_items WHERE root = ? AND key NOT LIKE ?").pluck().get(this.root, prefix) as number,
        trendFacts: db.prepare("SELECT count(*) FROM trend_facts WHERE root = ? AND key NOT LIKE ?").pluck().get(this.root, prefix) as number,
      };
      // A truncated or damaged file can open and fail only when a page is read: the small tables are
      // read whole here, the runs' states by \`runStates\`, whose faults are named too.
      db.prepare("SELECT count(*) FROM list_items WHERE length(item) >= 0").pluck().get();
      db.prepare("SELECT count(*) FROM runs WHERE length(head) >= 0").pluck().get();
      return db;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  #fault(doing: string, error: unknown): void {
    this.#writeFault = doing === "writing";
    const code = (error as { code?: string }).code;
    // Damaged inside its pages (the header and the small tables read at the start are intact): made
    // again now, or every start would find the same damage and read the whole folder again.
    if ((code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") && !this.#rebuilt && this.#db) {
      this.#rebuild(doing, code);
      return;
    }
    const what =
      code === "SQLITE_FULL"
        ? "the disk is full"
        : code === "SQLITE_BUSY" || code === "SQLITE_LOCKED"
          ? "locked by another process"
          : code === "SQLITE_READONLY" || code === "SQLITE_CANTOPEN" || code === "EACCES" || code === "EROFS"
            ? "not writable"
            : code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB"
              ? "damaged"
              : "failed";
    this.#name(
      `index cache ${this.file}: ${doing} ${what} (${code ?? "error"}: ${(error as Error).message}); ${doing === "writing" ? "kept in memory only" : "the results folder is read instead"}`,
    );
  }

  /** Deletes the damaged file and makes an empty one: what it held is read from the results folder and saved again. */
  #rebuild(doing: string, code: string): void {
    this.#rebuilt = true;
    this.close();
    this.#name(`index cache ${this.file}: damaged inside (${code}, found ${doing}), rebuilt from the results folder`);
    try {
      for (const suffix of ["", "-wal", "-shm"]) rmSync(this.file + suffix, { force: true });
      this.#db = this.#connect();
    } catch (again) {
      this.#fault("rebuilding", again);
    }
  }

  #name(problem: string): void {
    this.problem = problem;
    this.options.onProblem?.(problem);
  }
}

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === "string");
/** A problem as every reader makes it (`lib/core/problems`). */
export const isProblems = (x: unknown): x is Problem[] =>
  Array.isArray(x) && x.every((p) => !!p && typeof p === "object" && typeof p.file === "string" && typeof p.kind === "string" && typeof p.message === "string");
const isListing = (x: unknown): x is { killed: string[]; linked: string[] } =>
  !!x && typeof x === "object" && isStrings((x as { killed?: unknown }).killed) && isStrings((x as { linked?: unknown }).linked);
function isOrder(x: unknown): x is { order: string[] | null; problems: Problem[] } {
  const o = x as { order?: unknown; problems?: unknown } | null;
  return !!o && typeof o === "object" && (o.order === null || isStrings(o.order)) && isProblems(o.problems);
}
