/** What the MCP server's tools read and write: the one index (the pages' store) and the triage ledger. */
import "server-only";
import type { LedgerStore } from "../ledger/store";
import type { Store } from "../live/store";

export interface McpContext {
  store: Store;
  /** The triage ledger, opened on first use: a tool that does not need it never waits for a database. */
  ledger(): Promise<LedgerStore>;
  /** `--allow-writes`: `label_scenario` may write the ledger (and nothing else is ever written). */
  allowWrites: boolean;
  /** The author the ledger's history names for this server's writes. */
  user: string;
}
