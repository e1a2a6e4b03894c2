/** Labels, tones and small formatters of the compare views (server and client safe). */
import { fixed, percent } from "@/components/format";
import type { Change, CountedVerdict, RateName } from "@/lib/shared/compare";

export const CHANGE_ORDER: readonly Change[] = ["regressed", "fixed", "now_stalled", "was_stalled", "still_failing", "still_passing", "not_comparable", "only_base", "only_other"];

export const CHANGE_LABEL: Record<Change, string> = {
  regressed: "Regressed",
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
  regressed: "passed in the baseline, failed in the other run",
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

export const RATE_LABEL: Record<RateName, { label: string; unit: string; mean?: true }> = {
  success_rate: { label: "Overall success", unit: "scenarios" },
  task_success_rate: { label: "Task success (excl. clean_exit)", unit: "scenarios" },
  action_match_rate: { label: "Action-list match", unit: "scenarios" },
  db_state_success_rate: { label: "DB-state match", unit: "scenarios" },
  db_state_assertion_success_rate: { label: "DB-state assertions", unit: "predicates" },
  nl_assertion_success_rate: { label: "NL assertions", unit: "assertions" },
  judge_score_mean: { label: "Judge score (mean)", unit: "scenarios", mean: true },
  judge_pass_rate: { label: "Judge passed", unit: "scenarios" },
  clean_exit_rate: { label: "Clean exit", unit: "scenarios" },
};

export function verdictText(v: CountedVerdict): string {
  if (v === true) return "pass";
  if (v === false) return "fail";
  if (v === "N/A") return "N/A";
  return "absent";
}

export type Tone = "good" | "bad" | "neutral";

/** `+3.00 pp` for a rate delta (0–1 fractions), `+0.050` for a mean. */
export function deltaText(delta: number | null | undefined, mean = false): string {
  if (delta === null || delta === undefined || !Number.isFinite(delta)) return "–";
  const sign = delta > 0 ? "+" : delta < 0 ? "−" : "±";
  const abs = Math.abs(delta);
  return mean ? `${sign}${fixed(abs, 3)}` : `${sign}${fixed(abs * 100, 2)} pp`;
}

export function toneOf(delta: number | null | undefined, higherIsBetter = true): Tone {
  if (delta === null || delta === undefined || !Number.isFinite(delta) || delta === 0) return "neutral";
  return (delta > 0) === higherIsBetter ? "good" : "bad";
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

export { percent, fixed };

// The compare pages' URLs are built in one place (lib/shared/routes.ts).
export { compareHref, compareScenarioHref as scenarioCompareHref } from "@/lib/shared/routes";

/**
 * Splits a `runs=` value into ids. Ids are comma-joined, but an id may itself contain a comma, so
 * adjacent pieces are re-joined when that gives a known id, longest first. `widest` is the most
 * pieces any known id has (1 + its commas), so the work is linear in the pieces: a long list of
 * unknown ids costs one look-up each, never every slice of the list.
 */
export function splitRunIds(values: readonly string[], known: (id: string) => boolean, widest = 1): string[] {
  const out: string[] = [];
  for (const value of values) {
    const parts = value.split(",");
    let i = 0;
    while (i < parts.length) {
      let taken = 1;
      for (let j = Math.min(parts.length, i + widest); j > i + 1; j--) {
        if (known(parts.slice(i, j).join(","))) {
          taken = j - i;
          break;
        }
      }
      const id = parts.slice(i, i + taken).join(",").trim();
      if (id) out.push(id);
      i += taken;
    }
  }
  return [...new Set(out)];
}

/** The `widest` of `splitRunIds` for these ids: 1 + the most commas one holds. */
export function widestId(ids: Iterable<string>): number {
  let widest = 1;
  for (const id of ids) if (id.includes(",")) widest = Math.max(widest, id.split(",").length);
  return widest;
}
