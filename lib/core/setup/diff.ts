/**
 * What changed in a run's setup between two runs (issue 37): the run arguments of each run's last
 * invocation, and per scenario-config file the change summarised across the suite (the same edit
 * everywhere is shown once; different edits are grouped), tools added and removed, the judge. Pure:
 * `lib/server/setup` reads the files; text lines are diffed with jsdiff.
 */
import { count } from "../format";
import { diffLines } from "diff";
import { isRetryOrStallArg, retrySwitchLines, retrySwitchSummary } from "./retry-switches";
import { redactedArgChange, redactSetupDiff } from "./redact-setup";
import type { ArgChange, DiffLine, FileChange, LineDiff, PromptEdit, ScenarioSetup, SetupDiff, ToolChange } from "./shapes";

export type { ArgChange, DiffLine, FileChange, LineDiff, PromptEdit, ScenarioSetup, SetupDiff, ToolChange } from "./shapes";

/** The last invocation's `parsed_args` (which rule the run, ARTIFACTS.md §1.16); `null` without `run_args.json` (an older harness). */
export function lastInvocationArgs(invocations: ReadonlyArray<{ parsed_args?: Record<string, unknown> }>): Record<string, unknown> | null {
  return invocations.length ? (invocations[invocations.length - 1]?.parsed_args ?? {}) : null;
}

/** Arguments that differ by nature from run to run and say nothing about the setup. */
const RUN_LOCAL = new Set(["output_dir", "resume", "run_dir", "results_dir", "log_dir"]);
const MAX_LINES = 80;
const MAX_VALUE = 300;

function show(value: unknown): string {
  const s = value === undefined ? "(not set)" : typeof value === "string" ? value : JSON.stringify(value);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
}

/** The last invocation's `parsed_args` that differ, compared as they are and shown redacted (`lib/core/redact.ts`). */
export function argChanges(base: Record<string, unknown> | null, other: Record<string, unknown> | null): ArgChange[] {
  if (!base || !other) return [];
  const names = [...new Set([...Object.keys(base), ...Object.keys(other)])].filter((n) => !RUN_LOCAL.has(n)).sort();
  const out: ArgChange[] = [];
  for (const name of names) {
    const a = JSON.stringify(base[name] ?? null);
    const b = JSON.stringify(other[name] ?? null);
    if (a === b) continue;
    out.push(redactedArgChange(name, base[name], other[name], show));
  }
  return out;
}

/**
 * Edit script length past which two texts are "too different to show line by line": jsdiff's search
 * grows with the product of the texts' lines and the edit's length (two unrelated 100 KB JSON menus,
 * 6,600 lines each: 5.6 s whole, 77 ms to give up at 1,000), and a page shows 80 lines of it anyway.
 */
export const MAX_EDIT_LINES = 1000;
/** The search's bound in time too, whatever the lines' lengths. */
const DIFF_TIMEOUT_MS = 1000;

/** Lines of one text not matched by a line of the other, both ways (a multiset difference: linear, and never more than the edit script). */
export function changedLineCount(a: string, b: string): number {
  const count = new Map<string, number>();
  for (const l of a.split("\n")) count.set(l, (count.get(l) ?? 0) + 1);
  let added = 0;
  for (const l of b.split("\n")) {
    const n = count.get(l) ?? 0;
    if (n > 0) count.set(l, n - 1);
    else added++;
  }
  let removed = 0;
  for (const n of count.values()) removed += n;
  return added + removed;
}

/** A line diff of two texts: changed lines with one line of context, bounded in lines shown and in the search (`MAX_EDIT_LINES`). */
export function lineDiff(a: string, b: string): LineDiff {
  const parts = diffLines(a, b, { maxEditLength: MAX_EDIT_LINES, timeout: DIFF_TIMEOUT_MS });
  if (!parts) return { lines: [], cut: 0, unshown: `too different to show line by line: ${count(changedLineCount(a, b))} lines changed` };
  const all: DiffLine[] = [];
  for (const part of parts) {
    const op = part.added ? "+" : part.removed ? "-" : " ";
    const lines = part.value.replace(/\n$/, "").split("\n");
    for (const text of lines) all.push({ op, text });
  }
  const keep = all.map((l, i) => l.op !== " " || all[i - 1]?.op === "+" || all[i - 1]?.op === "-" || all[i + 1]?.op === "+" || all[i + 1]?.op === "-");
  const kept = all.filter((_, i) => keep[i]);
  return { lines: kept.slice(0, MAX_LINES), cut: Math.max(0, kept.length - MAX_LINES) };
}

/** Diffs of text pairs, each distinct (before, after) pair diffed once. */
export type DiffOf = (a: string, b: string) => LineDiff;

/** `lineDiff`, once per distinct pair (a suite's scenarios often share one prompt and one edit). */
export function memoLineDiff(diff: DiffOf = lineDiff): DiffOf {
  const byBefore = new Map<string, Map<string, LineDiff>>();
  return (a, b) => {
    const byAfter = byBefore.get(a) ?? new Map<string, LineDiff>();
    byBefore.set(a, byAfter);
    const hit = byAfter.get(b);
    if (hit) return hit;
    const d = diff(a, b);
    byAfter.set(b, d);
    return d;
  };
}

/** Each pair's diff (the work pool's `lineDiffs` job). */
export function lineDiffs(pairs: ReadonlyArray<readonly [string, string]>): LineDiff[] {
  return pairs.map(([a, b]) => lineDiff(a, b));
}

export type SetupSide = { args: Record<string, unknown> | null; scenarios: ReadonlyMap<string, ScenarioSetup> };

/** The distinct (before, after) prompt pairs `setupDiff` will diff: what to diff elsewhere (off the main thread) first. */
export function changedPromptPairs(base: SetupSide, other: SetupSide): Array<[string, string]> {
  const seen = new Map<string, Set<string>>();
  const out: Array<[string, string]> = [];
  for (const [name, a] of base.scenarios) {
    const b = other.scenarios.get(name);
    if (!b) continue;
    for (const [x, y] of [
      [a.agentPrompt, b.agentPrompt],
      [a.userPrompt, b.userPrompt],
    ] as const) {
      if (x === null || y === null || x === y) continue;
      const afters = seen.get(x) ?? new Set<string>();
      seen.set(x, afters);
      if (afters.has(y)) continue;
      afters.add(y);
      out.push([x, y]);
    }
  }
  return out;
}

function promptChange(file: FileChange["file"], pairs: ReadonlyArray<[string, string | null, string | null]>, diffOf: DiffOf): FileChange | null {
  const edits = new Map<string, PromptEdit>();
  let of = 0;
  let changed = 0;
  for (const [name, a, b] of pairs) {
    if (a === null || b === null) continue;
    of++;
    if (a === b) continue;
    changed++;
    const d = diffOf(a, b);
    // The same edit in every scenario: the same changed lines (context aside); a diff not shown is its own pair's.
    const key = d.unshown === undefined ? JSON.stringify(d.lines.filter((l) => l.op !== " ")) : `\u0000${a}\u0000${b}`;
    const hit = edits.get(key);
    if (hit) hit.scenarios.push(name);
    else edits.set(key, { ...d, scenarios: [name] });
  }
  if (changed === 0) return null;
  return { file, changed, of, edits: [...edits.values()].sort((x, y) => y.scenarios.length - x.scenarios.length) };
}

function toolChanges(side: "agent" | "user", pairs: ReadonlyArray<[string | null, string[] | null, string[] | null]>): ToolChange[] {
  const added = new Map<string, number>();
  const removed = new Map<string, number>();
  let of = 0;
  for (const [, a, b] of pairs) {
    if (!a || !b) continue;
    of++;
    for (const t of b) if (!a.includes(t)) added.set(t, (added.get(t) ?? 0) + 1);
    for (const t of a) if (!b.includes(t)) removed.set(t, (removed.get(t) ?? 0) + 1);
  }
  return [
    ...[...added].map(([tool, n]): ToolChange => ({ side, tool, change: "added", scenarios: n, of })),
    ...[...removed].map(([tool, n]): ToolChange => ({ side, tool, change: "removed", scenarios: n, of })),
  ].sort((x, y) => (x.change < y.change ? -1 : x.change > y.change ? 1 : x.tool < y.tool ? -1 : 1));
}

/** The setup diff of two runs; `diffOf` gives each prompt pair's line diff (by default computed here, each distinct pair once). */
export function setupDiff(base: SetupSide, other: SetupSide, diffOf: DiffOf = memoLineDiff()): SetupDiff {
  const names = [...base.scenarios.keys()].filter((n) => other.scenarios.has(n)).sort();
  const pair = (n: string) => [base.scenarios.get(n) as ScenarioSetup, other.scenarios.get(n) as ScenarioSetup] as const;
  const args = argChanges(base.args, other.args);
  const prompts = [
    promptChange(
      "agent_prompt.txt",
      names.map((n) => [n, pair(n)[0].agentPrompt, pair(n)[1].agentPrompt]),
      diffOf,
    ),
    promptChange(
      "user_prompt.txt",
      names.map((n) => [n, pair(n)[0].userPrompt, pair(n)[1].userPrompt]),
      diffOf,
    ),
  ].filter((c): c is FileChange => c !== null);
  const tools = [
    ...toolChanges(
      "agent",
      names.map((n) => [n, pair(n)[0].agentTools, pair(n)[1].agentTools]),
    ),
    ...toolChanges(
      "user",
      names.map((n) => [n, pair(n)[0].userTools, pair(n)[1].userTools]),
    ),
  ];
  const problems = [
    ...names.flatMap((n) => pair(n)[0].problems.map((p) => `base ${n}: ${p}`)),
    ...names.flatMap((n) => pair(n)[1].problems.map((p) => `other ${n}: ${p}`)),
  ];
  const find = (name: string) => args.find((a) => a.name === name) ?? null;
  const runArgs = { base: base.args !== null, other: other.args !== null };
  return redactSetupDiff({
    runArgs,
    args,
    judge: { model: find("judge_model"), threshold: find("judge_threshold") },
    retrySwitches: retrySwitchLines(base.args, other.args),
    prompts,
    tools,
    scenarios: names.length,
    problems,
    same: runArgs.base && runArgs.other && args.length === 0 && prompts.length === 0 && tools.length === 0,
  });
}

/** One line per kind of change, for a PR comment or a trends tick: "judge_model: a → b; agent prompt changed in 10 of 10 scenarios". */
export function setupSummary(d: SetupDiff): string[] {
  const out: string[] = [];
  if (!d.runArgs.base || !d.runArgs.other)
    out.push(`no run_args.json in the ${!d.runArgs.base ? "base" : "other"} run (older harness): its arguments are unknown`);
  for (const a of d.args) if (!isRetryOrStallArg(a.name)) out.push(`${a.name}: ${a.base} → ${a.other}`);
  out.push(...retrySwitchSummary(d.retrySwitches ?? []));
  for (const p of d.prompts)
    out.push(
      `${p.file.replace(".txt", "").replace("_", " ")} changed in ${p.changed} of ${p.of} scenarios${p.edits.length === 1 ? " (the same edit)" : ` (${p.edits.length} different edits)`}`,
    );
  for (const t of d.tools) out.push(`${t.side} tool ${t.tool} ${t.change} in ${t.scenarios} of ${t.of} scenarios`);
  return out;
}
