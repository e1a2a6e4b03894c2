/**
 * The ledger over any SqlDb: labels, judge overrides, their append-only history, carried-over
 * suggestions. Every write runs in one transaction that first bumps the global revision (which
 * serializes writers across instances), then reads the current row, writes the new one with its
 * revision + 1 and appends a history entry (who, when, old → new). The latest write wins; a writer
 * that based its edit on an older revision is told so (`conflict`).
 */
import "server-only";
import type { Cause, HistoryEntry, Label, LabelFields, Override, OverrideTarget, Status, WriteResult } from "@/lib/shared/ledger";
import type { Dialect, SqlDb } from "./sql";

export interface LabelKey {
  run: string;
  scenario: string;
  signalKey: string;
}

/**
 * Who writes a row: `baseRevision`, the revision the writer saw (0: no row; omitted, no conflict is
 * reported); an import (`action: "import"`) keeps its record's author as `importedFrom`, the row's
 * `updatedBy` (`author`, the importing user, is the history's).
 */
export interface Writer {
  author: string;
  baseRevision?: number;
  action?: "set" | "import";
  importedFrom?: string;
}

export interface LedgerStore {
  readonly kind: Dialect;
  /** Where the data lives, for logs (a file path, or the URL without its password). */
  readonly where: string;
  /** Bumped by every write of any instance sharing the database. */
  revision(): Promise<number>;
  getLabel(run: string, scenario: string): Promise<Label | null>;
  listLabels(filter?: { run?: string }): Promise<Label[]>;
  setLabel(key: LabelKey, fields: LabelFields, by: Writer): Promise<WriteResult<Label>>;
  deleteLabel(run: string, scenario: string, author: string): Promise<boolean>;
  listOverrides(filter?: { run?: string; scenario?: string }): Promise<Override[]>;
  setOverride(run: string, scenario: string, target: OverrideTarget, reason: string, by: Writer): Promise<WriteResult<Override>>;
  deleteOverride(run: string, scenario: string, target: OverrideTarget, author: string): Promise<boolean>;
  history(run: string, scenario: string): Promise<HistoryEntry[]>;
  /** The newest label of `scenario` with the same failing signals in another run. */
  carried(scenario: string, signalKey: string, exceptRun: string): Promise<Label | null>;
  close(): Promise<void>;
}

interface LabelRow {
  run: string;
  scenario: string;
  signal_key: string;
  cause: string;
  secondary: string | null;
  status: string;
  ref: string | null;
  note: string | null;
  revision: number;
  updated_by: string;
  updated_at: string;
}

interface OverrideRow {
  run: string;
  scenario: string;
  target: string;
  reason: string;
  revision: number;
  updated_by: string;
  updated_at: string;
}

interface HistoryRow {
  id: number;
  kind: string;
  run: string;
  scenario: string;
  target: string;
  action: string;
  old_value: string | null;
  new_value: string | null;
  revision: number;
  author: string;
  at: string;
}

const LABEL_COLS = "run, scenario, signal_key, cause, secondary, status, ref, note, revision, updated_by, updated_at";
const OVERRIDE_COLS = "run, scenario, target, reason, revision, updated_by, updated_at";

function toLabel(r: LabelRow): Label {
  return {
    run: r.run,
    scenario: r.scenario,
    signalKey: r.signal_key,
    cause: r.cause as Cause,
    secondary: (r.secondary as Cause | null) ?? null,
    status: r.status as Status,
    ref: r.ref ?? null,
    note: r.note ?? null,
    revision: Number(r.revision),
    updatedBy: r.updated_by,
    updatedAt: r.updated_at,
  };
}

function toOverride(r: OverrideRow): Override {
  return {
    run: r.run,
    scenario: r.scenario,
    target: r.target as OverrideTarget,
    reason: r.reason,
    revision: Number(r.revision),
    updatedBy: r.updated_by,
    updatedAt: r.updated_at,
  };
}

function parse(v: string | null): Record<string, unknown> | null {
  return v === null ? null : (JSON.parse(v) as Record<string, unknown>);
}

/** An import's record author: the row it wrote keeps the file's `updated_by`. */
function importedFromOf(v: Record<string, unknown> | null): string | null {
  return typeof v?.updatedBy === "string" ? v.updatedBy : null;
}

function toHistory(r: HistoryRow): HistoryEntry {
  return {
    id: Number(r.id),
    kind: r.kind as HistoryEntry["kind"],
    run: r.run,
    scenario: r.scenario,
    target: r.target,
    action: r.action as HistoryEntry["action"],
    old: parse(r.old_value),
    new: parse(r.new_value),
    revision: Number(r.revision),
    author: r.author,
    at: r.at,
    ...(r.action === "import" ? { importedFrom: importedFromOf(parse(r.new_value)) } : {}),
  };
}

/** Timestamps that sort as text and never repeat within a process (ms resolution plus a counter). */
let lastStamp = "";
function now(): string {
  let t = new Date().toISOString();
  if (t <= lastStamp) t = new Date(Date.parse(lastStamp) + 1).toISOString();
  lastStamp = t;
  return t;
}

function conflictOf(existing: Stamp | null, base: number | undefined): WriteResult<unknown>["conflict"] {
  if (base === undefined) return null;
  const stored = existing?.revision ?? 0;
  if (stored === base || !existing) return null;
  return { previousBy: existing.updatedBy, previousAt: existing.updatedAt, previousRevision: existing.revision };
}

type Stamp = { revision: number; updatedBy: string; updatedAt: string };

/** One row of a ledger table: its kind in the history, its key there, and where and how it is stored. */
interface RowRef<R, V> {
  kind: HistoryEntry["kind"];
  key: { run: string; scenario: string; target: string };
  table: string;
  cols: string;
  where: { sql: string; params: string[] };
  toValue: (row: R) => V;
}

function labelRow(run: string, scenario: string): RowRef<LabelRow, Label> {
  const where = { sql: "run = ? AND scenario = ?", params: [run, scenario] };
  return { kind: "label", key: { run, scenario, target: "" }, table: "labels", cols: LABEL_COLS, where, toValue: toLabel };
}

function overrideRow(run: string, scenario: string, target: OverrideTarget): RowRef<OverrideRow, Override> {
  const where = { sql: "run = ? AND scenario = ? AND target = ?", params: [run, scenario, target] };
  return { kind: "override", key: { run, scenario, target }, table: "overrides", cols: OVERRIDE_COLS, where, toValue: toOverride };
}

export class SqlLedger implements LedgerStore {
  readonly kind: Dialect;

  constructor(
    private readonly db: SqlDb,
    readonly where: string,
  ) {
    this.kind = db.dialect;
  }

  private lock(): string {
    return this.db.dialect === "postgres" ? " FOR UPDATE" : "";
  }

  /** First statement of every write: takes the writers' lock and returns the new global revision. */
  private async bump(t: SqlDb): Promise<number> {
    const rows = await t.all<{ value: number }>("UPDATE ledger_revision SET value = value + 1 WHERE id = 1 RETURNING value");
    return Number(rows[0]?.value);
  }

  /** Records one write in the history: what the row was (`old`) and is (`value`; null once deleted). */
  private async recordChange(
    t: SqlDb,
    kind: HistoryEntry["kind"],
    key: { run: string; scenario: string; target: string },
    action: HistoryEntry["action"],
    old: { revision: number } | null,
    value: { revision: number } | null,
    author: string,
    at: string,
  ): Promise<void> {
    await this.append(t, {
      kind,
      ...key,
      action,
      old: old as unknown as Record<string, unknown> | null,
      new: value as unknown as Record<string, unknown> | null,
      revision: value?.revision ?? (old?.revision ?? 0) + 1,
      author,
      at,
    });
  }

  /** In a write's transaction: takes the writers' lock, then reads the row as it is (locked). */
  private async locked<R, V>(t: SqlDb, row: RowRef<R, V>): Promise<V | null> {
    await this.bump(t);
    const before = (await t.all<R>(`SELECT ${row.cols} FROM ${row.table} WHERE ${row.where.sql}${this.lock()}`, row.where.params))[0];
    return before ? row.toValue(before) : null;
  }

  /** Writes the row (`write` is given its next revision and stamp) and records it; a writer who saw an older revision is told so. */
  private async writeRow<R, V extends Stamp>(row: RowRef<R, V>, by: Writer, write: (t: SqlDb, stamp: Stamp) => Promise<V>): Promise<WriteResult<V>> {
    return this.db.tx(async (t) => {
      const old = await this.locked(t, row);
      const value = await write(t, { revision: (old?.revision ?? 0) + 1, updatedBy: by.importedFrom ?? by.author, updatedAt: now() });
      await this.recordChange(t, row.kind, row.key, by.action ?? "set", old, value, by.author, value.updatedAt);
      return { value, conflict: conflictOf(old, by.baseRevision) };
    });
  }

  /** Deletes the row and records it; false when there was none. */
  private async deleteRow<R, V extends Stamp>(row: RowRef<R, V>, author: string): Promise<boolean> {
    return this.db.tx(async (t) => {
      const old = await this.locked(t, row);
      if (!old) return false;
      await t.all(`DELETE FROM ${row.table} WHERE ${row.where.sql}`, row.where.params);
      await this.recordChange(t, row.kind, row.key, "delete", old, null, author, now());
      return true;
    });
  }

  private async append(t: SqlDb, e: Omit<HistoryEntry, "id">): Promise<void> {
    await t.all("INSERT INTO history (kind, run, scenario, target, action, old_value, new_value, revision, author, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
      e.kind,
      e.run,
      e.scenario,
      e.target,
      e.action,
      e.old === null ? null : JSON.stringify(e.old),
      e.new === null ? null : JSON.stringify(e.new),
      e.revision,
      e.author,
      e.at,
    ]);
  }

  async revision(): Promise<number> {
    const rows = await this.db.all<{ value: number }>("SELECT value FROM ledger_revision WHERE id = 1");
    return Number(rows[0]?.value ?? 0);
  }

  async getLabel(run: string, scenario: string): Promise<Label | null> {
    const rows = await this.db.all<LabelRow>(`SELECT ${LABEL_COLS} FROM labels WHERE run = ? AND scenario = ?`, [run, scenario]);
    return rows[0] ? toLabel(rows[0]) : null;
  }

  async listLabels(filter: { run?: string } = {}): Promise<Label[]> {
    const rows =
      filter.run === undefined
        ? await this.db.all<LabelRow>(`SELECT ${LABEL_COLS} FROM labels ORDER BY run, scenario`)
        : await this.db.all<LabelRow>(`SELECT ${LABEL_COLS} FROM labels WHERE run = ? ORDER BY scenario`, [filter.run]);
    return rows.map(toLabel);
  }

  async setLabel(key: LabelKey, fields: LabelFields, by: Writer): Promise<WriteResult<Label>> {
    return this.writeRow(labelRow(key.run, key.scenario), by, async (t, stamp) => {
      const label: Label = { ...key, ...fields, ...stamp };
      await t.all(
        `INSERT INTO labels (${LABEL_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (run, scenario) DO UPDATE SET signal_key = excluded.signal_key, cause = excluded.cause, secondary = excluded.secondary,
           status = excluded.status, ref = excluded.ref, note = excluded.note, revision = excluded.revision,
           updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [
          label.run,
          label.scenario,
          label.signalKey,
          label.cause,
          label.secondary,
          label.status,
          label.ref,
          label.note,
          label.revision,
          label.updatedBy,
          label.updatedAt,
        ],
      );
      return label;
    });
  }

  async deleteLabel(run: string, scenario: string, author: string): Promise<boolean> {
    return this.deleteRow(labelRow(run, scenario), author);
  }

  async listOverrides(filter: { run?: string; scenario?: string } = {}): Promise<Override[]> {
    const where: string[] = [];
    const params: string[] = [];
    if (filter.run !== undefined) {
      where.push("run = ?");
      params.push(filter.run);
    }
    if (filter.scenario !== undefined) {
      where.push("scenario = ?");
      params.push(filter.scenario);
    }
    const sql = `SELECT ${OVERRIDE_COLS} FROM overrides${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY run, scenario, target`;
    return (await this.db.all<OverrideRow>(sql, params)).map(toOverride);
  }

  async setOverride(run: string, scenario: string, target: OverrideTarget, reason: string, by: Writer): Promise<WriteResult<Override>> {
    return this.writeRow(overrideRow(run, scenario, target), by, async (t, stamp) => {
      const value: Override = { run, scenario, target, reason, ...stamp };
      await t.all(
        `INSERT INTO overrides (${OVERRIDE_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (run, scenario, target) DO UPDATE SET reason = excluded.reason, revision = excluded.revision,
           updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [run, scenario, target, reason, value.revision, value.updatedBy, value.updatedAt],
      );
      return value;
    });
  }

  async deleteOverride(run: string, scenario: string, target: OverrideTarget, author: string): Promise<boolean> {
    return this.deleteRow(overrideRow(run, scenario, target), author);
  }

  async history(run: string, scenario: string): Promise<HistoryEntry[]> {
    const rows = await this.db.all<HistoryRow>(
      "SELECT id, kind, run, scenario, target, action, old_value, new_value, revision, author, at FROM history WHERE run = ? AND scenario = ? ORDER BY id",
      [run, scenario],
    );
    return rows.map(toHistory);
  }

  async carried(scenario: string, signalKey: string, exceptRun: string): Promise<Label | null> {
    const rows = await this.db.all<LabelRow>(
      `SELECT ${LABEL_COLS} FROM labels WHERE scenario = ? AND signal_key = ? AND run <> ? ORDER BY updated_at DESC, run DESC LIMIT 1`,
      [scenario, signalKey, exceptRun],
    );
    return rows[0] ? toLabel(rows[0]) : null;
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
