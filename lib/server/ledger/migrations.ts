/**
 * The ledger's schema as a versioned list of migrations. A migration is never edited once shipped;
 * a change is a new entry. `migrate()` applies the missing ones in order, in one transaction, and
 * records each in `schema_migrations`; several instances starting at once apply each only once.
 */
import "server-only";
import type { Dialect, SqlDb } from "./sql";

export interface Migration {
  version: number;
  name: string;
  sql: Record<Dialect, string>;
}

const TABLES = (id: string) => `
CREATE TABLE ledger_revision (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
INSERT INTO ledger_revision (id, value) VALUES (1, 0);
CREATE TABLE labels (
  run TEXT NOT NULL, scenario TEXT NOT NULL, signal_key TEXT NOT NULL,
  cause TEXT NOT NULL, secondary TEXT, status TEXT NOT NULL, ref TEXT, note TEXT,
  revision INTEGER NOT NULL, updated_by TEXT NOT NULL, updated_at TEXT NOT NULL,
  PRIMARY KEY (run, scenario)
);
CREATE INDEX labels_carry ON labels (scenario, signal_key, updated_at);
CREATE TABLE overrides (
  run TEXT NOT NULL, scenario TEXT NOT NULL, target TEXT NOT NULL, reason TEXT NOT NULL,
  revision INTEGER NOT NULL, updated_by TEXT NOT NULL, updated_at TEXT NOT NULL,
  PRIMARY KEY (run, scenario, target)
);
CREATE TABLE history (
  id ${id}, kind TEXT NOT NULL, run TEXT NOT NULL, scenario TEXT NOT NULL, target TEXT NOT NULL,
  action TEXT NOT NULL, old_value TEXT, new_value TEXT, revision INTEGER NOT NULL,
  author TEXT NOT NULL, at TEXT NOT NULL
);
CREATE INDEX history_item ON history (run, scenario, id);
`;

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: "labels, overrides, history, revision counter",
    sql: {
      sqlite: TABLES("INTEGER PRIMARY KEY AUTOINCREMENT"),
      postgres: TABLES("INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY"),
    },
  },
  {
    version: 2,
    name: "history is append-only",
    sql: {
      sqlite: `
CREATE TRIGGER history_no_update BEFORE UPDATE ON history BEGIN SELECT RAISE(ABORT, 'history is append-only'); END;
CREATE TRIGGER history_no_delete BEFORE DELETE ON history BEGIN SELECT RAISE(ABORT, 'history is append-only'); END;`,
      postgres: `
CREATE FUNCTION ledger_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'history is append-only'; END $$;
CREATE TRIGGER history_append_only BEFORE UPDATE OR DELETE ON history
FOR EACH ROW EXECUTE FUNCTION ledger_history_append_only();`,
    },
  },
];

/** Applies the migrations not yet recorded; returns the versions applied now. */
export async function migrate(db: SqlDb, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  return db.tx(async (t) => {
    // Instances starting together: the second waits here and then finds the work done.
    if (t.dialect === "postgres") await t.all("SELECT pg_advisory_xact_lock(7172026015)");
    await t.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)");
    const done = new Set((await t.all<{ version: number }>("SELECT version FROM schema_migrations")).map((r) => Number(r.version)));
    const known = Math.max(0, ...migrations.map((m) => m.version));
    const newest = Math.max(0, ...done);
    if (newest > known) throw new Error(`the ledger database has schema version ${newest}, newer than this dashboard knows (${known}); upgrade the dashboard`);
    const applied: number[] = [];
    for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(m.version)) continue;
      await t.exec(m.sql[t.dialect]);
      await t.all("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [m.version, m.name, new Date().toISOString()]);
      applied.push(m.version);
    }
    return applied;
  });
}
