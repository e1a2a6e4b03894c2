/** Where the ledger lives, who writes, which Host headers name the bound address, and schema versions. */
import { existsSync, statSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultStateDir, ledgerConfig, LedgerConfigError, triager } from "@/lib/server/ledger/config";
import { allowedHosts, refuseWrite } from "@/lib/server/ledger/guard";
import { migrate, MIGRATIONS } from "@/lib/server/ledger/migrations";
import { ledgerWhere } from "@/lib/server/ledger/open";
import { openSqlite } from "@/lib/server/ledger/sqlite";

describe("ledger configuration", () => {
  it("defaults to the XDG state folder, else ~/.local/state", () => {
    expect(defaultStateDir({ XDG_STATE_HOME: "/var/xdg" })).toBe("/var/xdg/voice-eval-dashboard");
    expect(defaultStateDir({})).toBe(join(homedir(), ".local", "state", "voice-eval-dashboard"));
    // A relative XDG path is ignored, as the spec says.
    expect(defaultStateDir({ XDG_STATE_HOME: "rel" })).toBe(join(homedir(), ".local", "state", "voice-eval-dashboard"));
  });

  it("takes --state-dir over the environment, and a PostgreSQL URL over both", () => {
    expect(ledgerConfig({ stateDir: "/tmp/a" }, { VOICE_EVAL_STATE_DIR: "/tmp/b" })).toEqual({ kind: "sqlite", stateDir: "/tmp/a" });
    expect(ledgerConfig({}, { VOICE_EVAL_STATE_DIR: "/tmp/b" })).toEqual({ kind: "sqlite", stateDir: "/tmp/b" });
    expect(ledgerConfig({}, { VOICE_EVAL_DATABASE: "postgres://u@h/db", VOICE_EVAL_STATE_DIR: "/tmp/b" })).toEqual({
      kind: "postgres",
      url: "postgres://u@h/db",
    });
    expect(() => ledgerConfig({ database: "mysql://x" }, {})).toThrow(LedgerConfigError);
  });

  it("says where a PostgreSQL ledger is without its password, in the userinfo or in the query", () => {
    const where = ledgerWhere("postgres://triage:hunter2-pw@db.internal:5432/ledger?sslmode=require&password=s3cret-in-query");
    expect(where).not.toContain("hunter2-pw");
    expect(where).not.toContain("s3cret-in-query");
    expect(where, "the host, database and harmless parameters stay").toContain("db.internal:5432/ledger?sslmode=require");
  });

  it("never opens a missing SQLite ledger for a reading command, and makes a new one 0600", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ved-ledger-mode-"));
    expect(() => openSqlite(join(dir, "typo"), { create: false })).toThrow(/no ledger at .*typo/);
    expect(existsSync(join(dir, "typo"))).toBe(false);
    const { db, file } = openSqlite(join(dir, "state"));
    await db.close();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "state")).mode & 0o777).toBe(0o700);
  });

  it("refuses a state folder inside the results folder", () => {
    expect(() => ledgerConfig({ stateDir: "/data/results/.state" }, { RESULTS_DIR: "/data/results" })).toThrow(/inside the results folder/);
    // `..state` is a folder inside, not the parent (a string test on ".." took it for outside).
    expect(() => ledgerConfig({ stateDir: "/data/results/..state" }, { RESULTS_DIR: "/data/results" })).toThrow(/inside the results folder/);
    expect(ledgerConfig({ stateDir: "/data/results-state" }, { RESULTS_DIR: "/data/results" })).toEqual({ kind: "sqlite", stateDir: "/data/results-state" });
  });

  it("names the triager from --user, else the OS user", () => {
    expect(triager({ VOICE_EVAL_USER: " alice " })).toBe("alice");
    expect(triager({}).length).toBeGreaterThan(0);
  });
});

describe("bound-address check", () => {
  it("accepts the loopback names of a loopback bind, and only the bound port", () => {
    expect([...(allowedHosts("127.0.0.1:3210") ?? [])].sort()).toEqual(["127.0.0.1:3210", "[::1]:3210", "localhost:3210"]);
    expect([...(allowedHosts("10.0.0.5:80") ?? [])]).toEqual(["10.0.0.5:80"]);
    expect(allowedHosts("0.0.0.0:3210")).toBeNull();
    expect(allowedHosts(undefined)).toBeNull();
  });

  it("still needs a matching Origin and the CSRF token on an all-interfaces bind", () => {
    const req = (headers: Record<string, string>) => new Request("http://x/api/ledger/labels", { method: "POST", headers });
    const opts = { csrf: "c", token: null, bind: "0.0.0.0:3210" };
    expect(refuseWrite(req({ host: "box:3210", origin: "http://box:3210", "x-ledger-csrf": "c" }), opts)).toBeNull();
    expect(refuseWrite(req({ host: "box:3210", origin: "http://other:3210", "x-ledger-csrf": "c" }), opts)?.status).toBe(403);
    expect(refuseWrite(req({ host: "box:3210", origin: "null", "x-ledger-csrf": "c" }), opts)?.status).toBe(403);
  });

  it("compares the parsed origin exactly: scheme, no user part, no trailing slash", () => {
    const req = (origin: string) =>
      new Request("http://x/api/ledger/labels", { method: "POST", headers: { host: "127.0.0.1:3210", origin, "x-ledger-csrf": "c" } });
    const opts = { csrf: "c", token: null, bind: "127.0.0.1:3210" };
    expect(refuseWrite(req("http://127.0.0.1:3210"), opts)).toBeNull();
    for (const bad of [
      "https://127.0.0.1:3210",
      "http://user@127.0.0.1:3210",
      "http://127.0.0.1:3210/",
      "http://127.0.0.1:3210/x",
      "http://127.0.0.1:3210.evil",
    ]) {
      expect(refuseWrite(req(bad), opts)?.status, bad).toBe(403);
    }
  });
});

describe("migrations", () => {
  it("are numbered 1, 2, … without gaps", () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it("refuse a database whose schema is newer than this dashboard", async () => {
    const { db } = openSqlite(await mkdtemp(join(tmpdir(), "ved-ledger-mig-")));
    await migrate(db);
    await db.all("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 'x')");
    await expect(migrate(db)).rejects.toThrow(/schema version 99, newer than this dashboard knows/);
    await db.close();
  });
});
