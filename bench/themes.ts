/**
 * Themes for a run of 2,000 failing scenarios (issue 36): reasons drawn from the planted paraphrase
 * sets with fresh figures and a made-up name each (tests/helpers/theme-items.ts, so texts hardly
 * repeat), plus noise, clustered by lib/core/themes; the floor is the same reasons tokenised and
 * turned into term vectors only (what any clustering must do first). Also the change between two runs of 2,000
 * (one set of themes over 4,000 reasons) and the worst case for time (nearly every reason distinct).
 */
import { buildThemes, diffThemes, terms } from "@/lib/core/themes";
import { termVectors } from "@/lib/core/themes/vectors";
import { themeItems } from "../tests/helpers/theme-items";

const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Wall-clock median and range, and the median CPU time of this process (on a shared machine the wall clock also counts waiting for a core). */
function timed<T>(repeat: number, f: () => T): { ms: number[]; cpu: number[]; value: T; text: string } {
  const ms: number[] = [];
  const cpu: number[] = [];
  let value: T = f();
  for (let i = 0; i < repeat; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    value = f();
    ms.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const text = `${Math.round(med(ms))} ms (${Math.round(Math.min(...ms))}–${Math.round(Math.max(...ms))} over ${repeat}; CPU ${Math.round(med(cpu))} ms)`;
  return { ms, cpu, value, text };
}

export function themesFigures(report: (label: string, value: string) => void, n = 2000, repeat = 5): void {
  const items = themeItems(n);
  const floor = timed(repeat, () => termVectors(items.map((it) => terms(it.text).map((x) => x.stem))));
  const one = timed(repeat, () => buildThemes(items).length);
  report(`themes of ${n} failing scenarios (${one.value} themes)`, `${one.text}; floor (tokenise + term vectors only) ${Math.round(med(floor.ms))} ms`);
  // Two runs of one suite: the first fails on cancel + identity, the second on identity + refund.
  const a = themeItems(n, 37, { run: 0, groups: ["cancel", "identity", "noise"] });
  const b = themeItems(n, 37, { run: 1, groups: ["refund", "identity", "noise"] });
  const two = timed(repeat, () => diffThemes(a, b).length);
  report(`theme changes between two runs of ${n} (${two.value} changes)`, two.text);
  // Nearly every reason distinct even without its name (shared products, preambles): the clustering's worst case for time.
  const blurred = themeItems(n, 36, { blur: true });
  const worst = timed(repeat, () => buildThemes(blurred).length);
  report(`themes of ${n} failing scenarios, products and preambles mixed in (${worst.value} themes)`, worst.text);
}
