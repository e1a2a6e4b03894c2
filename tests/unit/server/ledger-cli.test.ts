/** `voice-eval-dashboard ledger export|import`: moves labels from a SQLite ledger into PostgreSQL and back out as CSV. */
import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { main } from "@/lib/cli/main";
import { openLedger } from "@/lib/server/ledger/open";
import { pgUrl, withSchema } from "../../helpers/ledger-backends";

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const o = vi.spyOn(process.stdout, "write").mockImplementation((c) => ((out += String(c)), true));
  const e = vi.spyOn(process.stderr, "write").mockImplementation((c) => ((err += String(c)), true));
  try {
    return { code: await main(argv), out, err };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

const schema = `ledger_cli_${randomBytes(6).toString("hex")}`;
let dir: string;
let pgDb: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ved-ledger-cli-"));
  const c = new pg.Client({ connectionString: pgUrl() });
  await c.connect();
  await c.query(`CREATE SCHEMA ${schema}`);
  await c.end();
  pgDb = withSchema(pgUrl(), schema);
});
afterAll(async () => {
  const c = new pg.Client({ connectionString: pgUrl() });
  await c.connect();
  await c.query(`DROP SCHEMA ${schema} CASCADE`);
  await c.end();
});

describe("ledger CLI", () => {
  it("exports, imports into PostgreSQL, and re-imports nothing the second time", async () => {
    const state = join(dir, "state");
    const ledger = await openLedger({ kind: "sqlite", stateDir: state });
    await ledger.setLabel(
      { run: "eval_1", scenario: "qa__x", signalKey: "clean_exit" },
      { cause: "asr", secondary: "agent", status: "known-issue", ref: '=HYPERLINK("http://x")', note: 'said "pacific",\nheard "specific"' },
      { author: "alice" },
    );
    await ledger.setOverride("eval_1", "qa__x", "overall", "judge missed the answer", { author: "alice" });
    await ledger.close();

    const exported = await run(["ledger", "export", "--state-dir", state]);
    expect(exported.code).toBe(0);
    const lines = exported.out
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.type)).toEqual(["label", "override"]);
    const file = join(dir, "ledger.jsonl");
    await writeFile(file, exported.out);

    const imported = await run(["ledger", "import", file, "--database", pgDb]);
    expect(imported.err).toBe("");
    expect(imported.out).toContain("imported 1 label(s) and 1 override(s); 0 unchanged");
    expect(imported.code).toBe(0);
    const again = await run(["ledger", "import", file, "--database", pgDb]);
    expect(again.out).toContain("imported 0 label(s) and 0 override(s); 2 unchanged");

    const csvFile = join(dir, "out.csv");
    expect((await run(["ledger", "export", "--database", pgDb, "--format", "csv", "--out", csvFile])).code).toBe(0);
    const csv = await readFile(csvFile, "utf8");
    expect(csv.split("\r\n")[0]).toBe("type,run,scenario,signal_key,cause,secondary,status,ref,note,target,reason,revision,updated_by,updated_at");
    expect(csv).toContain('"said ""pacific"",\nheard ""specific"""');
    // A text a spreadsheet would run as a formula is written inert, and read back as it was.
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    const fresh = join(dir, "fresh");
    expect((await run(["ledger", "import", csvFile, "--state-dir", fresh])).out).toContain("imported 1 label(s) and 1 override(s)");
    const back = await openLedger({ kind: "sqlite", stateDir: fresh });
    expect(await back.getLabel("eval_1", "qa__x")).toMatchObject({
      cause: "asr",
      secondary: "agent",
      ref: '=HYPERLINK("http://x")',
      note: 'said "pacific",\nheard "specific"',
      updatedBy: "alice",
    });
    expect((await back.history("eval_1", "qa__x")).map((h) => h.action)).toEqual(["import", "import"]);
    await back.close();
  });

  it("names bad input instead of crashing", async () => {
    const bad = join(dir, "bad.jsonl");
    await writeFile(bad, '{"type":"label","run":"r","scenario":"s","cause":"weather","status":"confirmed"}\nnot json\n');
    const r = await run(["ledger", "import", bad, "--state-dir", join(dir, "bad-state")]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("line 1: cause");
    expect(r.err).toContain("line 2: not JSON");
    expect((await run(["ledger", "export", "--database", "mysql://x"])).err).toContain("postgres://");
    expect((await run(["ledger", "frobnicate"])).code).toBe(2);
    // A reading command never creates a ledger: a mistyped --state-dir is named, not made.
    const typo = await run(["ledger", "export", "--state-dir", join(dir, "typo")]);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain(`no ledger at ${join(dir, "typo", "ledger.sqlite")}`);
    expect(existsSync(join(dir, "typo"))).toBe(false);
    expect((await run(["ledger", "export", "--format", "xml", "--state-dir", dir])).code).toBe(2);
  });
});
