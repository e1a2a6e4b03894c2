/**
 * Live ledger changes, including those of other instances sharing the database: one poll of the
 * global revision counter per process (a single-row read, every second while a page listens),
 * fanned out to every subscriber.
 */
import "server-only";
import type { LedgerStore } from "./store";

export const POLL_MS = 1000;

type Listener = (revision: number) => void;

class RevisionWatch {
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private last = -1;
  private busy = false;

  constructor(private readonly ledger: LedgerStore) {}

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    if (!this.timer) {
      this.timer = setInterval(() => void this.poll(), POLL_MS);
      this.timer.unref?.();
    }
    return () => {
      this.listeners.delete(fn);
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  private async poll(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const rev = await this.ledger.revision();
      if (rev !== this.last) {
        const first = this.last === -1;
        this.last = rev;
        if (!first) for (const fn of this.listeners) fn(rev);
      }
    } catch {
      // The database is briefly unreachable: try again on the next tick.
    } finally {
      this.busy = false;
    }
  }
}

const watches = new WeakMap<LedgerStore, RevisionWatch>();

export function watchRevision(ledger: LedgerStore, fn: Listener): () => void {
  let w = watches.get(ledger);
  if (!w) watches.set(ledger, (w = new RevisionWatch(ledger)));
  return w.subscribe(fn);
}
