/**
 * Which transcript turn each "heard vs meant" pair is (issue 55: one turn numbering everywhere).
 * A pair is the k-th utterance the user simulator meant; its turn is the user turn of the page's
 * transcript that says it: by its words first, else by position among the user turns that spoke
 * words, when the two lists are the same length. `null` when neither places it.
 */
import { normalizeWords } from "./asr-diff";

export interface SpokenTurn {
  role: "user" | "agent";
  text: string;
}

const key = (text: string) => normalizeWords(text).join(" ");

/** A user turn with words ([INTERRUPTED] is audio without text). */
const spoke = (t: SpokenTurn) => t.role === "user" && t.text.trim() !== "" && t.text.trim() !== "[INTERRUPTED]";

export function asrPairTurns(meant: readonly string[], turns: readonly SpokenTurn[]): Array<number | null> {
  const userTurns = [...turns.entries()].filter(([, t]) => spoke(t)).map(([i]) => i);
  const byPosition = userTurns.length === meant.length;
  let from = 0;
  return meant.map((m, k) => {
    const want = key(m);
    // In order: a later pair is never placed before an earlier one.
    const at = userTurns.findIndex((i, j) => j >= from && key((turns[i] as SpokenTurn).text) === want);
    if (at >= 0) {
      from = at + 1;
      return userTurns[at] as number;
    }
    return byPosition ? (userTurns[k] ?? null) : null;
  });
}
