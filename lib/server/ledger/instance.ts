/**
 * The server's one ledger connection and its per-process CSRF token, kept on `globalThis` (route
 * handlers, server components and instrumentation are separate module instances under Next).
 */
import { randomBytes } from "node:crypto";
import { ledgerConfig } from "./config";
import { openLedger } from "./open";
import type { LedgerStore } from "./store";

interface Holder {
  ledger: Promise<LedgerStore>;
  csrf: string;
}

const KEY = Symbol.for("voice-eval-dashboard.ledger");
type Global = { [KEY]?: Holder };

function holder(): Holder {
  const g = globalThis as Global;
  if (!g[KEY]) {
    const ledger = Promise.resolve().then(() => openLedger(ledgerConfig()));
    ledger.then(
      (l) => console.log(`[voice-eval-dashboard] ledger: ${l.kind} ${l.where}`),
      (err: Error) => console.error(`[voice-eval-dashboard] ledger unavailable: ${err.message}`),
    );
    g[KEY] = { ledger, csrf: randomBytes(24).toString("base64url") };
  }
  return g[KEY];
}

export function getLedger(): Promise<LedgerStore> {
  return holder().ledger;
}

/** The token a page embeds and every ledger write must send back in `x-ledger-csrf`. */
export function csrfToken(): string {
  return holder().csrf;
}

/** Replaces the ledger (tests). */
export function setLedgerForTests(ledger: LedgerStore, csrf = "test-csrf"): void {
  (globalThis as Global)[KEY] = { ledger: Promise.resolve(ledger), csrf };
}
