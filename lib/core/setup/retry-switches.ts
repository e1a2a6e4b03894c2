/**
 * The setup diff's own lines for the automatic-retry switches and `--min-agent-turns` (issue 45):
 * they decide which attempts are scored and which count as stalls, so a change to one changes the
 * rates without any change to the agent. Shown whether or not they differ, each with both values.
 */
import { isRetryArg } from "../retries";

export interface SwitchLine {
  name: string;
  base: string;
  other: string;
  changed: boolean;
}

/** Whether an argument is one of these switches. */
export function isRetryOrStallArg(name: string): boolean {
  return name === "min_agent_turns" || isRetryArg(name);
}

const show = (v: unknown) => (v === undefined ? "(not set)" : typeof v === "string" ? v : JSON.stringify(v));

/** Every retry switch and `min_agent_turns` either run's last invocation gave, in name order; `[]` when a run has no run_args.json. */
export function retrySwitchLines(base: Record<string, unknown> | null, other: Record<string, unknown> | null): SwitchLine[] {
  if (!base || !other) return [];
  const names = [...new Set([...Object.keys(base), ...Object.keys(other)])].filter(isRetryOrStallArg).sort();
  return names.map((name) => ({
    name,
    base: show(base[name]),
    other: show(other[name]),
    changed: JSON.stringify(base[name] ?? null) !== JSON.stringify(other[name] ?? null),
  }));
}

/** One sentence per switch that changed, for `check`'s comment and the trends ticks. */
export function retrySwitchSummary(lines: readonly SwitchLine[]): string[] {
  return lines
    .filter((l) => l.changed)
    .map((l) =>
      l.name === "min_agent_turns"
        ? `stall rule: --min-agent-turns ${l.base} → ${l.other} (scenarios with fewer agent turns count as failures)`
        : `automatic retries: ${l.name} ${l.base} → ${l.other} (retried scenarios are scored on their accepted attempt)`,
    );
}
