/** The setup diff's shapes (see `diff`), apart so that `redact-setup` and `diff` do not import each other. */
import type { SwitchLine } from "./retry-switches";

/** A scenario's setup as read: `null` for a file that is absent, a problem string for one that could not be used. */
export interface ScenarioSetup {
  agentPrompt: string | null;
  userPrompt: string | null;
  /** Tool names (the keys of `agent_tools.json` once parsed twice), sorted. */
  agentTools: string[] | null;
  userTools: string[] | null;
  problems: string[];
}

export interface ArgChange {
  name: string;
  base: string;
  other: string;
  /** A secret was taken out of either side (`lib/core/redact.ts`); `other` says "changed (redacted)" when the shown values are alike. */
  redacted?: true;
}

export interface DiffLine {
  op: "+" | "-" | " ";
  text: string;
}

/** A line diff of two texts, bounded: the changed lines with a line of context, or why they are not shown. */
export interface LineDiff {
  /** The changed lines with a line of context around each change. */
  lines: DiffLine[];
  /** How many lines the diff holds beyond `lines` (cut to keep a page bounded). */
  cut: number;
  /** Set when the lines are not shown: "too different to show line by line: N lines changed". */
  unshown?: string;
}

export interface PromptEdit extends LineDiff {
  scenarios: string[];
}

export interface FileChange {
  file: "agent_prompt.txt" | "user_prompt.txt";
  /** Paired scenarios whose file differs, of `of` that have it on both sides. */
  changed: number;
  of: number;
  /** Distinct edits, most scenarios first: one when the edit is the same everywhere. */
  edits: PromptEdit[];
}

export interface ToolChange {
  side: "agent" | "user";
  tool: string;
  change: "added" | "removed";
  scenarios: number;
  of: number;
}

export interface SetupDiff {
  /** Whether each run has a `run_args.json` with an invocation (an older harness may not). */
  runArgs: { base: boolean; other: boolean };
  args: ArgChange[];
  judge: { model: ArgChange | null; threshold: ArgChange | null };
  /** The automatic-retry switches and `min_agent_turns`, each on its own line with both values, changed or not (issue 45). */
  retrySwitches: SwitchLine[];
  prompts: FileChange[];
  tools: ToolChange[];
  /** Paired scenarios compared. */
  scenarios: number;
  problems: string[];
  /** Nothing differs (and both runs have their run arguments). */
  same: boolean;
}
