/**
 * Cross-scenario patterns of a run (ARTIFACTS.md §7.13): the same misheard word or number in two
 * or more scenarios, fabrications in two or more, and one framework issue in half or more.
 */
import type { AsrDiff } from "../insights/asr-diff";

export interface Pattern {
  kind: "misheard" | "fabrication" | "judge-errors" | "missing-db-hash" | "empty-context";
  text: string;
  /** The scenarios behind it (folder names; the first PATTERN_LINKS of them). */
  scenarios: string[];
  /** How many scenarios it rests on. */
  count: number;
  /** Out of how many scenarios. */
  of: number;
}

export interface PatternInput {
  name: string;
  misheard: string[];
  fabrications: number;
  judgeError: boolean;
  missingDbHash: boolean;
  emptyAgentContext: boolean;
}

const ASR_PAIR_FLAG = 0.08;
/** Scenario links kept per pattern (the count says how many there are). */
export const PATTERN_LINKS = 50;
const MAX_MISHEARD_PATTERNS = 20;
const STOP = new Set([
  "the",
  "and",
  "for",
  "you",
  "your",
  "that",
  "this",
  "with",
  "can",
  "are",
  "was",
  "its",
  "it's",
  "have",
  "has",
  "but",
  "not",
  "a",
  "an",
  "to",
  "of",
  "is",
  "i",
  "my",
  "me",
  "it",
  "on",
  "in",
  "at",
  "be",
]);

/** The intended words a flagged utterance lost (substituted or dropped): what the recognizer got wrong. */
export function misheardWords(asr: AsrDiff | null): string[] {
  if (!asr) return [];
  const out = new Set<string>();
  for (const p of asr.pairs) {
    if (p.wer < ASR_PAIR_FLAG) continue;
    for (const op of p.ops) {
      const w = op.meant;
      if ((op.op === "sub" || op.op === "del") && w && (/\d/.test(w) || (w.length >= 3 && !STOP.has(w)))) out.add(w);
    }
  }
  return [...out].sort();
}

export function crossScenarioPatterns(items: readonly PatternInput[]): Pattern[] {
  const of = items.length;
  const out: Pattern[] = [];
  const byWord = new Map<string, string[]>();
  for (const it of items) {
    for (const w of it.misheard) {
      const list = byWord.get(w);
      if (list) list.push(it.name);
      else byWord.set(w, [it.name]);
    }
  }
  const words = [...byWord].filter(([, names]) => names.length >= 2).sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
  for (const [word, names] of words.slice(0, MAX_MISHEARD_PATTERNS))
    out.push({ kind: "misheard", text: `"${word}" misheard in ${names.length} scenarios`, scenarios: names.slice(0, PATTERN_LINKS), count: names.length, of });
  const fab = items.filter((i) => i.fabrications > 0).map((i) => i.name);
  if (fab.length >= 2)
    out.push({
      kind: "fabrication",
      text: `Fabricated action claims in ${fab.length} scenarios`,
      scenarios: fab.slice(0, PATTERN_LINKS),
      count: fab.length,
      of,
    });
  const half = (list: string[], kind: Pattern["kind"], what: string) => {
    if (of > 0 && list.length * 2 >= of && list.length > 0)
      out.push({
        kind,
        text: `${what} in ${list.length} of ${of} scenarios: a framework issue`,
        scenarios: list.slice(0, PATTERN_LINKS),
        count: list.length,
        of,
      });
  };
  half(
    items.filter((i) => i.judgeError).map((i) => i.name),
    "judge-errors",
    "Judge errors",
  );
  half(
    items.filter((i) => i.missingDbHash).map((i) => i.name),
    "missing-db-hash",
    "No DB hash reported",
  );
  half(
    items.filter((i) => i.emptyAgentContext).map((i) => i.name),
    "empty-context",
    "Empty agent contexts ([])",
  );
  return out;
}
