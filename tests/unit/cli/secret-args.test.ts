/**
 * Issue 54: the server's secrets can be given without the process list showing them: `--token-file`,
 * `--database-file`, `--notify-file` and the environment (`VOICE_EVAL_TOKEN`, `VOICE_EVAL_DATABASE` or
 * `VOICE_EVAL_DATABASE_URL`, `VOICE_EVAL_NOTIFY_URLS`), the flags still first; `--help` says so.
 */
import { spawnSync } from "node:child_process";
import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- plain ESM of the command, without types
import { secretArgs } from "../../../bin/secret-args.mjs";
import { tempDir } from "../../helpers/run-builder";

type Secrets = { token?: string; database?: string; notify: string[] };
const parse = secretArgs as (values: Record<string, unknown>, env?: Record<string, string>, warn?: (w: string) => void) => Secrets;
const BIN = fileURLToPath(new URL("../../../bin/voice-eval-dashboard.mjs", import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await tempDir("ved-secret-args-");
  await writeFile(join(dir, "token"), "tok-from-file\n", { mode: 0o600 });
  await writeFile(join(dir, "db"), "postgres://u:pw@db/ledger\n", { mode: 0o600 });
  await writeFile(join(dir, "hooks"), "# team channel\nhttps://hooks.slack.com/services/T/B/x1\n\nhttps://example.com/hook?k=2\n", { mode: 0o600 });
  await writeFile(join(dir, "open"), "tok-open", { mode: 0o644 });
  await chmod(join(dir, "open"), 0o644);
});

describe("secrets from files and the environment", () => {
  it("reads each from its file, the flag first, the file before the environment", () => {
    const env = {
      VOICE_EVAL_TOKEN: "tok-env",
      VOICE_EVAL_DATABASE_URL: "postgres://env/db",
      VOICE_EVAL_NOTIFY_URLS: "https://a.example/1 https://b.example/2",
    };
    expect(parse({ "token-file": join(dir, "token"), "database-file": join(dir, "db"), "notify-file": [join(dir, "hooks")] }, env)).toEqual({
      token: "tok-from-file",
      database: "postgres://u:pw@db/ledger",
      notify: ["https://hooks.slack.com/services/T/B/x1", "https://example.com/hook?k=2", "https://a.example/1", "https://b.example/2"],
    });
    expect(parse({ token: "tok-flag", "token-file": join(dir, "token") }, env).token).toBe("tok-flag");
    expect(parse({}, env)).toEqual({ token: "tok-env", database: "postgres://env/db", notify: ["https://a.example/1", "https://b.example/2"] });
    expect(parse({}, { VOICE_EVAL_DATABASE: "postgres://old/db", VOICE_EVAL_DATABASE_URL: "postgres://new/db" }).database).toBe("postgres://old/db");
    expect(parse({ notify: ["https://flag.example/x"] }, {}).notify).toEqual(["https://flag.example/x"]);
  });

  it("names a file it cannot read or that is empty, and warns when others may read it", async () => {
    expect(() => parse({ "token-file": join(dir, "missing") }, {})).toThrow(/--token-file: cannot read .*missing \(ENOENT\)/);
    await writeFile(join(dir, "empty"), "\n", { mode: 0o600 });
    expect(() => parse({ "database-file": join(dir, "empty") }, {})).toThrow(/--database-file: .*empty is empty/);
    const warnings: string[] = [];
    expect(parse({ "token-file": join(dir, "open") }, {}, (w) => warnings.push(w)).token).toBe("tok-open");
    expect(warnings).toEqual([`--token-file ${join(dir, "open")} can be read by other users: chmod 600 it`]);
  });

  it("--help names the files and the variables", () => {
    const help = spawnSync(process.execPath, [BIN, "--help"], { encoding: "utf8" }).stdout;
    for (const word of [
      "--token-file",
      "VOICE_EVAL_TOKEN",
      "--database-file",
      "VOICE_EVAL_DATABASE",
      "--notify-file",
      "VOICE_EVAL_NOTIFY_URLS",
      "process list",
    ])
      expect(help).toContain(word);
  });

  it("refuses a --notify URL with credentials at the start, naming its host only", async () => {
    const missing = spawnSync(process.execPath, [BIN, dir, "--notify-file", join(dir, "nothing")], { encoding: "utf8" });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/--notify-file: cannot read/);
    await writeFile(join(dir, "creds"), "https://bob:pw-Qz9@hooks.example.com/services/s3cr3t?token=tokQz\n", { mode: 0o600 });
    const out = spawnSync(process.execPath, [BIN, dir, "--notify-file", join(dir, "creds")], { encoding: "utf8" });
    expect(out.status).toBe(2);
    expect(out.stderr).toContain("--notify https://hooks.example.com/…: a URL with credentials (user:password@) cannot be used");
    for (const secret of ["bob", "pw-Qz9", "s3cr3t", "tokQz"]) expect(out.stderr).not.toContain(secret);
  });
});
