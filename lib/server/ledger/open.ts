/** Opens a ledger from its configuration and brings its schema up to date. */
import "server-only";
import type { LedgerConfig } from "./config";
import { migrate } from "./migrations";
import { openPostgres, redactUrl } from "./postgres";
import { openSqlite } from "./sqlite";
import { SqlLedger, type LedgerStore } from "./store";

export async function openLedger(config: LedgerConfig): Promise<LedgerStore> {
  if (config.kind === "postgres") {
    const db = openPostgres(config.url);
    try {
      await migrate(db);
    } catch (err) {
      await db.close().catch(() => {});
      throw err;
    }
    return new SqlLedger(db, redactUrl(config.url));
  }
  const { db, file } = openSqlite(config.stateDir);
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return new SqlLedger(db, file);
}
