/**
 * The setup diff with its secrets out (issue 42): arguments are compared as they are and shown
 * redacted (`changed (redacted)` when only a secret moved); prompt lines, tool names and problems
 * lose any secret-shaped value. Applied by `setupDiff` itself, so every output of it is redacted.
 */
import { redactProse, redactValue } from "../redact";
import type { ArgChange, SetupDiff } from "./shapes";

/** One changed argument, shown redacted; `raw` values compared by the caller already differ. */
export function redactedArgChange(name: string, base: unknown, other: unknown, show: (value: unknown) => string): ArgChange {
  const rb = redactValue(base, name);
  const ro = redactValue(other, name);
  const redacted = JSON.stringify(rb ?? null) !== JSON.stringify(base ?? null) || JSON.stringify(ro ?? null) !== JSON.stringify(other ?? null);
  const shownBase = show(rb);
  const shownOther = show(ro);
  if (!redacted) return { name, base: shownBase, other: shownOther };
  return { name, base: shownBase, other: shownOther === shownBase ? "changed (redacted)" : shownOther, redacted: true };
}

export function redactSetupDiff(d: SetupDiff): SetupDiff {
  return {
    ...d,
    prompts: d.prompts.map((p) => ({ ...p, edits: p.edits.map((e) => ({ ...e, lines: e.lines.map((l) => ({ ...l, text: redactProse(l.text) })) })) })),
    tools: d.tools.map((t) => ({ ...t, tool: redactProse(t.tool) })),
    problems: d.problems.map(redactProse),
  };
}
