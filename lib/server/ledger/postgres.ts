/** The team ledger: the same schema in PostgreSQL (`--database postgres://…`), via node-postgres. */
import "server-only";
import pg from "pg";
import type { SqlDb, SqlValue } from "./sql";

/** `?` placeholders to `$1…$n` (the ledger's statements hold no `?` inside literals). */
export function numbered(sql: string): string {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
}

interface Queryable {
  query(sql: string, params?: SqlValue[]): Promise<{ rows: unknown[] }>;
}

class PgDb implements SqlDb {
  readonly dialect = "postgres" as const;
  constructor(
    private readonly target: Queryable,
    private readonly pool: pg.Pool | null,
  ) {}

  async all<T>(sql: string, params: SqlValue[] = []): Promise<T[]> {
    return (await this.target.query(numbered(sql), params)).rows as T[];
  }

  async exec(sql: string): Promise<void> {
    await this.target.query(sql);
  }

  async tx<T>(fn: (db: SqlDb) => Promise<T>): Promise<T> {
    if (!this.pool) return fn(this);
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const out = await fn(new PgDb(client, null));
      await client.query("COMMIT");
      return out;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }
}

export function openPostgres(url: string): SqlDb {
  const pool = new pg.Pool({ connectionString: url, max: 5, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the server; the next query reconnects.
  pool.on("error", (err) => console.error(`[voice-eval-dashboard] ledger database: ${err.message}`));
  return new PgDb(pool, pool);
}
