/** A store as the tests start one: no watcher, its first scan done and what follows it settled (the audit, the index cache's write). */
import { join } from "node:path";
import { createStore, type Store } from "@/lib/server/live/store";
import { within } from "./wait";

/** `state`: the state folder whose `index-cache.sqlite` the store uses, or `null` for none. */
export async function settledStore(root: string, state: string | null): Promise<Store> {
  const store = createStore(root, { watch: false, cacheFile: state && join(state, "index-cache.sqlite") });
  await within(store.scanned, 30_000, "the scan");
  await within(store.scan!.settled, 30_000, "the audit and the cache's write");
  return store;
}
