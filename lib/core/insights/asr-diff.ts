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
  zero: "0",
  oh: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  ten: "10",
  eleven: "11",
  twelve: "12",
  thirteen: "13",
  fourteen: "14",
  fifteen: "15",
  sixteen: "16",
  seventeen: "17",
  eighteen: "18",
  nineteen: "19",
  twenty: "20",
};

function messageText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content.map((p) => (p && typeof p === "object" && typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : "")).join(" ");
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

/** Alignment cells a scenario may cost: two 25k-word contexts must not build a 625M-cell matrix. */
export const MAX_ALIGN_CELLS = 2_000_000;

/**
 * Levenshtein alignment of two word lists. The common start and end are matched first; the rest is
 * aligned in a band around the diagonal sized to `MAX_ALIGN_CELLS` (exact whenever the band covers
 * the whole matrix, which it does for any turn a person speaks).
 */
export function alignWords(meant: string[], heard: string[]): WordOp[] {
  let pre = 0;
  while (pre < meant.length && pre < heard.length && meant[pre] === heard[pre]) pre++;
  let suf = 0;
  while (suf < meant.length - pre && suf < heard.length - pre && meant[meant.length - 1 - suf] === heard[heard.length - 1 - suf]) suf++;
  const same = (words: string[]): WordOp[] => words.map((w) => ({ op: "same", meant: w, heard: w }));
  return [
    ...same(meant.slice(0, pre)),
    ...alignBanded(meant.slice(pre, meant.length - suf), heard.slice(pre, heard.length - suf)),
    ...same(meant.slice(meant.length - suf)),
  ];
}

function alignBanded(a: string[], b: string[]): WordOp[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((w) => ({ op: "ins", heard: w }));
  if (m === 0) return a.map((w) => ({ op: "del", meant: w }));
  // A band wider than the heard side covers every column already: the budget's width for a short turn
  // (90,000 columns for ten words) only allocated and filled cells no path can use.
  const half = Math.max(Math.abs(n - m) + 1, Math.min(Math.floor(MAX_ALIGN_CELLS / (n + 1) / 2), m + 1));
  const width = 2 * half + 1;
  if ((n + 1) * Math.min(width, m + 1) > 4 * MAX_ALIGN_CELLS) {
    // Lengths too far apart to align within bounds: position by position, the rest inserted or deleted.
    const k = Math.min(n, m);
    const ops: WordOp[] = [];
    for (let i = 0; i < k; i++) ops.push(a[i] === b[i] ? { op: "same", meant: a[i], heard: b[i] } : { op: "sub", meant: a[i], heard: b[i] });
    for (let i = k; i < n; i++) ops.push({ op: "del", meant: a[i] });
    for (let j = k; j < m; j++) ops.push({ op: "ins", heard: b[j] });
    return ops;
  }
  const INF = 0x3fffffff;
  const center = (i: number) => Math.round((i * m) / n);
  const d = new Int32Array((n + 1) * width).fill(INF);
  const at = (i: number, j: number) => {
    const k = j - center(i) + half;
    return j < 0 || j > m || k < 0 || k >= width ? -1 : i * width + k;
  };
  const get = (i: number, j: number) => {
    const k = at(i, j);
    return k < 0 ? INF : (d[k] as number);
  };
  for (let i = 0; i <= n; i++) {
    const lo = Math.max(0, center(i) - half);
    const hi = Math.min(m, center(i) + half);
    for (let j = lo; j <= hi; j++) {
      const v = i === 0 ? j : j === 0 ? i : Math.min(get(i - 1, j) + 1, get(i, j - 1) + 1, get(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      d[at(i, j)] = v;
    }
  }
  const ops: WordOp[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = get(i, j);
    if (i > 0 && j > 0 && here === get(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1)) {
      ops.push({ op: a[i - 1] === b[j - 1] ? "same" : "sub", meant: a[i - 1], heard: b[j - 1] });
      i--;
      j--;
    } else if (i > 0 && here === get(i - 1, j) + 1) {
      ops.push({ op: "del", meant: a[i - 1] });
      i--;
    } else {
      ops.push({ op: "ins", heard: b[j - 1] });
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
