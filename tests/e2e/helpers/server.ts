import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = fileURLToPath(new URL("../../../bin/voice-eval-dashboard.mjs", import.meta.url));
const READY_TIMEOUT_MS = 60_000;

/** What `/api/health` says, as far as the tests read it. */
export interface Health {
  version: number;
  listeners: number;
  indexing: unknown;
  /** The watcher is up and its catch-up audit is done. */
  watching: boolean;
  rssMb: number;
  /** The first scan, once done; `finishedAt`: when, by the server's clock (epoch ms). */
  scan: { threads: number; read: number; reused: number; ms: number; finishedAt: number; snapshotWritten: number | null } | null;
}

export interface Dashboard {
  url: string;
  /** The command's process (its `next start` child is in the same process group). */
  pid: number;
  stop(): Promise<void>;
  health(): Promise<Health>;
  /** Everything the process printed so far. */
  output(): string;
}

/** Asks the OS for a port that is free right now on 127.0.0.1. */
async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, "127.0.0.1");
  await once(srv, "listening");
  const addr = srv.address();
  srv.close();
  if (addr === null || typeof addr === "string") throw new Error("no port");
  return addr.port;
}

/**
 * Starts the real CLI (`bin/voice-eval-dashboard.mjs`) on `resultsDir` and
 * resolves once `GET /` answers 200. `stop()` ends the whole process group
 * (the bin and its `next start` child).
 */
export async function startDashboard(resultsDir: string, env: Record<string, string> = {}, args: string[] = []): Promise<Dashboard> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  // `args` come last: `--host 0.0.0.0` there binds every interface (the URL stays the loopback one).
  const child = spawn(process.execPath, [BIN, resultsDir, "--port", String(port), "--host", "127.0.0.1", ...args], {
    cwd: ROOT,
    detached: true, // own process group, so stop() reaches next-server too
    stdio: ["ignore", "pipe", "pipe"],
    // Each server gets its own triage ledger unless the test passes one (never the user's state folder).
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", VOICE_EVAL_STATE_DIR: mkdtempSync(join(tmpdir(), "ved-e2e-state-")), VOICE_EVAL_DATABASE: "", ...env },
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  let exited = false;
  child.on("exit", () => (exited = true));

  const stop = async () => {
    if (exited || child.pid === undefined) return;
    const gone = once(child, "exit");
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return; // already gone
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 5_000);
    await gone;
    clearTimeout(timer);
  };

  const health = async () => (await (await fetch(new URL("/api/health", url))).json()) as Health;

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`dashboard exited before it was ready:\n${output}`);
    try {
      const res = await fetch(url);
      // With an access token set, the server answers 401 until one is given.
      if (res.status === 200 || (env.VOICE_EVAL_TOKEN && res.status === 401)) return { url, pid: child.pid!, stop, health, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`dashboard not ready at ${url} after ${READY_TIMEOUT_MS} ms:\n${output}`);
}
