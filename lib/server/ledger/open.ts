/** Opens a ledger from its configuration and brings its schema up to date. */
import "server-only";
import type { LedgerConfig } from "./config";
import { migrate } from "./migrations";
import { redactProse } from "@/lib/core/redact";
import { openPostgres } from "./postgres";
import { openSqlite } from "./sqlite";
import { SqlLedger, type LedgerStore } from "./store";

/** `create: false` for reading commands: a SQLite ledger that is not there is an error naming the path. */
export async function openLedger(config: LedgerConfig, opts: { create?: boolean } = {}): Promise<LedgerStore> {
  if (config.kind === "postgres") {
    const db = openPostgres(config.url);
    try {
      await migrate(db);
    } catch (err) {
      await db.close().catch(() => {});
      throw err;
    }
    return new SqlLedger(db, ledgerWhere(config.url));
  }
  const { db, file } = openSqlite(config.stateDir, opts);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return new SqlLedger(db, file);
}

/**
 * Where a PostgreSQL ledger is, as logs and `/api/health` say it: the URL with its secrets out, by
 * the same rules as every other text (`lib/core/redact`): the userinfo, and a password or key given
 * as a query parameter (libpq takes `?password=`).
 */
export function ledgerWhere(url: string): string {
  return redactProse(url);
}
