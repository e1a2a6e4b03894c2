/** Signal names in success_breakdown, with readable labels (the rates' names are in lib/core/figures.ts). */
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
