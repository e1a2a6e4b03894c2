/** Which transcript turns a judge reason quotes (for highlighting the evidence of a verdict). */

/** Quoted fragments of a reason: text inside "…", “…” or '…' of at least 4 characters. */
export function quotedFragments(reason: string): string[] {
  const out: string[] = [];
  const re = /"([^"]{4,})"|\u201c([^\u201d]{4,})\u201d|(?:^|[\s(])'([^']{4,})'(?=[\s.,;:)!?]|$)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(reason))) out.push((m[1] ?? m[2] ?? m[3] ?? "").trim());
  return out.filter(Boolean);
}

/** Case, spaces and punctuation ignored ("Wi-Fi" matches "wifi"). */
function norm(s: string): string {
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Indices of turns whose text contains one of the reason's quoted fragments (punctuation and case ignored). */
export function quotedTurns(reason: string, turns: ReadonlyArray<{ text: string }>): number[] {
  const fragments = quotedFragments(reason)
    .map(norm)
    .filter((f) => f.length >= 4);
  if (!fragments.length) return [];
  const hits: number[] = [];
  turns.forEach((t, i) => {
    const text = norm(t.text);
    if (fragments.some((f) => text.includes(f) || (f.length > 20 && text.length > 12 && f.includes(text)))) hits.push(i);
  });
  return hits;
}
