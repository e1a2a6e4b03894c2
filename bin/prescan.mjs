// The first scan, ahead of the server (issue 46; see lib/server/live/prescan.ts): while Next boots,
// a worker thread of this command reads what the index cache lacks into it; its progress, its runs
// list (sent before the cache is written: the server shows it while it loads the index) and its
// report go to the server over a pipe (fd 3 of the server's process), and the server starts from the
// cache. The worker then writes the trend facts and the runs' states, says `done` down the pipe (the
// server's background work that needs them waits for it) and ends. Whatever goes wrong here, the pipe
// closes and the server reads the folder itself.
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";

/** The thread's entry: it loads the compiled scan with V8's code cache, runs it and says `done`. */
const THREAD = fileURLToPath(new URL("./prescan-thread.cjs", import.meta.url));

/** The file descriptor the pipe has in the server's process (its stdio's fourth entry). */
export const PRESCAN_FD = 3;
/** Progress is printed every this many scenarios, as the server prints its own scan's. */
const PRINT_EVERY = 500;

const log = (line) => console.log(`[voice-eval-dashboard] ${line}`);

/**
 * Starts the scan of `resultsDir` on a worker thread (`script`: the compiled prescan-worker) with the
 * server's environment; `null` when it cannot start. `attach(pipe)` gives it the server's end.
 */
export function startPrescan(script, resultsDir, env) {
  let worker;
  try {
    worker = new Worker(THREAD, { workerData: { bundle: script, root: resultsDir }, env, stdout: false, stderr: false });
  } catch (err) {
    console.error(`voice-eval-dashboard: the first scan could not start here (${err.message}); the server reads the folder itself`);
    return null;
  }
  const started = performance.now();
  let printed = 0;
  let pipe = null;
  let ended = false;
  let reported = false;
  const lines = [];
  const send = (message) => {
    if (ended) return;
    const line = `${JSON.stringify(message)}\n`;
    if (pipe) pipe.write(line);
    else lines.push(line);
  };
  /** The server's end: nothing more to tell it. */
  const end = () => {
    if (ended) return;
    ended = true;
    pipe?.end();
  };
  const stop = () => {
    end();
    void worker.terminate();
  };
  worker.on("message", (message) => {
    if (!message || typeof message !== "object") return;
    if ("progress" in message) {
      const { done, total } = message.progress;
      send(message);
      if (done - printed >= PRINT_EVERY || (done === total && done > printed)) {
        printed = done;
        log(`indexing ${done}/${total} scenarios`);
      }
    } else if ("list" in message && !reported) {
      // The runs list, every run read: the server shows it while it loads the index.
      send(message);
    } else if ("report" in message && !reported) {
      reported = true;
      const { report } = message;
      if (report.ok)
        log(
          `read ${report.read} scenario folder(s) into the index cache in ${Math.round(performance.now() - started)} ms while the server started (${report.reused} were in it)`,
        );
      else log(`the first scan could not fill the index cache (${report.problem}): the server reads the folder itself`);
      send(message);
    } else if ("done" in message) {
      send(message);
      stop();
    }
  });
  worker.on("error", (err) => {
    if (!ended) console.error(`voice-eval-dashboard: the first scan failed here (${err.message}); the server reads the folder itself`);
    stop();
  });
  // A worker that ends without its report (it could not load): the server reads the folder itself.
  worker.on("exit", end);
  const exited = new Promise((resolve) => worker.once("exit", () => resolve()));
  return {
    /** Resolves once the worker is gone (the states written, or given up). */
    exited,
    attach(serverEnd) {
      pipe = serverEnd;
      // The server may be gone (a failed start): nothing to tell it.
      pipe.on("error", () => {});
      for (const line of lines.splice(0)) pipe.write(line);
      if (ended) pipe.end();
    },
    stop,
  };
}
