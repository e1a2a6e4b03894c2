/** `check` and automatic retries (issue 45), through the real CLI on a run with retries planted. */
import { spawnSync } from "node:child_process";
import { appendFile, readdir, rm, utimes } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plantRetries, REASON_FEW, REASON_ZERO } from "../../helpers/plant-retries";
import { tempDir } from "../../helpers/run-builder";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const FIXTURE = join(ROOT, "tests/fixtures/harness/small-2-domains/run/eval_20260810_031700");
let root = "";

function check(...args: string[]) {
  const out = spawnSync(process.execPath, [BIN, "check", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

/** Ages a copied run, so its files say it finished long ago (a fresh copy reads as still running). */
async function age(dir: string, ms = Date.now() - 86_400_000): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await age(p, ms);
    await utimes(p, ms / 1000, ms / 1000);
  }
}

beforeAll(async () => {
  root = await tempDir("ved-check-retries-");
  await plantRetries(FIXTURE, join(root, "before"), { retries: [] });
  await plantRetries(FIXTURE, join(root, "after"), {
    retries: [
      { scenario: "tau2_airline__34", reasons: [REASON_ZERO, REASON_FEW] },
      { scenario: "restaurant__pizza_pepperoni", reasons: [REASON_ZERO] },
    ],
  });
  // The fixture's log stops before its end: finish both runs, as the gate judges only finished runs.
  for (const run of ["before", "after"])
    await appendFile(join(root, run, "evaluation_log.txt"), "2026-08-10 03:42:35 | runner.py:run_dynamic_evaluation:842 | [INFO]: Evaluation Complete!\n");
  await age(root);
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("check with retries", () => {
  it("lists the retried scenarios beside the baseline's count", () => {
    const out = check(join(root, "after"), "--baseline", join(root, "before"));
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("### Automatic retries");
    expect(out.stdout).toContain("| Needed an automatic retry | 0 scenario(s) | 2 scenario(s) |");
    expect(out.stdout).toContain(`| tau2_airline__34 | 2 | ${REASON_ZERO}; ${REASON_FEW.replace("<", "\\<")} |`);
    expect(out.stdout).toContain("| Overall Success Rate without retries | 66.67% (4/6) | 33.33% (2/6) |");
  }, 60_000);

  it("--without-retries gates on first attempts: the retried passes count as failures", () => {
    const plain = check(join(root, "after"), "--baseline", join(root, "before"), "--min-success-rate", "50%", "--json");
    expect(plain.code).toBe(0);
    const first = check(join(root, "after"), "--baseline", join(root, "before"), "--min-success-rate", "50%", "--without-retries", "--json");
    expect(first.code).toBe(1);
    const json = JSON.parse(first.stdout) as {
      reasons: string[];
      run: { rates: { success_rate: { numerator: number; denominator: number } }; retries: { retried: unknown[] } };
      counts: { regressed: number };
    };
    expect(json.run.rates.success_rate).toMatchObject({ numerator: 2, denominator: 6 });
    expect(json.counts.regressed).toBe(2);
    expect(json.run.retries.retried).toHaveLength(2);
    expect(json.reasons.join(" ")).toContain("below --min-success-rate 50.00%");
  }, 60_000);

  it("warns when --without-retries meets a baseline that predates the field", () => {
    const out = check(join(root, "after"), "--baseline", FIXTURE, "--without-retries", "--json");
    expect(out.stderr).toBe("");
    const json = JSON.parse(out.stdout) as { warnings: string[] };
    expect(json.warnings.some((w) => w.includes("predate auto_retry_count"))).toBe(true);
  }, 60_000);
});
