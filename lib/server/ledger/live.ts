/**
 * Live ledger changes, including those of other instances sharing the database: one poll of the
 * global revision counter per process (a single-row read, every second while a page listens),
 * fanned out to every subscriber.
 */
import "server-only";
import type { LedgerStore } from "./store";
import { processCaches } from "../process-caches";

export const POLL_MS = 1000;

type Listener = (revision: number) => void;

class RevisionWatch {
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setInterval> | null = null;
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
      // Every subscriber hears every poll and filters on its own baseline (see `watchRevision`).
      const rev = await this.ledger.revision();
      for (const fn of this.listeners) fn(rev);
    } catch {
      // The database is briefly unreachable: try again on the next tick.
    } finally {
      this.busy = false;
    }
  }
}

const watches = () => processCaches().weak<LedgerStore, RevisionWatch>("ledger-watches");

/**
 * Calls `fn` whenever the revision differs from the last one this subscriber saw, starting from
 * `since` (the revision its stream's `hello` carried). Each subscriber keeps its own baseline: a
 * write between its `hello` and the watch's next poll is announced to it, never taken as a baseline.
 */
export function watchRevision(ledger: LedgerStore, since: number, fn: Listener): () => void {
  let w = watches().get(ledger);
  if (!w) watches().set(ledger, (w = new RevisionWatch(ledger)));
  let seen = since;
  return w.subscribe((revision) => {
    if (revision === seen) return;
    seen = revision;
    fn(revision);
  });
}
