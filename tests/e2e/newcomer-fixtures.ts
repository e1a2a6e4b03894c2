/**
 * Result folders for the issue-14 browser tests ("what a newcomer tripped over"): the bundled
 * example with its killed run aged into "killed", a run of eight domains, and a small run with one
 * 60 s turn and a documented legacy `db_state_match: "N/A"`.
 */
import { cp, mkdir, readFile, readdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const EXAMPLE = path.join(ROOT, "examples/results");
const SMALL_RUN = path.join(ROOT, "tests/fixtures/harness/small-2-domains/run/eval_20260810_031700");

export const FINISHED = "eval_20261118_140000";
export const RESUMED = "eval_20261124_091500";
export const KILLED = "eval_20261129_220000";
export const EIGHT = "eval_20261201_080000";
export const SLOW = "eval_20260810_031700";
export const EIGHT_DOMAINS = [
  "tau2_retail",
  "tau2_telecom",
  "tau2_airline",
  "tau2_telecom_workflow",
  "eva_airline",
  "restaurant",
  "customer_service",
  "qa",
] as const;
/** The scenario of the slow run whose one turn takes 60 s. */
export const SLOW_SCENARIO = "tau2_airline__37";
/** The scenario of the slow run with the legacy `db_state_match: "N/A"`. */
export const NA_SCENARIO = "tau2_airline__34";

async function editJson(file: string, change: (v: Record<string, unknown>) => void): Promise<void> {
  const value = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  change(value);
  await writeFile(file, JSON.stringify(value, null, 2));
}

/** Sets every file of `dir` (recursively) to `when`, so a run's last activity is that old. */
async function age(dir: string, when: Date): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await age(p, when);
    await utimes(p, when, when);
  }
}

async function writeEightDomains(runDir: string): Promise<void> {
  const template = JSON.parse(await readFile(path.join(SMALL_RUN, "tau2_airline__37/metrics.json"), "utf8")) as Record<string, unknown>;
  await mkdir(runDir, { recursive: true });
  const invocation = { started_at: "2026-12-01T08:00:00", argv: ["evaluation/run_evaluation.py"], parsed_args: { min_agent_turns: 0, judge_threshold: 0.9 } };
  await writeFile(path.join(runDir, "run_args.json"), JSON.stringify({ invocations: [invocation] }, null, 2));
  let i = 0;
  for (const domain of EIGHT_DOMAINS) {
    for (let k = 0; k < 3; k++, i++) {
      const name = `${domain}__s${k}`;
      await mkdir(path.join(runDir, name));
      const m = { ...template, scenario_name: name, is_successful: i % 3 !== 0 };
      await writeFile(path.join(runDir, name, "metrics.json"), JSON.stringify(m, null, 2));
    }
  }
}

async function writeSlowRun(runDir: string): Promise<void> {
  await cp(SMALL_RUN, runDir, { recursive: true });
  await editJson(path.join(runDir, SLOW_SCENARIO, "metrics.json"), (m) => {
    const lat = m.latencies as Array<{ latency_ms: number }>;
    lat[0]!.latency_ms = 60_000;
  });
  await editJson(path.join(runDir, NA_SCENARIO, "metrics.json"), (m) => {
    m.db_state_match = "N/A";
  });
}

/** Writes the issue-14 results folder into `results` (which must exist and be empty). */
export async function writeNewcomerResults(results: string): Promise<void> {
  await cp(EXAMPLE, results, { recursive: true });
  // Its log stops mid-scenario; with an hour of silence it reads as killed.
  await age(path.join(results, KILLED), new Date(Date.now() - 3_600_000));
  await writeEightDomains(path.join(results, EIGHT));
  await writeSlowRun(path.join(results, SLOW));
  await age(path.join(results, SLOW), new Date(Date.now() - 3_600_000));
}
