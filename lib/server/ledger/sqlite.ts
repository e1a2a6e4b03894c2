/** The default ledger database: one SQLite file (WAL) in the state folder, via better-sqlite3. */
import "server-only";
import Database from "better-sqlite3";
import { existsSync } from "node:fs";
import { ownerOnlySqlite } from "../owner-only";
import { join } from "node:path";
import type { SqlDb, SqlValue } from "./sql";

export const SQLITE_FILE = "ledger.sqlite";

class SqliteDb implements SqlDb {
  readonly dialect = "sqlite" as const;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Database.Database) {}

  async all<T>(sql: string, params: SqlValue[] = []): Promise<T[]> {
    const stmt = this.db.prepare(sql);
    if (stmt.reader) return stmt.all(...params) as T[];
    stmt.run(...params);
    return [];
  }

  async exec(sql: string): Promise<void> {
    this.db.exec(sql);
  }

  tx<T>(fn: (db: SqlDb) => Promise<T>): Promise<T> {
    // One connection: transactions of this process run one after another.
    const run = async () => {
      // IMMEDIATE takes the write lock now, so another process's writer waits (busy_timeout) instead of failing later.
      this.db.exec("BEGIN IMMEDIATE");
      try {
        const out = await fn(this);
        this.db.exec("COMMIT");
        return out;
      } catch (err) {
        if (this.db.inTransaction) this.db.exec("ROLLBACK");
        throw err;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => {});
    return result;
  }

  async close(): Promise<void> {
    await this.queue;
    this.db.close();
  }
}

/** No ledger where a reading command looked: it never creates one (a typo'd `--state-dir` is named, not made). */
export class MissingLedgerError extends Error {}

/**
 * Opens the SQLite ledger in `stateDir`. With `create` (the server, an import) the folder (0700) and
 * file are made if needed; the file is the user's alone (0600: it holds who triaged what), and SQLite
 * gives its -wal and -shm files the same mode. Without it, a missing file is a `MissingLedgerError`.
 */
export function openSqlite(stateDir: string, opts: { create?: boolean } = {}): { db: SqlDb; file: string } {
  const file = join(stateDir, SQLITE_FILE);
  if (opts.create === false) {
    if (!existsSync(file)) throw new MissingLedgerError(`no ledger at ${file} (check --state-dir)`);
  } else {
    ownerOnlySqlite(file, stateDir);
  }
  const raw = new Database(file, { fileMustExist: true });
  raw.pragma("journal_mode = WAL");
  raw.pragma("busy_timeout = 5000");
  raw.pragma("foreign_keys = ON");
  return { db: new SqliteDb(raw), file };
}
