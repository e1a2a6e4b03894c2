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
import { parseCommand, usageError, type ParsedCommand } from "./usage";

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

/** A fraction in [0, 1], or a percentage written with `%`. */
function fraction(v: string): number | null {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(v.trim());
  if (!m) return null;
  const x = Number(m[1]) / (m[2] ? 100 : 1);
  return x >= 0 && x <= 1 ? x : null;
}

/** The gate's arguments from the parsed command line (its flags are lib/cli/usage.ts's), or what is wrong with them. */
function checkArgsOf(parsed: ParsedCommand<"check">): CheckArgs | string {
  const v = parsed.values;
  const options: GateOptions = { alpha: 0.05 };
  if (v["without-retries"]) options.withoutRetries = true;
  if (v.baseline === "") return "--baseline needs a run folder";
  if (v.history === "") return "--history needs a results folder";
  if (v["stable-runs"] !== undefined) {
    if (!/^\d+$/.test(v["stable-runs"]) || Number(v["stable-runs"]) < 1) return "--stable-runs needs a positive integer";
    options.stableRuns = Number(v["stable-runs"]);
  }
  if (v["max-regressed"] !== undefined) {
    if (!/^\d+$/.test(v["max-regressed"])) return "--max-regressed needs a non-negative integer";
    options.maxRegressed = Number(v["max-regressed"]);
  }
  if (v["min-success-rate"] !== undefined) {
    const x = fraction(v["min-success-rate"]);
    if (x === null) return "--min-success-rate needs a fraction between 0 and 1 (or a percentage such as 80%)";
    options.minSuccessRate = x;
  }
  if (v.alpha !== undefined) {
    const x = Number(v.alpha);
    if (!(x > 0 && x < 1)) return "--alpha needs a number between 0 and 1 (exclusive)";
    options.alpha = x;
  }
  return { run: parsed.positionals[0]!, baseline: v.baseline!, history: v.history ?? null, json: v.json === true, options };
}

export async function checkCommand(args: string[], deps: CheckDeps = {}): Promise<number> {
  const cli = parseCommand("check", args);
  if (typeof cli === "number") return cli;
  const parsed = checkArgsOf(cli);
  if (typeof parsed === "string") return usageError("check", parsed);
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
