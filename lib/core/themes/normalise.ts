/**
 * Text → content terms for theme clustering: lower case, no accents, markup, URLs, figures or ids
 * (`#W1234`, `$45.99`, `3`), no stop words; a domain synonym list folds the words judges use
 * interchangeably onto one ("booking", "reservation" → order; "approval", "consent" → confirm), then
 * the Porter stemmer (the `stemmer` package) takes inflections off.
 */
import { stemmer } from "stemmer";

const STOP = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its " +
    "me my nor of on or our out over she so than that the their them then there these they this those to too " +
    "us was we were what when where which while who whom why will with would you your also any all each other such only " +
    "own same just very after before because about again once here both few more most some up down off under further " +
    "being having doing should now s t don doesn didn wasn isn agent assistant went ahead right away straight " +
    "even though yet first given got"
  ).split(" "),
);

/** Words judges use for one idea, folded onto one word before stemming (voice-agent evaluations). */
const SYNONYMS: Record<string, string> = Object.fromEntries(
  Object.entries({
    cancel: "cancel cancels cancelled canceled cancelling canceling cancellation cancellations",
    confirm: "confirm confirms confirmed confirming confirmation approval approve approved consent consented agree agreed yes",
    order: "order orders booking bookings reservation reservations purchase",
    customer: "customer customers user users caller callers client",
    refund: "refund refunds refunded refunding reimburse reimbursed reimbursement returned",
    expected: "expected correct owed due",
    amount: "amount amounts sum total figure value",
    wrong: "wrong incorrect incorrectly mismatch miscalculated miscomputed miscalculation differs match instead rather",
    verify: "verify verified verifying verification unverified authenticate authenticated authenticating authentication prove check checked",
    disclose: "disclose disclosed disclosing reveal revealed revealing share shared sharing handed read",
    info: "information info details detail data",
    without: "without skipped skip skipping never no not missing failed fail",
    ask: "ask asked asking request requested requesting",
  }).flatMap(([canon, words]) => words.split(" ").map((w) => [w, canon] as const)),
);

/** Stems of words seen (the stemmer is most of tokenising, and a suite's reasons repeat their words); emptied past a bound. */
const STEMS = new Map<string, string>();
const MAX_STEMS = 100_000;

/** The stem the vectors use: the Porter stem of the word's canonical synonym. */
export function stem(word: string): string {
  const hit = STEMS.get(word);
  if (hit !== undefined) return hit;
  const out = stemmer(Object.hasOwn(SYNONYMS, word) ? (SYNONYMS[word] as string) : word);
  if (STEMS.size >= MAX_STEMS) STEMS.clear();
  STEMS.set(word, out);
  return out;
}

export interface Term {
  /** The stem the vectors use. */
  stem: string;
  /** The word as written (lower case), for naming themes. */
  word: string;
}

/** Content terms of `text`, in order. */
export function terms(text: string): Term[] {
  const plain = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/<[^>]*>/g, " ")
    // Figures and ids are masked: "#W1234", "$45.99", "W4410" name one case, not the failure.
    .replace(/[#$€£]?\b[a-z]*\d[\w.,-]*/g, " ");
  const out: Term[] = [];
  for (const word of plain.match(/[a-z][a-z']*[a-z]|[a-z]/g) ?? []) {
    const w = word.replace(/'s$/, "").replace(/'/g, "");
    if (w.length < 2 || STOP.has(w)) continue;
    out.push({ stem: stem(w), word: w });
  }
  return out;
}

/** A reason with its figures and ids masked, for a theme's label: "cancelled order # without asking" → "cancelled order … without asking". */
export function maskFigures(text: string): string {
  return text
    .replace(/[#$€£]?\b[A-Za-z]*\d[\w.,-]*/g, "…")
    .replace(/(…\s*)+/g, "… ")
    .replace(/\s+([.,;:!?])/g, "$1")
    .trim();
}
