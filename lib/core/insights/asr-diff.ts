/**
 * What the user simulator meant against what the agent heard (ARTIFACTS.md §7.7): intents are the
 * simulator's assistant messages, "heard" the agent-side user messages; paired by index, diffed word
 * by word after benign normalisation (case, punctuation, number words).
 */

export interface WordOp {
  op: "same" | "sub" | "del" | "ins";
  /** The intended word (absent for an insertion). */
  meant?: string;
  /** The heard word (absent for a deletion). */
  heard?: string;
}

export interface AsrPair {
  index: number;
  meant: string;
  heard: string;
  ops: WordOp[];
  /** Word error rate: (substitutions + deletions + insertions) ÷ intended words. */
  wer: number;
}

export interface AsrDiff {
  pairs: AsrPair[];
  meantCount: number;
  heardCount: number;
  /** Errors ÷ intended words over all pairs. */
  wer: number;
}

const NUMBER_WORDS: Record<string, string> = {
  zero: "0", oh: "0", one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10",
  eleven: "11", twelve: "12", thirteen: "13", fourteen: "14", fifteen: "15", sixteen: "16", seventeen: "17", eighteen: "18", nineteen: "19", twenty: "20",
};

function messageText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((p) => (p && typeof p === "object" && typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : "")).join(" ");
  return "";
}

/** Lower-case, drop punctuation (keeping `@ . _` inside words), number words → digits, digit runs joined. */
export function normalizeWords(text: string): string[] {
  // Positions in `out` that began as a single spelled letter.
  const spelled = new Set<number>();
  const words = text
    .toLowerCase()
    .replace(/[$€£,]/g, " ")
    .replace(/[^\p{L}\p{N}@._#'\s-]/gu, " ")
    .replace(/(^|\s)[.'-]+|[.'-]+(?=\s|$)/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (Object.hasOwn(NUMBER_WORDS, w) ? (NUMBER_WORDS[w] as string) : w))
    .map((w) => (w === "underscore" ? "_" : w));
  // Spelled digits ("4 5 6"), grouped digits ("456") and dashed numbers ("303-824-8041") are the
  // same number; spelled letters ("s o f i a") are the word they spell.
  const out: string[] = [];
  for (const raw of words) {
    const w = /^\d+(-\d+)+$/.test(raw) ? raw.replace(/-/g, "") : raw;
    const last = out[out.length - 1];
    const digits = /^\d+$/.test(w) && last !== undefined && /^\d+$/.test(last);
    const letters = /^\p{L}$/u.test(w) && last !== undefined && /^\p{L}+$/u.test(last) && spelled.has(out.length - 1);
    if (digits || letters) out[out.length - 1] = last + w;
    else {
      out.push(w);
      if (/^\p{L}$/u.test(w)) spelled.add(out.length - 1);
    }
  }
  return out;
}

/** Levenshtein alignment of two word lists. */
export function alignWords(meant: string[], heard: string[]): WordOp[] {
  const n = meant.length;
  const m = heard.length;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const cost = meant[i - 1] === heard[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
    }
  }
  const ops: WordOp[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && d[i]![j] === d[i - 1]![j - 1]! + (meant[i - 1] === heard[j - 1] ? 0 : 1)) {
      ops.push({ op: meant[i - 1] === heard[j - 1] ? "same" : "sub", meant: meant[i - 1], heard: heard[j - 1] });
      i--;
      j--;
    } else if (i > 0 && d[i]![j] === d[i - 1]![j]! + 1) {
      ops.push({ op: "del", meant: meant[i - 1] });
      i--;
    } else {
      ops.push({ op: "ins", heard: heard[j - 1] });
      j--;
    }
  }
  return ops.reverse();
}

export function intents(userContext: readonly unknown[]): string[] {
  return userContext
    .filter((m): m is Record<string, unknown> => !!m && typeof m === "object" && (m as Record<string, unknown>).role === "assistant")
    .map((m) => messageText(m.content).trim())
    .filter(Boolean);
}

export function heard(agentContext: readonly unknown[]): string[] {
  const list = agentContext
    .filter((m): m is Record<string, unknown> => !!m && typeof m === "object" && (m as Record<string, unknown>).role === "user")
    .map((m) => messageText(m.content).trim())
    .filter((t) => t !== "" && t !== "[INTERRUPTED]");
  // The bridge's kickoff is not something the user said.
  if (list[0] !== undefined && list[0].trim().toLowerCase() === "hello") list.shift();
  return list;
}

export function asrDiff(userContext: readonly unknown[], agentContext: readonly unknown[]): AsrDiff {
  const meant = intents(userContext);
  const got = heard(agentContext);
  const pairs: AsrPair[] = [];
  let errors = 0;
  let words = 0;
  for (let i = 0; i < Math.min(meant.length, got.length); i++) {
    const a = normalizeWords(meant[i] as string);
    const b = normalizeWords(got[i] as string);
    const ops = alignWords(a, b);
    const e = ops.filter((o) => o.op !== "same").length;
    errors += e;
    words += a.length;
    pairs.push({ index: i, meant: meant[i] as string, heard: got[i] as string, ops, wer: a.length ? e / a.length : b.length ? 1 : 0 });
  }
  return { pairs, meantCount: meant.length, heardCount: got.length, wer: words ? errors / words : 0 };
}
