/** Labels, tones and small formatters of the compare views (server and client safe). */
import { deltaText, fixed, percent } from "@/components/format";
import type { Change, CountedVerdict } from "@/lib/shared/compare";

export const CHANGE_ORDER: readonly Change[] = [
  "regressed",
  "fixed",
  "now_stalled",
  "was_stalled",
  "still_failing",
  "still_passing",
  "not_comparable",
  "only_base",
  "only_other",
];

/**
 * A bucket as people read it, in the run page's change vocabulary (lib/core/run-changes.ts): the
 * `regressed` bucket is a "new failure". The keys are the API's `change` values and stay as they are.
 */
export const CHANGE_LABEL: Record<Change, string> = {
  regressed: "New failure",
  fixed: "Fixed",
  still_failing: "Still failing",
  still_passing: "Still passing",
  not_comparable: "Not comparable",
  only_base: "Only in baseline",
  only_other: "Only in other run",
  was_stalled: "Was stalled",
  now_stalled: "Now stalled",
};

export const CHANGE_HINT: Record<Change, string> = {
  regressed: "passed in the baseline, fails in the other run (the run page's \"new\"; a flaky one among them, which needs the suite's history)",
  fixed: "failed in the baseline, passed in the other run",
  still_failing: "failed in both runs",
  still_passing: "passed in both runs",
  not_comparable: "verdict N/A on at least one side",
  only_base: "scenario missing from the other run",
  only_other: "scenario missing from the baseline",
  was_stalled: "stalled in the baseline (counted as failed, an infrastructure failure), not stalled in the other run: not a fix",
  now_stalled: "not stalled in the baseline, stalled in the other run (counted as failed, an infrastructure failure): not a regression",
};

/** Tailwind classes for a change badge. */
export const CHANGE_TONE: Record<Change, string> = {
  regressed: "bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-300 dark:ring-red-800",
  fixed: "bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-800",
  still_failing: "bg-orange-50 text-orange-900 ring-orange-200 dark:bg-orange-950/60 dark:text-orange-300 dark:ring-orange-900",
  still_passing: "bg-zinc-50 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700",
  not_comparable: "bg-zinc-100 text-zinc-600 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-700",
  only_base: "bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-300 dark:ring-sky-800",
  only_other: "bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-300 dark:ring-violet-800",
  was_stalled: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-800",
  now_stalled: "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-800",
};

export function verdictText(v: CountedVerdict): string {
  if (v === true) return "pass";
  if (v === false) return "fail";
  if (v === "N/A") return "N/A";
  return "absent";
}

export type Tone = "good" | "bad" | "neutral";

export function toneOf(delta: number | null | undefined, higherIsBetter = true): Tone {
  if (delta === null || delta === undefined || !Number.isFinite(delta) || delta === 0) return "neutral";
  return delta > 0 === higherIsBetter ? "good" : "bad";
}

export const TONE_TEXT: Record<Tone, string> = {
  good: "text-emerald-700 dark:text-emerald-400",
  bad: "text-red-700 dark:text-red-400",
  neutral: "text-zinc-600 dark:text-zinc-400",
};

/** A p-value as people read it. */
export function pText(p: number): string {
  if (!Number.isFinite(p)) return "–";
  if (p < 0.001) return "< 0.001";
  return fixed(p, 3);
}

export { deltaText, percent, fixed };

// The compare pages' URLs are built in one place (lib/shared/routes.ts).
export { compareHref, compareScenarioHref as scenarioCompareHref } from "@/lib/shared/routes";

/** Known ids that hold a comma, by their first piece, longest first: the only re-joins `splitRunIds` tries. */
export function commaIds(ids: Iterable<string>): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, string[]>();
  for (const id of ids) {
    const comma = id.indexOf(",");
    if (comma < 0) continue;
    const first = id.slice(0, comma);
    const list = out.get(first) ?? [];
    list.push(id);
    out.set(first, list);
  }
  for (const list of out.values()) list.sort((a, b) => b.length - a.length);
  return out;
}

/**
 * Splits a `runs=` value into at most `limit` ids. Ids are comma-joined, but an id may itself contain
 * a comma, so at each piece only the known ids that start with that piece (`commaIds`) are tried,
 * longest first, against the text as it is (no re-joining of slices). Bounded by the runs asked for,
 * not by the widest id: at most `limit` ids are taken, and at most `limit × 50` pieces looked at, so a
 * long list of commas or unknown ids costs no more than a short one (issue 42: 1,750 commas and a
 * 14 KB URL took 104 s when every width was tried at every piece).
 */
export function splitRunIds(values: readonly string[], withComma: ReadonlyMap<string, readonly string[]>, limit = 20): string[] {
  const out = new Set<string>();
  let budget = limit * 50;
  for (const value of values) {
    let p = 0;
    while (p <= value.length && out.size < limit && budget-- > 0) {
      const comma = value.indexOf(",", p);
      const end = comma < 0 ? value.length : comma;
      let taken = end;
      for (const id of withComma.get(value.slice(p, end)) ?? []) {
        const after = p + id.length;
        if ((after === value.length || value.charCodeAt(after) === 44) && value.startsWith(id, p)) {
          taken = after;
          break;
        }
      }
      const id = value.slice(p, taken).trim();
      if (id) out.add(id);
      p = taken + 1;
    }
  }
  return [...out];
}
