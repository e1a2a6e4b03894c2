/**
 * One rule for an interruption (issue 55): one side starts while the other is speaking, on the
 * turns' times (the turn-taking table's rule, lib/core/timing/turn-taking.ts). The harness's
 * `[INTERRUPTED]` text is not one: it marks a turn whose speaker made audio without text
 * (ARTIFACTS.md, conversation_log.txt).
 */

export interface TimedTurn {
  role: "user" | "agent";
  start: number | null;
  end: number | null;
}

/** For each turn, the side that started while it was speaking (cut in on it), else `null`. */
export function cutInBy(turns: readonly TimedTurn[]): Array<"user" | "agent" | null> {
  return turns.map((t) => {
    if (t.start === null || t.end === null) return null;
    const { start, end } = t;
    const other = turns.find((o) => o.role !== t.role && o.start !== null && start < o.start && o.start < end);
    return other ? other.role : null;
  });
}

export const INTERRUPTED_MARK_TITLE =
  "The harness writes [INTERRUPTED] when the speaker made audio without text. It is not an interruption: that is one side starting while the other speaks (the turn-taking table).";
