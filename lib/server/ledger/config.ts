/**
 * Where the ledger lives and who writes: `--database` / VOICE_EVAL_DATABASE (PostgreSQL), else a
 * SQLite file in `--state-dir` / VOICE_EVAL_STATE_DIR, by default the user's state folder
 * (`$XDG_STATE_HOME/voice-eval-dashboard/`, else `~/.local/state/voice-eval-dashboard/`). Never
 * inside the results folder.
 */
import "server-only";
import { homedir, userInfo } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { isInside } from "@/lib/server/write-guard";

type Env = Record<string, string | undefined>;

export type LedgerConfig = { kind: "postgres"; url: string } | { kind: "sqlite"; stateDir: string };

export function defaultStateDir(env: Env = process.env): string {
  const xdg = env.XDG_STATE_HOME;
  const base = xdg && isAbsolute(xdg) ? xdg : join(homedir(), ".local", "state");
  return join(base, "voice-eval-dashboard");
}

export class LedgerConfigError extends Error {}

export function ledgerConfig(
  opts: { database?: string | null; stateDir?: string | null; resultsDir?: string | null } = {},
  env: Env = process.env,
): LedgerConfig {
  const database = opts.database ?? env.VOICE_EVAL_DATABASE ?? "";
  if (database) {
    if (!/^postgres(ql)?:\/\//.test(database)) throw new LedgerConfigError("--database must be a postgres:// or postgresql:// URL");
    return { kind: "postgres", url: database };
  }
  const stateDir = resolve(/* turbopackIgnore: true */ opts.stateDir || env.VOICE_EVAL_STATE_DIR || defaultStateDir(env));
  const results = opts.resultsDir ?? env.RESULTS_DIR;
  if (results && isInside(stateDir, results))
    throw new LedgerConfigError(`the state folder ${stateDir} is inside the results folder; the dashboard never writes there`);
  return { kind: "sqlite", stateDir };
}

/** The triager's name: `--user` (VOICE_EVAL_USER, set by the CLI), else the OS user. */
export function triager(env: Env = process.env): string {
  const given = env.VOICE_EVAL_USER?.trim();
  if (given) return given.slice(0, 100);
  try {
    return userInfo().username || "unknown";
  } catch {
    return env.USER || env.USERNAME || "unknown";
  }
}
