/**
 * The two ledger backends the same tests run against: SQLite in a temp folder, and a real PostgreSQL
 * server named by VOICE_EVAL_TEST_PG_URL (each suite gets its own schema). No Postgres URL is a
 * failure, never a skip: .ci/run starts a server and sets the variable.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { migrate } from "@/lib/server/ledger/migrations";
import { openPostgres } from "@/lib/server/ledger/postgres";
import type { SqlDb } from "@/lib/server/ledger/sql";
import { openSqlite } from "@/lib/server/ledger/sqlite";
import { SqlLedger, type LedgerStore } from "@/lib/server/ledger/store";

export interface Backend {
  name: "sqlite" | "postgres";
  /** A fresh, empty database; `connect()` opens another connection to the same one (a second instance). */
  create(): Promise<{ ledger: LedgerStore; db: SqlDb; connect: () => Promise<{ ledger: LedgerStore; db: SqlDb }>; dispose: () => Promise<void> }>;
}

export const PG_ENV = "VOICE_EVAL_TEST_PG_URL";

export function pgUrl(): string {
  const url = process.env[PG_ENV];
  if (!url) {
    throw new Error(
      `${PG_ENV} is not set: the ledger tests need a real PostgreSQL server (e.g. postgres://ved:ved@127.0.0.1:5432/ved_ledger_test). ` +
        "`npm test` starts a throwaway server itself (scripts/test.mjs); to run vitest alone, start one and export the URL.",
    );
  }
  return url;
}

/** The URL with a search_path, so this suite's tables live in their own schema. */
export function withSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

type Connection = { ledger: LedgerStore; db: SqlDb };

/** The first connection, more on demand (a second instance), and one dispose: close them all, then `cleanup`. */
async function connections(open: () => Promise<Connection>, cleanup: () => Promise<void>): ReturnType<Backend["create"]> {
  const first = await open();
  const others: LedgerStore[] = [];
  return {
    ...first,
    connect: async () => {
      const o = await open();
      others.push(o.ledger);
      return o;
    },
    dispose: async () => {
      for (const l of [first.ledger, ...others]) await l.close().catch(() => {});
      await cleanup();
    },
  };
}

export const sqliteBackend: Backend = {
  name: "sqlite",
  async create() {
    const dir = await mkdtemp(join(tmpdir(), "ved-ledger-"));
    const open = async () => {
      const { db, file } = openSqlite(dir);
      await migrate(db);
      return { ledger: new SqlLedger(db, file), db };
    };
    return connections(open, () => rm(dir, { recursive: true, force: true }));
  },
};

export const postgresBackend: Backend = {
  name: "postgres",
  async create() {
    const base = pgUrl();
    const schema = `ledger_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const url = withSchema(base, schema);
    const open = async () => {
      const db = openPostgres(url);
      await migrate(db);
      return { ledger: new SqlLedger(db, schema), db };
    };
    return connections(open, async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    });
  },
};

export const BACKENDS: Backend[] = [sqliteBackend, postgresBackend];
