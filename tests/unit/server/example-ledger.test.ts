/**
 * The bundled example's ledger seed (examples/ledger.jsonl): imported with `ledger import`, its label on the
 * nightly regression is carried over to the later nights where the scenario fails the same way.
 */
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { main } from "@/lib/cli/main";
import { signalKey } from "@/lib/core/ledger-key";
import { openLedger } from "@/lib/server/ledger/open";

const ROOT = join(__dirname, "../../..");

async function cli(argv: string[]): Promise<number> {
  const o = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  const e = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    return await main(argv);
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

describe("the example's ledger seed", () => {
  it("labels the nightly regression, and the label carries over to the later nights", async () => {
    const seed = JSON.parse((await readFile(join(ROOT, "examples/ledger.jsonl"), "utf8")).trim()) as { run: string; scenario: string; signal_key: string };
    // The key is the failure the example really has in that run.
    const failedIn = async (run: string) => {
      const m = JSON.parse((await readFile(join(ROOT, "examples/results", run, seed.scenario, "metrics.json"), "utf8")).replace(/\bNaN\b/g, "null")) as {
        success_breakdown: { failed: string[] };
        insufficient_agent_turns?: boolean;
      };
      return signalKey(m.success_breakdown.failed, m.insufficient_agent_turns === true);
    };
    expect(await failedIn(seed.run)).toBe(seed.signal_key);
    const later = "nightly/eval_20261130_020000";
    expect(await failedIn(later)).toBe(seed.signal_key);

    const state = join(await mkdtemp(join(tmpdir(), "ved-example-ledger-")), "state");
    expect(await cli(["ledger", "import", join(ROOT, "examples/ledger.jsonl"), "--state-dir", state])).toBe(0);
    const ledger = await openLedger({ kind: "sqlite", stateDir: state });
    try {
      const carried = await ledger.carried(seed.scenario, seed.signal_key, later);
      expect(carried?.run).toBe(seed.run);
      expect(carried?.status).toBe("known-issue");
    } finally {
      await ledger.close();
    }
  });
});
