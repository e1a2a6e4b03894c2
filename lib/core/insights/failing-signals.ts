/**
 * Each failing signal with the value that failed it (§4.3): what the first screen of a failing
 * scenario and the reports say beside the verdict, from metrics.json (and the judge's verdicts when
 * read). Never throws on odd values: a value of another type is shown as it is.
 */
import { callEndOf, callEndStory } from "../call-end";
import type { ScenarioRow } from "../scenario-row";

export interface FailingSignal {
  signal: string;
  /** The value, said in a few words: "actual 82d691d7… ≠ expected 42abaa49…", "1/3 passed". */
  value: string;
  /** Anchor id on the scenario page where the evidence is. */
  anchor: string;
}

const short = (v: unknown) => (typeof v === "string" ? (v.length > 12 ? `${v.slice(0, 8)}…` : v) : v === null ? "none" : "?");
const fixed = (v: unknown, d: number) => (typeof v === "number" && Number.isFinite(v) ? v.toFixed(d) : String(v));

function passedOf(list: unknown): { passed: number; total: number } | null {
  if (!Array.isArray(list)) return null;
  const total = list.length;
  const passed = list.filter((v) => !!v && typeof v === "object" && (v as Record<string, unknown>).passed === true).length;
  return { passed, total };
}

function rateText(rate: unknown, counted: { passed: number; total: number } | null, what: string): string {
  if (counted && counted.total > 0) return `${counted.passed}/${counted.total} ${what} passed`;
  return typeof rate === "number" ? `${Math.round(rate * 100)}% of ${what} passed` : `${what}: no pass rate`;
}

/**
 * `judge`: judge_result.json as read (its `nl_assertion_verdicts` count the NL assertions);
 * `threshold`: the run's judge threshold, when known.
 */
export function failingSignals(row: ScenarioRow | null, metrics: Record<string, unknown> | null, judge: unknown, threshold: number | null): FailingSignal[] {
  if (!row) return [];
  const m = metrics ?? {};
  const verdicts = judge && typeof judge === "object" && !Array.isArray(judge) ? (judge as Record<string, unknown>).nl_assertion_verdicts : undefined;
  return row.success_breakdown.failed.map((signal): FailingSignal => {
    switch (signal) {
      case "db_state_match":
        return m.db_state_actual_hash === null
          ? { signal, value: "no DB hash reported by the bot", anchor: "db-state" }
          : { signal, value: `DB hashes differ: actual ${short(m.db_state_actual_hash)} ≠ expected ${short(m.db_state_expected_hash)}`, anchor: "db-state" };
      case "db_state_assertion":
        return { signal, value: rateText(m.db_state_assertion_pass_rate, passedOf(m.db_state_assertion_verdicts), "DB assertions"), anchor: "db-assertions" };
      case "nl_assertion":
        return { signal, value: rateText(m.nl_assertion_pass_rate, passedOf(verdicts), "NL assertions"), anchor: "judge" };
      case "judge_passed": {
        const score = row.judge_error ? row.judge_error : fixed(row.judge_score ?? m.judge_score, 2);
        return { signal, value: `judge score ${score} < threshold ${threshold === null ? "unknown" : fixed(threshold, 2)}`, anchor: "judge" };
      }
      case "is_action_match":
        return { signal, value: "the recorded actions differ from the reference", anchor: "actions" };
      case "clean_exit": {
        // Said as the harness's policy reads the end (issue 57): an end the agent could not have made is not put on it.
        const end = callEndOf(m);
        const story = callEndStory(end);
        if (end.policy === null && end.reason === null && (end.stopReason === "[TIMEOUT]" || end.stopReason === null))
          return { signal, value: `stop reason ${row.stop_reason ?? "unknown"}: the agent did not end the call`, anchor: "transcript" };
        return { signal, value: `stop reason ${row.stop_reason ?? "unknown"}: ${story.text}`, anchor: "call-end" };
      }
      default:
        return { signal, value: "failed", anchor: "checks" };
    }
  });
}
