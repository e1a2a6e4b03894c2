/** The carried-over suggestion: an earlier run's label of the same scenario failing the same way. */
import "server-only";
import { CAUSE_LABEL, STATUS_LABEL, type Label, type Suggestion } from "@/lib/shared/ledger";
import type { LedgerStore } from "./store";

export function suggestionText(l: Label): string {
  const ref = l.ref ? (/^\d+$/.test(l.ref) ? ` #${l.ref}` : ` ${l.ref}`) : "";
  const status = l.status === "known-issue" ? `, known issue${ref}` : `, ${STATUS_LABEL[l.status].toLowerCase()}${ref}`;
  return `labelled ${CAUSE_LABEL[l.cause]} in ${l.run} on ${l.updatedAt.slice(0, 10)} by ${l.updatedBy}${status}`;
}

export async function suggestionFor(ledger: LedgerStore, run: string, scenario: string, key: string, failing: boolean): Promise<Suggestion | null> {
  if (!failing) return null;
  const from = await ledger.carried(scenario, key, run);
  return from ? { from, text: suggestionText(from) } : null;
}
