/** What of one scenario goes into the themes: for a failing scenario, its judge reason and failed NL-assertion reasons. */
import type { JudgeFields } from "../evidence/judge";
import type { ThemeItem } from "./theme";

/** `judge`: the judge file's fields as `readJudge` read them (a malformed score does not lose the reason). */
export function themeItemsOf(scenario: string, judge: Pick<JudgeFields, "reason" | "verdicts"> | null, findings: readonly string[] = []): ThemeItem[] {
  const out: ThemeItem[] = [];
  if (judge?.reason?.trim()) out.push({ scenario, source: "judge", text: judge.reason });
  for (const v of judge?.verdicts ?? []) {
    if (v && v.passed !== true && v.reason?.trim()) out.push({ scenario, source: "nl_assertion", text: v.reason });
  }
  for (const f of findings) if (f.trim()) out.push({ scenario, source: "finding", text: f });
  return out;
}
