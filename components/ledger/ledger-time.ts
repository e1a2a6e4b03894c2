/** A ledger timestamp (ISO 8601) as the panel and the history show it: date and time to the second. */
export const ledgerTime = (iso: string) => iso.replace("T", " ").slice(0, 19);
