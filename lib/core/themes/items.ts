/**
 * What of one scenario goes into the themes: for a failing scenario, its judge reason and failed
 * NL-assertion reasons, each cut to `THEME_TEXT_CHARS` and at most `THEME_ITEMS_PER_SCENARIO` of them:
 * themes need a reason's words, not a megabyte of it (457 reasons of 1.5 MB ran the worker out of
 * memory at every request, and stayed cached; issue 54).
 */
import { cutText } from "../bounded-text";
import type { JudgeFields } from "../evidence/judge";
import type { ThemeItem } from "./theme";

/** Characters of one reason the themes read. */
export const THEME_TEXT_CHARS = 2_000;
/** Reasons of one scenario the themes read (its judge's, then its NL assertions', then its findings). */
export const THEME_ITEMS_PER_SCENARIO = 50;

/** `judge`: the judge file's fields as `readJudge` read them (a malformed score does not lose the reason). */
export function themeItemsOf(scenario: string, judge: Pick<JudgeFields, "reason" | "verdicts"> | null, findings: readonly string[] = []): ThemeItem[] {
  const out: ThemeItem[] = [];
  if (judge?.reason?.trim()) out.push({ scenario, source: "judge", text: judge.reason });
  for (const v of judge?.verdicts ?? []) {
    if (v && v.passed !== true && v.reason?.trim()) out.push({ scenario, source: "nl_assertion", text: v.reason });
  }
  for (const f of findings) if (f.trim()) out.push({ scenario, source: "finding", text: f });
  return out
    .slice(0, THEME_ITEMS_PER_SCENARIO)
    .map((item) => (item.text.length > THEME_TEXT_CHARS ? { ...item, text: cutText(item.text, THEME_TEXT_CHARS) } : item));
}
