/**
 * `check <run-folder> --baseline <run-folder>`: the CI gate. Exit 0 pass; 1 fail, an unfinished run,
 * or nothing that could be paired (every verdict unreadable, say); 2 bad input (not a run folder, the
 * same folder twice, no scenario in common, bad options). Prints a Markdown pull-request comment, or the result as JSON with --json.
 */
import { resolve } from "node:path";
import { rateLabels } from "@/lib/core/figures";
import { runGate, type GateOptions } from "@/lib/core/gate";
import { gateMarkdown } from "@/lib/core/gate-markdown";
import { setupSummary } from "@/lib/core/setup/diff";
import { gateInputs } from "@/lib/server/queries/gate-inputs";

/**
 * Where triage labels come from. The ledger (issue 15) plugs in here; without it the comment has no
 * label column. Given a run folder, returns a lookup of a scenario's labels in that run.
 */
export type LabelSource = (runDir: string) => Promise<(scenario: string) => string[]>;

export interface CheckDeps {
  labels?: LabelSource;
}

interface CheckArgs {
  run: string;
  baseline: string;
  /** Where the suite's earlier runs are: `--history`, else the folder that holds the baseline. */
  history: string | null;
  json: boolean;
  options: GateOptions;
}

const USAGE =
  "usage: voice-eval-dashboard check <run-folder> --baseline <run-folder> [--max-regressed N] [--min-success-rate X] [--alpha 0.05] [--stable-runs 3] [--history <results-folder>] [--without-retries] [--json]";

/** A fraction in [0, 1], or a percentage written with `%`. */
function fraction(v: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(v.trim());
  if (!m) return null;
  const x = Number(m[1]) / (m[2] ? 100 : 1);
  return x >= 0 && x <= 1 ? x : null;
}

export function parseCheckArgs(args: string[]): CheckArgs | string {
  let run: string | undefined;
  let baseline: string | undefined;
  let history: string | null = null;
  let json = false;
  const options: GateOptions = { alpha: 0.05 };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const eq = a.indexOf("=");
    const flag = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    const value = () => (a.startsWith("--") && eq > 0 ? a.slice(eq + 1) : args[++i]);
    if (flag === "--json") json = true;
    else if (flag === "--without-retries") options.withoutRetries = true;
    else if (flag === "--baseline") {
      baseline = value();
      if (!baseline) return "--baseline needs a run folder";
    } else if (flag === "--history") {
      history = value() ?? null;
      if (!history) return "--history needs a results folder";
    } else if (flag === "--stable-runs") {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v) || Number(v) < 1) return "--stable-runs needs a positive integer";
      options.stableRuns = Number(v);
    } else if (flag === "--max-regressed") {
      const v = value();
      if (v === undefined || !/^\d+$/.test(v)) return "--max-regressed needs a non-negative integer";
      options.maxRegressed = Number(v);
    } else if (flag === "--min-success-rate") {
      const v = value();
      const x = v === undefined ? null : fraction(v);
      if (x === null) return "--min-success-rate needs a fraction between 0 and 1 (or a percentage such as 80%)";
      options.minSuccessRate = x;
    } else if (flag === "--alpha") {
      const v = value();
      const x = v === undefined ? NaN : Number(v);
      if (!(x > 0 && x < 1)) return "--alpha needs a number between 0 and 1 (exclusive)";
      options.alpha = x;
    } else if (a.startsWith("--")) return `unknown option: ${a}`;
    else if (run === undefined) run = a;
    else return `unexpected argument: ${a}`;
  }
  if (run === undefined) return "missing <run-folder>";
  if (baseline === undefined) return "missing --baseline <run-folder>";
  return { run, baseline, history, json, options };
}

export async function checkCommand(args: string[], deps: CheckDeps = {}): Promise<number> {
  const parsed = parseCheckArgs(args);
  if (typeof parsed === "string") {
    process.stderr.write(`check: ${parsed}\n${USAGE}\n`);
    return 2;
  }
  const runDir = resolve(parsed.run);
  const baseDir = resolve(parsed.baseline);
  const inputs = await gateInputs(runDir, baseDir, parsed.history ? resolve(parsed.history) : null);
  if ("refused" in inputs) {
    process.stderr.write(`check: ${inputs.refused}\n`);
    return 2;
  }
  const labels = deps.labels ? await deps.labels(runDir) : () => [];
  const { run, base, history, reasons, setupDiff: setupChange } = inputs;
  const result = {
    ...runGate(base, run, parsed.options, labels, { history, reasonOf: (n) => reasons.get(n) ?? null }),
    setup: setupSummary(setupChange),
  };
  process.stdout.write(
    parsed.json
      ? JSON.stringify({ runDir, baselineDir: baseDir, ...result, setupDiff: setupChange, rateLabels: rateLabels() }, null, 2) + "\n"
      : gateMarkdown(result) + "\n",
  );
  return result.verdict === "pass" ? 0 : 1;
}
