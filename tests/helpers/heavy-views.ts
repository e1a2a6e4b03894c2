/**
 * Results folders for issue 42's heavy views, shared by the tests and the bench: a suite whose large
 * prompts changed (the setup diff), and a run of many failing scenarios with random reasons (the themes).
 */
import { join } from "node:path";
import { menuPrompt } from "./menu-prompt";
import { randomReasons } from "./random-reasons";
import { logLine, metrics, writeRun } from "./run-builder";

/** Finished runs: their states and trend facts go to the index cache, as a real night's runs do. */
const FINISHED = logLine("Evaluation Complete!");

export const PROMPT_BASE_RUN = "eval_20261101_080000";
export const PROMPT_OTHER_RUN = "eval_20261102_080000";
export const REASONS_RUN = "eval_20261103_080000";

/** Two runs of `scenarios` scenarios whose agent prompt (a JSON menu of about `kb` KB) changed in each: `scenarios` distinct pairs that share almost no line. */
export async function writePromptRuns(root: string, scenarios = 10, kb = 100): Promise<void> {
  const names = Array.from({ length: scenarios }, (_, i) => `menu__${i}`);
  for (const [run, offset] of [
    [PROMPT_BASE_RUN, 0],
    [PROMPT_OTHER_RUN, 1000],
  ] as const) {
    await writeRun(join(root, run), {
      log: FINISHED,
      scenarios: Object.fromEntries(
        names.map((n, i) => [
          n,
          {
            metrics: metrics(n),
            bridgeLog: null,
            files: { "scenario_config/agent_prompt.txt": menuPrompt(i + offset, kb), "scenario_config/user_prompt.txt": "You want to order dinner." },
          },
        ]),
      ),
    });
  }
}

/** A failing scenario's metrics: the judge failed it. */
export function failedMetrics(name: string): Record<string, unknown> {
  return metrics(name, {
    is_successful: false,
    is_task_successful: false,
    success_breakdown: { passed: ["clean_exit"], failed: ["judge"], not_applicable: [], excluded: [] },
  });
}

/** One run of `n` failing scenarios, each with a judge reason of 40–80 random words (`randomReasons`); `extra` more reasons appended as they are (e.g. in another script). */
export async function writeReasonsRun(root: string, n = 20_000, extra: string[] = []): Promise<void> {
  const reasons = [...randomReasons(n).map((r) => r.text), ...extra];
  const names = reasons.map((_, i) => `reason__${i}`);
  await writeRun(join(root, REASONS_RUN), {
    log: FINISHED,
    scenarios: Object.fromEntries(
      names.map((n, i) => [n, { metrics: failedMetrics(n), bridgeLog: null, judge: { passed: false, score: 0.1, reason: reasons[i] } }]),
    ),
  });
}

export const COMPARE_BASE_RUN = "eval_20261104_080000";
export const COMPARE_OTHER_RUN = "eval_20261105_080000";

/**
 * Two finished nights of one suite of `n` scenarios (issue 54's compare), each scenario with its
 * metadata.json whitelist as the harness writes it; every 7th scenario passes in one night only.
 */
export async function writeCompareRuns(root: string, n: number): Promise<void> {
  const names = Array.from({ length: n }, (_, i) => `tau2_retail__${i}`);
  const metadata = (name: string) => JSON.stringify({ name, domain: "retail", success_signals: ["clean_exit", "nl_assertion"] }, null, 4);
  // A session that queued them and ended: the runs are finished, so their states may leave memory.
  const log = logLine(`Queued ${n} scenario(s): [${names.map((s) => `'${s}'`).join(", ")}]`) + FINISHED;
  for (const [run, flip] of [
    [COMPARE_BASE_RUN, false],
    [COMPARE_OTHER_RUN, true],
  ] as const) {
    await writeRun(join(root, run), {
      log,
      scenarios: Object.fromEntries(
        names.map((name, i) => [
          name,
          { metrics: flip && i % 7 === 0 ? failedMetrics(name) : metrics(name), bridgeLog: null, files: { "scenario_config/metadata.json": metadata(name) } },
        ]),
      ),
    });
  }
}

export const LONG_TEXTS_RUN = "eval_20261106_080000";
export const LONG_TEXT_BYTES = 1024 * 1024;

/** A traceback's worth of text, `LONG_TEXT_BYTES`, every line different (a harness may write one into `stop_reason`). */
export function longStopReason(i: number): string {
  const line = (k: number) => `Traceback line ${i}.${k}: "quoted" \\ and a tab\t`.padEnd(63, ".") + "\n";
  return Array.from({ length: LONG_TEXT_BYTES / 64 }, (_, k) => line(k)).join("");
}

/** A finished run of `n` scenarios whose metrics.json each hold a 1 MB `stop_reason` (issue 54). */
export async function writeLongTextsRun(root: string, n = 60): Promise<void> {
  const names = Array.from({ length: n }, (_, i) => `tau2_retail__${i}`);
  const log = logLine(`Queued ${n} scenario(s): [${names.map((s) => `'${s}'`).join(", ")}]`) + FINISHED;
  await writeRun(join(root, LONG_TEXTS_RUN), {
    log,
    scenarios: Object.fromEntries(names.map((name, i) => [name, { metrics: metrics(name, { stop_reason: longStopReason(i) }), bridgeLog: null }])),
  });
}
