/** Text → content terms for theme clustering: lower case, no accents, numbers, ids or stop words, light stemming. */

const STOP = new Set(
  ("a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it its " +
    "me my no nor not of on or our out over she so than that the their them then there these they this those to too " +
    "us was we were what when where which while who whom why will with would you your also any all each other such only " +
    "own same just very after before because about again once here both few more most some up down off under further " +
    "being having doing should now s t don doesn didn wasn isn").split(" "),
);

/** Strips a common English suffix, keeping a stem of at least 3 letters (deterministic, no dictionary). */
export function stem(word: string): string {
  for (const suffix of ["ations", "ation", "ings", "ing", "edly", "ed", "ies", "es", "ly", "s"]) {
    if (word.length - suffix.length >= 3 && word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length);
      return suffix === "ies" ? `${base}y` : base;
    }
  }
  return word;
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
    .replace(/<[^>]*>/g, " ");
  const out: Term[] = [];
  for (const word of plain.match(/[a-z][a-z']*[a-z]|[a-z]/g) ?? []) {
    const w = word.replace(/'s$/, "").replace(/'/g, "");
    if (w.length < 2 || STOP.has(w)) continue;
    out.push({ stem: stem(w), word: w });
  }
  return out;
}
