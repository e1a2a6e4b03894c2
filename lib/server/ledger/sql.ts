/**
 * The little SQL surface the ledger needs, implemented once per driver (sqlite.ts, postgres.ts).
 * Statements are written with `?` placeholders; the PostgreSQL side numbers them.
 */
import "server-only";

export type Dialect = "sqlite" | "postgres";
export type SqlValue = string | number | null;

export interface SqlDb {
  readonly dialect: Dialect;
  /** Rows of a query (or of a statement with RETURNING); `[]` for other statements. */
  all<T = Record<string, unknown>>(sql: string, params?: SqlValue[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction that holds the write lock from its first statement; rolls back on a throw. */
  tx<T>(fn: (db: SqlDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
