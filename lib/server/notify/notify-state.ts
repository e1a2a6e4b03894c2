/**
 * Which runs `--notify` has announced, in the state folder (`notify.sqlite`, beside the index cache,
 * never in the results folder): one row per results folder, run and URL, claimed before the first try,
 * so a run is never sent twice to a URL, across restarts too.
 */
import "server-only";
import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { isInside } from "../write-guard";

export const NOTIFY_FILE = "notify.sqlite";

export function notifyFileOf(stateDir: string): string {
  return join(stateDir, NOTIFY_FILE);
}

export type SendStatus = "sending" | "sent" | "failed";

export class NotifyState {
  readonly #db: InstanceType<typeof Database>;

  constructor(
    readonly file: string,
    private readonly root: string,
  ) {
    if (isInside(file, root)) throw new Error(`the notify state ${file} is inside the results folder; the dashboard never writes there`);
    mkdirSync(dirname(file), { recursive: true });
    this.#db = new Database(file);
    this.#db.pragma("journal_mode = WAL");
    this.#db.pragma("busy_timeout = 2000");
    this.#db.exec(`CREATE TABLE IF NOT EXISTS notified (
      root TEXT NOT NULL, run_id TEXT NOT NULL, url_key TEXT NOT NULL,
      status TEXT NOT NULL, tries INTEGER NOT NULL, error TEXT, at INTEGER NOT NULL,
      PRIMARY KEY (root, run_id, url_key))`);
  }

  /** Claims the run for this URL; false when it was claimed before (sent, failed or being sent). */
  claim(runId: string, urlKey: string): boolean {
    const r = this.#db
      .prepare("INSERT INTO notified (root, run_id, url_key, status, tries, error, at) VALUES (?, ?, ?, 'sending', 0, NULL, ?) ON CONFLICT DO NOTHING")
      .run(this.root, runId, urlKey, Date.now());
    return r.changes === 1;
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
