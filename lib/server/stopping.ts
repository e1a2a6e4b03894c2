/**
 * Aborted once the process is asked to stop (SIGINT, SIGTERM: `live/graceful-stop.ts` marks it). A
 * long view (a compare of two large runs) checks it between its steps and gives up: Next's graceful
 * stop waits for the requests in flight, so a compare of minutes held the server past its signal
 * (issue 54). Kept on `globalThis`: one per process, whichever bundle asks.
 */
import "server-only";

const KEY = Symbol.for("voice-eval-dashboard.stopping");
type Holder = { [KEY]?: AbortController };

function controller(): AbortController {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= new AbortController());
}

/** Aborted (with the reason) once the process stops. */
export function stoppingSignal(): AbortSignal {
  return controller().signal;
}

/** The process is stopping: every view that checks `stoppingSignal` gives up. */
export function markStopping(reason: string): void {
  controller().abort(new Error(`the server is stopping (${reason})`));
}
