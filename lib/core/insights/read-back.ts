/**
 * Identifiers the agent read back differently from how the caller said them ("W 1 5 3 5 6 4 1" →
 * "#E1535641"): one or two characters off, the same length. Visible in any transcript, metrics.json's
 * included, where it is often the whole story of a wrong write. A display heuristic, not a score.
 */

export interface ReadBackMismatch {
  /** Index of the caller's turn and of the agent turn that read it back. */
  userTurn: number;
  agentTurn: number;
  said: string;
  readBack: string;
}

/** How many agent turns after the caller's a read-back is looked for. */
const AGENT_TURNS_AFTER = 2;
/** Texts longer than this are not searched (a pasted document is not a spoken identifier). */
const MAX_TEXT = 2_000;

/** Single characters spoken one by one ("W 1 5 3", "9-2-1") joined into one token. */
function joinSpelled(text: string): string {
  return text.replace(/\b[A-Za-z0-9](?:[ \-.,]+[A-Za-z0-9]\b){3,}/g, (m) => m.replace(/[ \-.,]+/g, ""));
}

/** Identifier-like tokens: five or more letters and digits, two of them digits at least, upper-cased. */
export function identifiersIn(text: string): string[] {
  if (text.length > MAX_TEXT) return [];
  const out = new Set<string>();
  for (const m of joinSpelled(text).matchAll(/[A-Za-z0-9]{5,}/g)) {
    const token = m[0].toUpperCase();
    if ((token.match(/\d/g)?.length ?? 0) >= 2) out.add(token);
  }
  return [...out];
}

function differences(a: string, b: string): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) d++;
  return d;
}

export function readBackMismatches(turns: ReadonlyArray<{ role: "user" | "agent"; text: string }>): ReadBackMismatch[] {
  const out: ReadBackMismatch[] = [];
  const seen = new Set<string>();
  const said = new Set<string>();
  // Each turn's identifiers once: an agent turn is looked at after up to two caller turns.
  const memo = new Map<number, string[]>();
  const idsOf = (i: number) => {
    let ids = memo.get(i);
    if (!ids) memo.set(i, (ids = identifiersIn((turns[i] as { text: string }).text)));
    return ids;
  };
  turns.forEach((t, i) => {
    if (t.role !== "user") return;
    const ids = idsOf(i);
    if (ids.length === 0) return;
    for (const id of ids) said.add(id);
    let agentTurns = 0;
    for (let a = i + 1; a < turns.length && agentTurns < AGENT_TURNS_AFTER; a++) {
      const reply = turns[a] as { role: "user" | "agent"; text: string };
      if (reply.role !== "agent") continue;
      agentTurns++;
      for (const back of idsOf(a)) {
        if (said.has(back)) continue;
        const near = ids.find((id) => id.length === back.length && differences(id, back) <= 2);
        if (!near || seen.has(`${near}\0${back}`)) continue;
        seen.add(`${near}\0${back}`);
        out.push({ userTurn: i, agentTurn: a, said: near, readBack: back });
      }
    }
  });
  return out;
}
