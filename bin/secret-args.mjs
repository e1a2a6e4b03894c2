// Secrets the server needs (the access token, a --database URL with its password, --notify URLs)
// given so that other local users cannot read them in the process list: from a file or an
// environment variable as well as from the command line (issue 54). The command hands them to the
// server in its environment, which only the same user can read.
import { readFileSync, statSync } from "node:fs";

/** A file's text, for `flag`; a warning when others may read it (then the secret is not one). */
function fromFile(flag, file, warn) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new Error(`${flag}: cannot read ${file} (${err.code ?? err.message})`);
  }
  try {
    if ((statSync(file).mode & 0o077) !== 0) warn(`${flag} ${file} can be read by other users: chmod 600 it`);
  } catch {
    // read above; a race is only a missed warning
  }
  return text;
}

/** Lines that are not blank or `#` comments. */
const lines = (text) =>
  text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith("#"));

/**
 * The token, database URL and notify URLs from the command line (`--token`, `--database`,
 * `--notify`), files (`--token-file`, `--database-file`, `--notify-file`: one URL a line) and the
 * environment (`VOICE_EVAL_TOKEN`, `VOICE_EVAL_DATABASE` or `VOICE_EVAL_DATABASE_URL`,
 * `VOICE_EVAL_NOTIFY_URLS`: URLs separated by white space). A flag wins over its file, a file over
 * the environment; notify URLs from all three are used together. Throws with a message on a bad file.
 */
export function secretArgs(values, env = process.env, warn = () => {}) {
  const tokenFile = values["token-file"];
  let token = values.token;
  if (token === undefined && tokenFile !== undefined) {
    token = fromFile("--token-file", tokenFile, warn).trim();
    if (!token) throw new Error(`--token-file: ${tokenFile} is empty`);
  }
  token ??= env.VOICE_EVAL_TOKEN || undefined;
  const databaseFile = values["database-file"];
  let database = values.database;
  if (database === undefined && databaseFile !== undefined) {
    database = fromFile("--database-file", databaseFile, warn).trim();
    if (!database) throw new Error(`--database-file: ${databaseFile} is empty`);
  }
  database ??= env.VOICE_EVAL_DATABASE || env.VOICE_EVAL_DATABASE_URL || undefined;
  const notify = [
    ...(values.notify ?? []),
    ...(values["notify-file"] ?? []).flatMap((f) => lines(fromFile("--notify-file", f, warn))),
    ...(env.VOICE_EVAL_NOTIFY_URLS ?? "").split(/\s+/).filter(Boolean),
  ];
  return { token, database, notify };
}
