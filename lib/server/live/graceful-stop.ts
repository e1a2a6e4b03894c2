/**
 * A graceful stop (SIGINT from Ctrl-C, SIGTERM from a service manager) writes what is waiting to be
 * written (the index cache's runs, runs-list items and trend facts) before the process ends, in one
 * synchronous go: a restart then finds them, instead of reading those runs again. Next's own
 * handlers end the process after ours; alone (the CLI, a script), the signal is raised again once
 * ours is done, so that the process ends as it would have.
 */
import "server-only";
import { markStopping } from "../stopping";

const KEY = Symbol.for("voice-eval-dashboard.graceful-stop");
type Holder = { [KEY]?: Set<() => void> };

/** The writers run at a graceful stop, its handlers installed on first use (once per process). */
function writersAtStop(): Set<() => void> {
  const holder = globalThis as Holder;
  let writers = holder[KEY];
  if (!writers) {
    const all = new Set<() => void>();
    writers = holder[KEY] = all;
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      const handler = () => {
        // Long views in flight give up first: Next's own stop waits for them.
        markStopping(signal);
        for (const w of [...all]) {
          try {
            w();
          } catch (error) {
            console.error(`[voice-eval-dashboard] writing at ${signal}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        all.clear();
        process.removeListener(signal, handler);
        // No one else ends the process on this signal: end it as the default action would.
        if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      };
      process.on(signal, handler);
    }
  }
  return writers;
}

/** A graceful stop marks `stoppingSignal` (long views give up) whether or not anything waits to be written. */
export function watchGracefulStop(): void {
  writersAtStop();
}

/** `write` runs once at a graceful stop; returns a function that forgets it (a store that closes). */
export function onGracefulStop(write: () => void): () => void {
  const mine = writersAtStop();
  mine.add(write);
  return () => void mine.delete(write);
}
