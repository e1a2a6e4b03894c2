/**
 * Themes for a run of 2,000 failing scenarios (issue 36): reasons drawn from the planted paraphrase
 * sets with fresh ids, figures and a made-up product name each (so texts hardly repeat), plus noise, clustered by
 * lib/core/themes; the floor is the same reasons tokenised and TF-IDF-weighted only (what any
 * clustering must do first).
 */
import { buildThemes, terms, type ThemeItem } from "@/lib/core/themes";
import { tfidf } from "@/lib/core/themes/tfidf";
import { CANCEL_WITHOUT_CONFIRMING, IDENTITY_NOT_VERIFIED, NOISE, WRONG_REFUND_AMOUNT } from "../tests/unit/core/themes/paraphrase-sets";

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function themeItems(n: number, seed = 36): ThemeItem[] {
  const r = rng(seed);
  const pools = [CANCEL_WITHOUT_CONFIRMING, WRONG_REFUND_AMOUNT, IDENTITY_NOT_VERIFIED];
  return Array.from({ length: n }, (_, i) => {
    const noise = r() < 0.1;
    const pool = noise ? NOISE : (pools[i % pools.length] as string[]);
    const base = pool[Math.floor(r() * pool.length)] as string;
    // Fresh ids and figures per scenario, as a judge writes them.
    // and a product or place name of its own (a made-up word), so nearly every text is distinct.
    const name = Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(r() * 26))).join("");
    const text = `${base.replace(/\d+(\.\d+)?/g, () => String(Math.floor(r() * 9000) + 100))} (the ${name})`;
    return { scenario: `s_${i}`, source: "judge", text };
  });
}

export function themesFigures(report: (label: string, value: string) => void, n = 2000, repeat = 5): void {
  const items = themeItems(n);
  const floor: number[] = [];
  const full: number[] = [];
  let count = 0;
  for (let i = 0; i < repeat; i++) {
    let t = performance.now();
    tfidf(items.map((it) => terms(it.text).map((x) => x.stem)));
    floor.push(performance.now() - t);
    t = performance.now();
    count = buildThemes(items).length;
    full.push(performance.now() - t);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  report(`themes of ${n} failing scenarios (${count} themes)`, `${Math.round(med(full))} ms (${Math.round(Math.min(...full))}–${Math.round(Math.max(...full))} over ${repeat}); floor (tokenise + TF-IDF only) ${Math.round(med(floor))} ms`);
}
