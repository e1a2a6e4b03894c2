/** A word-level similarity ratio like Python difflib's: 2·(matched words) ÷ (words in both), matches by longest common subsequence. */

export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
}

export function similarity(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (x.length + y.length === 0) return 1;
  if (x.length === 0 || y.length === 0) return 0;
  let prev = new Array<number>(y.length + 1).fill(0);
  for (let i = 1; i <= x.length; i++) {
    const cur = new Array<number>(y.length + 1).fill(0);
    for (let j = 1; j <= y.length; j++) cur[j] = x[i - 1] === y[j - 1] ? (prev[j - 1] as number) + 1 : Math.max(prev[j] as number, cur[j - 1] as number);
    prev = cur;
  }
  return (2 * (prev[y.length] as number)) / (x.length + y.length);
}
