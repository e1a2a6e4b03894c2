/**
 * The audit's signature check (`changedScenarios`): synchronous `lstat`s in slices. It names exactly
 * the folders whose files changed (rewritten, swapped for a link, removed), and lets the event loop
 * run between slices however many scenarios it checks.
 */
import { cp, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lstatInsideSync } from "@/lib/server/ingest/fs-sync";
import { auditRun, changedScenarios } from "@/lib/server/ingest/load-run";
import { currentSignature, signatureHoldsSync } from "@/lib/server/ingest/signatures";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { tempDir } from "../../helpers/run-builder";
import { changeSignedFiles } from "../../helpers/signature-changes";

const FIXTURE = join(__dirname, "../../fixtures/harness/small-2-domains/run/eval_20260810_031700");
const RUN = "eval_20260810_031700";

let store: Store | null = null;
afterEach(async () => {
  if (store) await closeStore(store);
  store = null;
});

async function scannedRun(): Promise<{ store: Store; runDir: string }> {
  const root = await tempDir();
  const runDir = join(root, RUN);
  await cp(FIXTURE, runDir, { recursive: true });
  store = createStore(root, { watch: false, bundle: null });
  await store.scanned;
  return { store, runDir };
}

describe("the audit's signature check", () => {
  it("names the folders whose files changed and no other, and the audit then repairs them", async () => {
    const { store, runDir } = await scannedRun();
    const run = store.index.runs.get(RUN)!;
    const names = [...run.scenarios.keys()];
    expect(await changedScenarios(run, names)).toEqual(new Set());

    await writeFile(join(runDir, "tau2_airline__12", "metrics.json"), JSON.stringify({ total_turns: 1, scenario_name: "tau2_airline__12" }));
    await rm(join(runDir, "tau2_airline__34", "metrics.json"));
    await symlink(join(runDir, "tau2_airline__12", "metrics.json"), join(runDir, "tau2_airline__34", "metrics.json"));
    await rm(join(runDir, "restaurant__pizza_pepperoni", "metrics.json"));
    expect(await changedScenarios(run, names)).toEqual(new Set(["tau2_airline__12", "tau2_airline__34", "restaurant__pizza_pepperoni"]));

    expect(await auditRun(store.index, run, { contents: true })).toBe(3);
    expect(run.scenarios.get("tau2_airline__12")?.record?.metrics.total_turns).toBe(1);
    expect(run.scenarios.get("tau2_airline__34")?.problems.map((p) => p.kind)).toContain("unsafe");
    expect(run.scenarios.get("restaurant__pizza_pepperoni")?.record).toBeNull();
    expect(await changedScenarios(run, names)).toEqual(new Set());
  });

  it("agrees with the signature made again, for every folder and every kind of change, whenever it answers", async () => {
    const { store, runDir } = await scannedRun();
    const run = store.index.runs.get(RUN)!;
    const signed = new Map([...run.scenarios.values()].map((s) => [s.name, s.signature]));
    const verdicts = async () => {
      const out: Array<[string, boolean | null, boolean]> = [];
      for (const [name, stored] of signed)
        out.push([name, signatureHoldsSync(runDir, name, stored), (await currentSignature(runDir, name, stored, lstatInsideSync)) === stored]);
      return out;
    };
    const before = await verdicts();
    expect(before.every(([, fast, slow]) => fast === true && slow)).toBe(true);
    const [a, b, c, d] = [...signed.keys()] as [string, string, string, string];
    await changeSignedFiles(runDir, [a, b, c, d]);
    const after = await verdicts();
    for (const [name, fast, slow] of after) if (fast !== null) expect(fast, name).toBe(slow);
    expect(
      after
        .filter(([, , slow]) => !slow)
        .map(([name]) => name)
        .sort(),
    ).toEqual([a, b, c, d].sort());
    expect(
      after
        .filter(([, fast]) => fast === false)
        .map(([name]) => name)
        .sort(),
      "every change seen by the fast check",
    ).toEqual([a, b, c, d].sort());
  });

  it("lets timers run while it checks a large run", async () => {
    const { store } = await scannedRun();
    const run = store.index.runs.get(RUN)!;
    // The same six folders many times over: about 100,000 checks, a few hundred milliseconds.
    const names = Array.from({ length: 16_000 }, () => [...run.scenarios.keys()]).flat();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      const started = performance.now();
      expect(await changedScenarios(run, names)).toEqual(new Set());
      const ms = performance.now() - started;
      // One tick per 8 ms slice at the least (a timer of 1 ms runs at each turn of the loop).
      expect(ticks).toBeGreaterThanOrEqual(Math.floor(ms / 50));
      expect(ticks).toBeGreaterThan(2);
    } finally {
      clearInterval(timer);
    }
  });
});
