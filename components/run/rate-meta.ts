import type { RateName } from "@/lib/shared/dto";

/** Labels as all_summary.txt prints them, and what each denominator counts. */
export const RATE_META: Record<RateName, { label: string; short: string; unit: string; mean?: true }> = {
  success_rate: { label: "Overall Success Rate", short: "Success", unit: "scenarios" },
  task_success_rate: { label: "Task Success Rate (excl. clean_exit)", short: "Task success", unit: "scenarios" },
  action_match_rate: { label: "Action-list match", short: "Action match", unit: "scenarios" },
  db_state_success_rate: { label: "DB-State match", short: "DB state", unit: "scenarios" },
  db_state_assertion_success_rate: { label: "DB-State-Assertion pass", short: "DB assertions", unit: "predicates" },
  nl_assertion_success_rate: { label: "NL-Assertion pass", short: "NL assertions", unit: "assertions" },
  judge_score_mean: { label: "Judge score mean", short: "Judge score", unit: "scenarios", mean: true },
  judge_pass_rate: { label: "Judge passed (>= threshold)", short: "Judge passed", unit: "scenarios" },
  clean_exit_rate: { label: "Clean exit", short: "Clean exit", unit: "scenarios" },
};

/** Signal names in success_breakdown, with readable labels. */
export const SIGNAL_LABELS: Record<string, string> = {
  is_action_match: "Action match",
  db_state_match: "DB state",
  db_state_assertion: "DB assertions",
  nl_assertion: "NL assertions",
  judge_passed: "Judge passed",
  clean_exit: "Clean exit",
};

export const BUCKET_LABELS = {
  passed: "passed",
  failed: "failed",
  not_applicable: "not applicable",
  excluded: "excluded",
} as const;
