/**
 * Themes for a run of 2,000 failing scenarios (issue 36): reasons drawn from the planted paraphrase
 * sets with fresh ids, figures and a made-up product name each (so texts hardly repeat), plus noise, clustered by
 * lib/core/themes; the floor is the same reasons tokenised and TF-IDF-weighted only (what any
 * clustering must do first).
 */
import { buildThemes, terms, type ThemeItem } from "@/lib/core/themes";
import { tfidf } from "@/lib/core/themes/tfidf";
import { themeItems } from "../tests/helpers/theme-items";

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
