/**
 * The server's one ledger connection and its per-process CSRF token, kept on `globalThis` (route
 * handlers, server components and instrumentation are separate module instances under Next). A
 * ledger that failed to open (PostgreSQL down at start) is tried again on a later request.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { ledgerConfig } from "./config";
import { openLedger } from "./open";
import type { LedgerStore } from "./store";

const RETRY_MS = 5000;

interface Holder {
  ledger: Promise<LedgerStore> | null;
  failedAt: number;
  csrf: string;
}

const KEY = Symbol.for("voice-eval-dashboard.ledger");
type Global = { [KEY]?: Holder };

function holder(): Holder {
  const g = globalThis as Global;
  g[KEY] ??= { ledger: null, failedAt: 0, csrf: randomBytes(24).toString("base64url") };
  return g[KEY];
}

function open(h: Holder): Promise<LedgerStore> {
  const ledger = Promise.resolve().then(() => openLedger(ledgerConfig()));
  h.ledger = ledger;
  ledger.then(
    (l) => console.log(`[voice-eval-dashboard] ledger: ${l.kind} ${l.where}`),
    (err: Error) => {
      h.failedAt = Date.now();
      console.error(`[voice-eval-dashboard] ledger unavailable: ${err.message}`);
    },
  );
  return ledger;
}

export function getLedger(): Promise<LedgerStore> {
  const h = holder();
  if (!h.ledger || (h.failedAt > 0 && Date.now() - h.failedAt > RETRY_MS)) {
    h.failedAt = 0;
    return open(h);
  }
  return h.ledger;
}

/** The token a page embeds and every ledger write must send back in `x-ledger-csrf`. */
export function csrfToken(): string {
  return holder().csrf;
}
