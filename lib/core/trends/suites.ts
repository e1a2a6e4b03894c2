/**
 * Suites: runs that queued the same scenario names, a run whose queue is a subset of a suite's set
 * joining it. Runs are taken largest queue first, so a suite is named by (and holds the set of) its
 * largest run; a run fitting several suites joins the one with the smallest set that holds it.
 */

export interface SuiteInput {
  id: string;
  queue: readonly string[];
}

export interface Suite {
  /** The id of the run whose queue defines the suite. */
  id: string;
  scenarios: string[];
  runs: string[];
}

export function groupSuites(runs: readonly SuiteInput[]): Suite[] {
  const sorted = runs
    .filter((r) => r.queue.length > 0)
    .map((r) => ({ id: r.id, set: new Set(r.queue) }))
    .sort((a, b) => b.set.size - a.set.size || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const suites: Array<{ id: string; set: Set<string>; runs: string[] }> = [];
  for (const r of sorted) {
    let home: (typeof suites)[number] | null = null;
    for (const s of suites) {
      if (s.set.size < r.set.size) continue;
      if (home && home.set.size <= s.set.size) continue;
      let all = true;
      for (const n of r.set)
        if (!s.set.has(n)) {
          all = false;
          break;
        }
      if (all) home = s;
    }
    if (home) home.runs.push(r.id);
    else suites.push({ id: r.id, set: r.set, runs: [r.id] });
  }
  return suites.map((s) => ({ id: s.id, scenarios: [...s.set].sort(), runs: s.runs }));
}
