/** `ledger import` (issue 42): the history names who ran the import, the file's `updated_by` is kept as "imported from", and lines with invalid UTF-8 are counted. */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { main } from "@/lib/cli/main";
import { openLedger } from "@/lib/server/ledger/open";

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

afterEach(() => vi.unstubAllEnvs());

describe("ledger import", () => {
  it("records the importing user as the author, the file's updated_by as imported from, and says how many lines had invalid UTF-8", async () => {
    const dir = await mkdtemp(join(tmpdir(), "ved-ledger-import-"));
    vi.stubEnv("VOICE_EVAL_USER", "bob-imports");
    const label = JSON.stringify({
      type: "label",
      run: "eval_1",
      scenario: "qa__x",
      signal_key: "clean_exit",
      cause: "asr",
      status: "confirmed",
      note: "NOTE",
      updated_by: "alice",
    });
    const override = JSON.stringify({ type: "override", run: "eval_1", scenario: "qa__x", target: "overall", reason: "judge missed it", updated_by: "carol" });
    // The label's note holds a byte that is not UTF-8 (a Latin-1 "é").
    const [before, after] = label.split("NOTE") as [string, string];
    const file = join(dir, "in.jsonl");
    await writeFile(file, Buffer.concat([Buffer.from(before), Buffer.from([0x63, 0x61, 0x66, 0xe9]), Buffer.from(after + "\n" + override + "\n")]));
    const state = join(dir, "state");
    const r = await run(["ledger", "import", file, "--state-dir", state]);
    expect(r.out).toContain("imported 1 label(s) and 1 override(s); 0 unchanged; 0 error(s); 1 line(s) with invalid UTF-8");
    expect(r.err).toContain("1 line(s) with invalid UTF-8");
    expect(r.err).toContain("line 1");
    const ledger = await openLedger({ kind: "sqlite", stateDir: state });
    try {
      const history = await ledger.history("eval_1", "qa__x");
      expect(history.map((h) => [h.kind, h.action, h.author, h.importedFrom])).toEqual([
        ["label", "import", "bob-imports", "alice"],
        ["override", "import", "bob-imports", "carol"],
      ]);
      // The label keeps who made it.
      expect(await ledger.getLabel("eval_1", "qa__x")).toMatchObject({ updatedBy: "alice", note: "caf\uFFFD" });
    } finally {
      await ledger.close();
    }
  });
});
