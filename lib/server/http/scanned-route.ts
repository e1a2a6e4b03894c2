/**
 * The route handlers' shared shape: the process's store, once its first scan is done (a run id is
 * only known once the scan has found it), handed to the handler in lib/server/http.
 */
import "server-only";
import { getStore, type Store } from "../live/store";

export function scannedRoute(handle: (store: Store, request: Request) => Response | Promise<Response>): (request: Request) => Promise<Response> {
  return async (request) => {
    const store = getStore();
    await store.scanned;
    return handle(store, request);
  };
}
