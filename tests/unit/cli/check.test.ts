/** `check` through the real CLI (bin/voice-eval-dashboard.mjs) on generated runs. */
import { spawnSync } from "node:child_process";
import { cp, readdir, readFile, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forceAll, writeGenerated } from "../../helpers/generated";
import { tempDir } from "../../helpers/run-builder";
import { retimeFile } from "../../helpers/retime-log";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const N = 40;
const DOMAINS = ["qa", "restaurant"];
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

async function touchTree(dir: string, ms: number): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await touchTree(p, ms);
    await utimes(p, ms / 1000, ms / 1000);
  }
}

beforeAll(async () => {
  root = await tempDir("ved-check-");
  // Same suite seed: the runs share scenario names. The baseline passes everything.
  const base = forceAll(N, "success" as const);
  // 12 of 40 regress (p ≈ 0.0005): significant. 2 of 40 (p = 0.5): not.
  const big = forceAll(N, "success" as const, Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i * 3, "db_mismatch" as const])));
  const small = forceAll(N, "success" as const, { 5: "nl_fail", 17: "db_mismatch" });
  await writeGenerated(root, {
    seed: 11,
    runs: [
      { name: "eval_20261101_080000", scenarios: N, domains: DOMAINS, lean: true, outcomes: base },
      { name: "eval_20261102_080000", scenarios: N, domains: DOMAINS, lean: true, outcomes: big },
      { name: "eval_20261103_080000", scenarios: N, domains: DOMAINS, lean: true, outcomes: small },
      { name: "eval_20261104_080000", scenarios: N, domains: DOMAINS, lean: true, outcomes: base, state: "running", completedBeforeStop: 25 },
      { name: "eval_20261105_080000", scenarios: N, domains: DOMAINS, lean: true, outcomes: base, state: "killed", completedBeforeStop: 10 },
    ],
  });
  // A run of another suite (no scenario in common).
  await writeGenerated(root, { seed: 77, runs: [{ name: "eval_20261106_080000", scenarios: 4, domains: ["tau2_telecom"], lean: true }] });
  // A run that went quiet 10 minutes ago: probably stalled (5–15 min without activity).
  await touchTree(join(root, "eval_20261104_080000"), Date.now() - 10 * 60_000);
  // Its log's own last line says so too (a run's activity is read from both clocks).
  await retimeFile(join(root, "eval_20261104_080000", "evaluation_log.txt"), Date.now() - 10 * 60_000);
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

const run = (name: string) => join(root, name);

describe("check", () => {
  it("fails on a planted significant regression, naming the regressed scenarios and their failing signals", () => {
    const r = check(run("eval_20261102_080000"), "--baseline", run("eval_20261101_080000"));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("❌ Fail");
    expect(r.stdout).toMatch(/success dropped significantly at α = 0\.05/);
    expect(r.stdout).toContain("### New failures (12)");
    // Every listed scenario names at least one failing signal.
    const rows = r.stdout.split("\n").filter((l) => /^\| qa|^\| restaurant/.test(l));
    expect(rows).toHaveLength(12);
    for (const row of rows) expect(row.split("|")[3]?.trim()).toMatch(/^[a-z\\_, ]+$/);
    expect(r.stdout).toMatch(/12 pass → fail, 0 fail → pass/);
  });

  it("passes a planted drop that is not significant, and says why", () => {
    const r = check(run("eval_20261103_080000"), "--baseline", run("eval_20261101_080000"));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("✅ Pass");
    expect(r.stdout).toContain("not significant at α = 0.05");
    expect(r.stdout).toContain("### New failures (2)");
  });

  it("fails the same small drop when a threshold is crossed", () => {
    const r = check(run("eval_20261103_080000"), "--baseline", run("eval_20261101_080000"), "--max-regressed", "1", "--min-success-rate=0.99");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("more than --max-regressed 1");
    expect(r.stdout).toContain("below --min-success-rate 99.00%");
  });

  it("gives a JSON result with --json that agrees with the exit code", () => {
    const r = check(run("eval_20261102_080000"), "--baseline", run("eval_20261101_080000"), "--json", "--alpha", "0.0001");
    const json = JSON.parse(r.stdout);
    expect(json.tests.success.b).toBe(12);
    expect(json.tests.success.c).toBe(0);
    // p ≈ 0.00049 > 0.0001: not significant at this alpha.
    expect(json.tests.success.pValue).toBeGreaterThan(0.0001);
    expect(json.verdict).toBe("pass");
    expect(json.regressed).toHaveLength(12);
    for (const s of json.regressed) expect(s.failingSignals.length).toBeGreaterThan(0);
    expect(r.code).toBe(0);
  });

  it("gives a stalled run its own verdict, not a regression", () => {
    const r = check(run("eval_20261104_080000"), "--baseline", run("eval_20261101_080000"), "--json");
    const json = JSON.parse(r.stdout);
    expect(json.run.state).toBe("probably-stalled");
    expect(json.verdict).toBe("incomplete");
    expect(json.reasons[0]).toMatch(/stalled/);
    expect(json.reasons.join(" ")).not.toMatch(/dropped significantly/);
    expect(r.code).toBe(1);
  });

  it("gives a killed run its own verdict", () => {
    const r = check(run("eval_20261105_080000"), "--baseline", run("eval_20261101_080000"));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("⚠️ Incomplete run");
    expect(r.stdout).toMatch(/killed/);
  });

  it("exits 2 on a missing folder or bad options", () => {
    const missing = check(join(root, "no_such_run"), "--baseline", run("eval_20261101_080000"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no such folder");
    expect(check(run("eval_20261102_080000")).code).toBe(2);
    const disjoint = check(run("eval_20261106_080000"), "--baseline", run("eval_20261101_080000"));
    expect(disjoint.code).toBe(2);
    expect(disjoint.stderr).toContain("no scenario in common");
    expect(check(run("eval_20261102_080000"), "--baseline", run("eval_20261101_080000"), "--alpha", "2").code).toBe(2);
  });

  it("refuses the same folder as run and baseline, however it is named", async () => {
    const same = check(run("eval_20261101_080000"), "--baseline", run("eval_20261101_080000"));
    expect(same.code).toBe(2);
    expect(same.stderr).toContain("same folder");
    await symlink(run("eval_20261101_080000"), join(root, "base-link"));
    const linked = check(join(root, "base-link"), "--baseline", `${run("eval_20261101_080000")}/`);
    expect(linked.code).toBe(2);
    expect(linked.stderr).toContain("same folder");
  });

  it("never passes a run whose every verdict is unreadable, nor against a garbage baseline", async () => {
    // A copy of the baseline with every metrics.json replaced by text that is not JSON.
    const broken = join(root, "broken", "eval_20261107_080000");
    await cp(run("eval_20261101_080000"), broken, { recursive: true });
    for (const e of await readdir(broken, { withFileTypes: true })) {
      if (e.isDirectory()) await writeFile(join(broken, e.name, "metrics.json"), "{ not json");
    }
    const r = check(broken, "--baseline", run("eval_20261101_080000"), "--json");
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout);
    expect(json.verdict).toBe("untestable");
    expect(json.reasons[0]).toMatch(/nothing could be paired.*the run has 0 of 40 with a verdict/);
    const md = check(run("eval_20261101_080000"), "--baseline", broken);
    expect(md.code).toBe(1);
    expect(md.stdout).toContain("⚠️ Nothing to compare");
    expect(md.stdout).not.toContain("✅ Pass");
  });

  it("mentions the setup changes in its comment", async () => {
    const changed = join(root, "setup", "eval_20261108_080000");
    await cp(run("eval_20261101_080000"), changed, { recursive: true });
    const argsFile = join(changed, "run_args.json");
    const args = JSON.parse(await readFile(argsFile, "utf8")) as { invocations: Array<{ parsed_args: Record<string, unknown> }> };
    args.invocations[args.invocations.length - 1]!.parsed_args.judge_model = "judge-model-v2";
    await writeFile(argsFile, JSON.stringify(args));
    const r = check(changed, "--baseline", run("eval_20261101_080000"));
    expect(r.stdout).toContain("**Setup changes:**");
    expect(r.stdout).toMatch(/- judge\\?_model: .* → judge-model-v2/);
    const same = check(run("eval_20261103_080000"), "--baseline", run("eval_20261101_080000"));
    expect(same.stdout).not.toContain("Setup changes");
  });
});
