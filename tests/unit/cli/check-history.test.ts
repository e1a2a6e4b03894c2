/**
 * `check` with the suite's history (issue 44), on a generated 6-night suite of 12 scenarios: a new
 * failure of a stable scenario fails the gate (the paired test cannot: 1 flip of 12), a scenario that
 * flipped twice before is flaky and passes, and the comment says which rule decided.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rm } from "node:fs/promises";
import { FLAKY, nightName, REGRESSED, scenarioAt, STILL_FAILING, writeNightlySuite } from "../../helpers/nightly-suite";
import { tempDir } from "../../helpers/run-builder";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
let regression = "";
let flaky = "";
let empty = "";

function check(...args: string[]) {
  const out = spawnSync(process.execPath, [BIN, "check", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 90_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

beforeAll(async () => {
  regression = await tempDir("ved-gate-reg-");
  flaky = await tempDir("ved-gate-flaky-");
  empty = await tempDir("ved-gate-empty-");
  await writeNightlySuite(regression, "regression");
  await writeNightlySuite(flaky, "flaky");
}, 120_000);

afterAll(async () => {
  for (const d of [regression, flaky, empty]) if (d) await rm(d, { recursive: true, force: true });
});

describe("check with the suite's history", () => {
  it("fails on the new failure of a stable scenario and names it, with the rule that decided", () => {
    const r = check(join(regression, nightName(6)), "--baseline", join(regression, nightName(5)));
    const name = scenarioAt(regression, 6, REGRESSED);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("❌ Fail");
    expect(r.stdout).toContain("**Decided by:** a new failure of a stable scenario.");
    expect(r.stdout).toMatch(new RegExp(`\\| ${name} \\|[^\\n]*\\*\\*new failure of a stable scenario\\*\\*`));
    expect(r.stdout).toContain("History: 5 earlier run(s) of the suite");
    // The one still failing since night 4, with its failing signal.
    expect(r.stdout).toMatch(new RegExp(`### Still failing \\(1\\)\\n\\n- ${scenarioAt(regression, 6, STILL_FAILING)}: db_state_match`));
  }, 120_000);

  it("JSON names the new failures, their signals and the history it read", () => {
    const r = check(join(regression, nightName(6)), "--baseline", join(regression, nightName(5)), "--json");
    const json = JSON.parse(r.stdout) as {
      verdict: string;
      decidedBy: string[];
      history: { runs: number; stableRuns: number };
      changes: { newStable: Array<{ name: string; failingSignals: string[] }> };
    };
    expect(json.verdict).toBe("fail");
    expect(json.decidedBy).toEqual(["stable-scenario"]);
    expect(json.history).toMatchObject({ runs: 5, stableRuns: 3 });
    expect(json.changes.newStable.map((s) => s.name)).toEqual([scenarioAt(regression, 6, REGRESSED)]);
    expect(json.changes.newStable[0]!.failingSignals.length).toBeGreaterThan(0);
    expect(r.code).toBe(1);
  }, 120_000);

  it("passes when the scenario has not passed --stable-runs times before, or without a history", () => {
    const longer = check(join(regression, nightName(6)), "--baseline", join(regression, nightName(5)), "--stable-runs", "6");
    expect(longer.code).toBe(0);
    expect(longer.stdout).toContain("✅ Pass");
    const none = check(join(regression, nightName(6)), "--baseline", join(regression, nightName(5)), "--history", empty);
    expect(none.code).toBe(0);
    expect(none.stdout).toContain("History: no earlier run of the suite was found");
  }, 120_000);

  it("passes a scenario that flipped twice before and calls it flaky", () => {
    const r = check(join(flaky, nightName(6)), "--baseline", join(flaky, nightName(5)));
    const name = scenarioAt(flaky, 6, FLAKY);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("✅ Pass");
    expect(r.stdout).toContain(`| ${name} |`);
    expect(r.stdout).toMatch(/flaky \(passed 4\/5, 2 flips\): does not fail the gate alone/);
    expect(r.stdout).toContain("1 flaky scenario(s) fail, which never fail the gate alone");
  }, 120_000);

  it("refuses a bad --stable-runs", () => {
    expect(check(join(flaky, nightName(6)), "--baseline", join(flaky, nightName(5)), "--stable-runs", "0").code).toBe(2);
  }, 60_000);
});
