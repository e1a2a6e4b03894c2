/**
 * Which runs `--notify` has announced, in the state folder (`notify.sqlite`, beside the index cache,
 * never in the results folder, its owner's only): one row per results folder, run and URL, claimed
 * before the first try, so a run is never sent twice to a URL, across restarts too. A claim names
 * the process that holds it: one left `sending` by a process that is gone (Ctrl-C during a backoff,
 * a crash) is taken over by the next start and tried again.
 */
import "server-only";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { dirname, join } from "node:path";
import { ownerOnlyFiles, ownerOnlySqlite } from "../owner-only";
import { isInside } from "../write-guard";

export const NOTIFY_FILE = "notify.sqlite";

export function notifyFileOf(stateDir: string): string {
  return join(stateDir, NOTIFY_FILE);
}

export type SendStatus = "sending" | "sent" | "failed";

/** Whether the process that wrote `owner` (`pid:nonce`) is alive; a claim of an older build (no owner) is not. */
export function ownerAlive(owner: string | null): boolean {
  const pid = Number.parseInt(owner?.split(":")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class NotifyState {
  readonly #db: InstanceType<typeof Database>;
  /** This process's name on its claims. */
  readonly owner = `${process.pid}:${randomUUID()}`;

  constructor(
    readonly file: string,
    private readonly root: string,
  ) {
    if (isInside(file, root)) throw new Error(`the notify state ${file} is inside the results folder; the dashboard never writes there`);
    ownerOnlySqlite(file, dirname(file));
    this.#db = new Database(file);
    this.#db.pragma("journal_mode = WAL");
    this.#db.pragma("busy_timeout = 2000");
    this.#db.exec(`CREATE TABLE IF NOT EXISTS notified (
      root TEXT NOT NULL, run_id TEXT NOT NULL, url_key TEXT NOT NULL,
      status TEXT NOT NULL, tries INTEGER NOT NULL, error TEXT, at INTEGER NOT NULL,
      PRIMARY KEY (root, run_id, url_key))`);
    const columns = this.#db.prepare("PRAGMA table_info(notified)").all() as Array<{ name: string }>;
    if (!columns.some((c) => c.name === "owner")) this.#db.exec("ALTER TABLE notified ADD COLUMN owner TEXT");
    // The database, its WAL and shared memory: 0600 whatever the umask (the WAL files exist once opened in WAL mode).
    ownerOnlyFiles([file, `${file}-wal`, `${file}-shm`]);
  }

  /**
   * Claims the run for this URL: true when it was never claimed, or when its claim was left
   * `sending` by a process that is gone; false when it was sent, failed, or is being sent.
   */
  claim(runId: string, urlKey: string): boolean {
    const r = this.#db
      .prepare(
        "INSERT INTO notified (root, run_id, url_key, status, tries, error, at, owner) VALUES (?, ?, ?, 'sending', 0, NULL, ?, ?) ON CONFLICT DO NOTHING",
      )
      .run(this.root, runId, urlKey, Date.now(), this.owner);
    if (r.changes === 1) return true;
    const row = this.#db.prepare("SELECT status, owner FROM notified WHERE root = ? AND run_id = ? AND url_key = ?").get(this.root, runId, urlKey) as
      { status: SendStatus; owner: string | null } | undefined;
    if (!row || row.status !== "sending" || ownerAlive(row.owner)) return false;
    // Taken over only if no one else took it meanwhile (the owner is still the dead one).
    const took = this.#db
      .prepare("UPDATE notified SET owner = ?, at = ? WHERE root = ? AND run_id = ? AND url_key = ? AND status = 'sending' AND owner IS ?")
      .run(this.owner, Date.now(), this.root, runId, urlKey, row.owner);
    return took.changes === 1;
  }

  /** Claims left `sending` by a process that is gone: run id → URL keys, retried at a start. */
  abandoned(): Map<string, Set<string>> {
    const rows = this.#db.prepare("SELECT run_id, url_key, owner FROM notified WHERE root = ? AND status = 'sending'").all(this.root) as Array<{
      run_id: string;
      url_key: string;
      owner: string | null;
    }>;
    const out = new Map<string, Set<string>>();
    for (const r of rows) if (!ownerAlive(r.owner)) out.set(r.run_id, (out.get(r.run_id) ?? new Set()).add(r.url_key));
    return out;
  }

  record(runId: string, urlKey: string, status: SendStatus, tries: number, error: string | null): void {
    this.#db
      .prepare("UPDATE notified SET status = ?, tries = ?, error = ?, at = ? WHERE root = ? AND run_id = ? AND url_key = ?")
      .run(status, tries, error, Date.now(), this.root, runId, urlKey);
  }

  statusOf(runId: string, urlKey: string): { status: SendStatus; tries: number; error: string | null } | null {
    return (
      (this.#db.prepare("SELECT status, tries, error FROM notified WHERE root = ? AND run_id = ? AND url_key = ?").get(this.root, runId, urlKey) as
        { status: SendStatus; tries: number; error: string | null } | undefined) ?? null
    );
  }

  close(): void {
    this.#db.close();
  }
}
