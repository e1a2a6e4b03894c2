/** What of one scenario goes into the themes: for a failing scenario, its judge reason and failed NL-assertion reasons. */
import type { ThemeItem } from "./theme";

interface JudgeLike {
  reason?: unknown;
  nl_assertion_verdicts?: ReadonlyArray<{ passed?: unknown; reason?: unknown }> | null;
}

export function themeItemsOf(scenario: string, judge: JudgeLike | null, findings: readonly string[] = []): ThemeItem[] {
  const out: ThemeItem[] = [];
  if (judge && typeof judge.reason === "string" && judge.reason.trim()) out.push({ scenario, source: "judge", text: judge.reason });
  for (const v of judge?.nl_assertion_verdicts ?? []) {
    if (v && v.passed !== true && typeof v.reason === "string" && v.reason.trim()) out.push({ scenario, source: "nl_assertion", text: v.reason });
  }
  for (const f of findings) if (f.trim()) out.push({ scenario, source: "finding", text: f });
  return out;
}
