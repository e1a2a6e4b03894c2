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
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";

export const CACHE_FILE = "index-cache.sqlite";
/** Bump when a table's meaning changes: an older cache is then emptied and rebuilt. */
export const CACHE_VERSION = 1;

export interface CachedItem<T> {
  key: string;
  item: T;
}

export interface IndexCacheOptions {
  /** How long a write waits for another server's lock (ms). */
  busyTimeoutMs?: number;
  /** Tests: a page limit, to make SQLite's "database or disk is full" happen for real. */
  maxPages?: number;
  /** Told each problem as it happens (the server's log). */
  onProblem?: (problem: string) => void;
}

type Db = InstanceType<typeof Database>;

export function cacheFileOf(stateDir: string): string {
  return join(stateDir, CACHE_FILE);
}

export class IndexCache {
  #db: Db | null = null;
  /** The last fault (opening, reading or writing), named; `null` while all is well. */
  problem: string | null = null;

  constructor(
    readonly file: string,
    private readonly root: string,
    private readonly options: IndexCacheOptions = {},
  ) {
    this.#db = this.#open();
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
      const rows = this.#db.prepare("SELECT run_dir, key, item FROM list_items WHERE root = ?").all(this.root) as Array<{ run_dir: string; key: string; item: string }>;
      for (const row of rows) {
        try {
          items.set(row.run_dir, { key: row.key, item: JSON.parse(row.item) as T });
        } catch {
          this.#name(`index cache ${this.file}: a damaged row was ignored`);
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
      const upsert = db.prepare("INSERT INTO list_items (root, run_dir, key, item) VALUES (?, ?, ?, ?) ON CONFLICT (root, run_dir) DO UPDATE SET key = excluded.key, item = excluded.item WHERE list_items.key <> excluded.key");
      const drop = db.prepare("DELETE FROM list_items WHERE root = ? AND run_dir = ?");
      db.transaction(() => {
        for (const [dir, saved] of items) upsert.run(this.root, dir, saved.key, JSON.stringify(saved.item));
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

  close(): void {
    try {
      this.#db?.close();
    } catch {
      // Closing twice, or after a fault: nothing left to release.
    }
    this.#db = null;
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
    mkdirSync(join(this.file, ".."), { recursive: true, mode: 0o700 });
    const db = new Database(this.file);
    try {
      db.pragma(`busy_timeout = ${this.options.busyTimeoutMs ?? 2000}`);
      db.pragma("journal_mode = WAL");
      if (this.options.maxPages) db.pragma(`max_page_count = ${this.options.maxPages}`);
      db.exec("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)");
      const version = (db.prepare("SELECT value FROM meta WHERE name = 'version'").pluck().get() as string | undefined) ?? null;
      if (version !== String(CACHE_VERSION)) {
        db.transaction(() => {
          db.exec("DROP TABLE IF EXISTS list_items");
          db.prepare("INSERT INTO meta (name, value) VALUES ('version', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value").run(String(CACHE_VERSION));
        }).immediate();
        if (version !== null) this.#name(`index cache ${this.file}: made by cache version ${version}, rebuilt for version ${CACHE_VERSION}`);
      }
      db.exec("CREATE TABLE IF NOT EXISTS list_items (root TEXT NOT NULL, run_dir TEXT NOT NULL, key TEXT NOT NULL, item TEXT NOT NULL, PRIMARY KEY (root, run_dir))");
      // A truncated or damaged file can open and fail only when a page is read: read them all once.
      db.prepare("SELECT count(*) FROM list_items WHERE length(item) >= 0").pluck().get();
      return db;
    } catch (error) {
      db.close();
      throw error;
    }
  }

  #fault(doing: string, error: unknown): void {
    const code = (error as { code?: string }).code;
    const what = code === "SQLITE_FULL" ? "the disk is full" : code === "SQLITE_BUSY" || code === "SQLITE_LOCKED" ? "locked by another process" : code === "SQLITE_READONLY" || code === "SQLITE_CANTOPEN" || code === "EACCES" || code === "EROFS" ? "not writable" : code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB" ? "damaged" : "failed";
    this.#name(`index cache ${this.file}: ${doing} ${what} (${code ?? "error"}: ${(error as Error).message}); ${doing === "writing" ? "kept in memory only" : "the results folder is read instead"}`);
  }

  #name(problem: string): void {
    this.problem = problem;
    this.options.onProblem?.(problem);
  }
}
