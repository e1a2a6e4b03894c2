/** The part of a scenario name before the first `__`; the whole name when there is none (§0). */
export function domainOf(scenarioName: string): string {
  const at = scenarioName.indexOf("__");
  return at === -1 ? scenarioName : scenarioName.slice(0, at);
}

/** Plain code-point order, as Python's `sorted()` on str (not UTF-16 unit or locale order). */
export function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const cx = x.value.codePointAt(0) as number;
    const cy = y.value.codePointAt(0) as number;
    if (cx !== cy) return cx - cy;
  }
}
