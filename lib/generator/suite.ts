/**
 * The scenario suite of a run: names and definitions depend only on the global seed, the domain
 * list and the count, so runs over the same suite share scenario names (and can be compared).
 */
import { isBare, kitFor } from "./domains";
import type { DomainKit, ScenarioDef } from "./model";
import { Rng } from "./prng";

export interface SuiteEntry {
  def: ScenarioDef;
  kit: DomainKit;
}

/** Scenarios per domain: round-robin, legacy bare-named domains capped at one. */
function split(domains: readonly string[], count: number): number[] {
  const counts = domains.map(() => 0);
  const open = domains.map((d) => !isBare(d));
  let left = count;
  for (let i = 0; left > 0 && i < domains.length; i++) {
    if (isBare(domains[i] as string)) {
      counts[i] = 1;
      left--;
    }
  }
  if (!open.some(Boolean)) return counts;
  for (let i = 0; left > 0; i = (i + 1) % domains.length) {
    if (!open[i]) continue;
    counts[i] = (counts[i] as number) + 1;
    left--;
  }
  return counts;
}

const cache = new Map<string, SuiteEntry[]>();
const defCache = new Map<string, ScenarioDef>();

export function buildSuite(seed: number, domains: readonly string[], count: number): SuiteEntry[] {
  const key = `${seed}|${domains.join(",")}|${count}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const counts = split(domains, count);
  const out: SuiteEntry[] = [];
  domains.forEach((domain, i) => {
    const kit = kitFor(domain);
    const ids = kit.ids(counts[i] as number, Rng.of(seed, "ids", domain));
    for (const id of ids) {
      const name = isBare(domain) ? domain : `${domain}__${id}`;
      const dkey = `${seed}|${name}`;
      let def = defCache.get(dkey);
      if (!def) {
        def = kit.define(name, id, Rng.of(seed, "def", name));
        if (defCache.size > 50_000) defCache.clear();
        defCache.set(dkey, def);
      }
      out.push({ def, kit });
    }
  });
  if (cache.size > 32) cache.clear();
  cache.set(key, out);
  return out;
}
