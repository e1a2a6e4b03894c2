/**
 * Issue 43: `report` on a run whose scenario folders hold only metrics.json and judge_result.json —
 * through the real CLI. Each failure's judge reason (first 200 characters, escaped), the token
 * totals from metrics.json, "unknown (0 of N scenario(s) have logs)" and an unknown run time for what was not measured, and `--scenario` exit 0.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { metrics, tempDir, writeRun } from "../../helpers/run-builder";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const LONG = `The agent cancelled order #E1535641 where the caller said W1535641 <b>|x|</b> ${"and then it went on ".repeat(20)}END-OF-REASON`;
let run = "";

function report(...args: string[]) {
  const out = spawnSync(process.execPath, [BIN, "report", ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

const turns = [
  { timestamp: "2026-11-30T02:01:50.382905", role: "agent", text: "How can I help?" },
  { timestamp: "2026-11-30T02:01:55.901658", role: "user", text: "The order number is W 1 5 3 5 6 4 1." },
  { timestamp: "2026-11-30T02:02:03.793336", role: "agent", text: "I see order #E1535641. Shall I cancel it?" },
];
const failed = (over: Record<string, unknown>) => ({
  success_breakdown: { passed: ["clean_exit"], failed: ["db_state_match"], not_applicable: [], excluded: [] },
  is_successful: false,
  is_task_successful: false,
  db_state_match: false,
  db_state_expected_hash: "42abaa49eff851b3",
  db_state_actual_hash: "82d691d7ff49d359",
  ...over,
});

beforeAll(async () => {
  run = join(await tempDir("ved-report-lean-"), "eval_20261130_020000");
  await writeRun(run, {
    scenarios: {
      tau2_retail__43: {
        bridgeLog: null,
        metrics: metrics(
          "tau2_retail__43",
          failed({
            total_turns: 3,
            turns,
            latencies: [{ user_transcript: turns[1]!.text, agent_transcript: turns[2]!.text, latency_ms: 6848.2 }],
            token_usage: { agent: { n_calls: 11, prompt: 59451, completion: 708 }, user: { n_calls: 6, prompt: 3043, completion: 175 } },
          }),
        ),
        judge: { score: 0.3, reason: LONG },
      },
      tau2_retail__44: {
        bridgeLog: null,
        metrics: metrics(
          "tau2_retail__44",
          failed({ token_usage: { agent: { n_calls: 1, prompt: 1000, completion: 1 }, user: { n_calls: 1, prompt: 1, completion: 1 } } }),
        ),
        judge: { score: 0.5, reason: "Second reason." },
      },
      qa__ok: { bridgeLog: null, metrics: metrics("qa__ok"), judge: { score: 1, reason: "fine" } },
    },
  });
}, 60_000);

describe("report on a lean run (metrics.json and judge_result.json only)", () => {
  it("carries every failure's judge reason, cut at 200 characters and escaped, and the real token total", () => {
    const r = report(run);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const row = r.stdout.split("\n").find((l) => l.startsWith("| tau2_retail__43 | db_state_match"))!;
    expect(row).toContain("The agent cancelled order #E1535641 where the caller said W1535641 \\<b\\>\\|x\\|\\</b\\>");
    expect(row).not.toContain("END-OF-REASON");
    expect(row.split(/(?<!\\)\|/).length - 2).toBe(3);
    expect(r.stdout).toContain("| tau2_retail__44 | db_state_match: DB hashes differ: actual 82d691d7… ≠ expected 42abaa49… | Second reason. |");
    // 59,451 + 708 + 3,043 + 175 + 1,000 + 1 + 1 + 1 + (100 + 10 + 50 + 5 for qa__ok)
    expect(r.stdout).toContain("- Tokens (metrics.json token_usage): 64,545 total");
    expect(r.stdout).toContain("total 64,545 (metrics.json token_usage)");
    // The run time is the runs list's (evaluation_log.txt): this run has no log, so it and the overhead are unknown.
    expect(r.stdout).toMatch(
      /Run time unknown \(evaluation_log\.txt has no start or no last line\); Σ scenario_duration \d+m \d+s; between-scenario overhead unknown/,
    );
    expect(r.stdout).toMatch(/0 of \d+ scenario\(s\) have logs/);
    // Nothing measured reads as zero.
    expect(r.stdout).not.toMatch(/\| 0\.000 \| 0\.000 \|/);
    expect(r.stdout).not.toMatch(/\| agent \| 0 \|/);
  });

  it("--scenario exits 0 with the transcript from metrics.json and why it failed", () => {
    const r = report(run, "--scenario", "tau2_retail__43");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("3 turn(s) from metrics.json.");
    expect(r.stdout).toContain("| 2 | +13.4 | agent | 6848 | I see order #E1535641. Shall I cancel it? |");
    expect(r.stdout).toContain("- **db_state_match**: DB hashes differ");
    expect(r.stdout).toContain("The agent read back E1535641 where the caller said W1535641");
    expect(r.stdout).toContain("| Tokens (metrics.json) | agent 11 calls, 59,451 prompt + 708 completion; user 6 calls, 3,043 prompt + 175 completion |");
    expect(r.stdout).not.toContain("END-OF-REASON");
    expect(report(run, "--scenario", "nope").code).toBe(2);
  });
});
