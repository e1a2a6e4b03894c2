/**
 * The runs list's suites: runs that queued the same scenarios (`queueKey`), named so a user can tell
 * them apart: the folder they share, else their size and domains. The one naming of a suite: the
 * runs list, /trends and MCP (`get_trends`, the `triage_run` prompt) call a suite by this name.
 */
import type { RunListItem } from "./dto";
import { sharedFolder } from "./shared-folder";

/** A suite's name: the folder its runs share (`nightly`), else its size and first domains; `taken` counts names already given, so a repeat reads `… (2)`. */
export function suiteName(ids: readonly string[], scenarioCount: number, domains: readonly string[], taken: Map<string, number>): string {
  const shown = domains.length > 3 ? `${domains.slice(0, 3).join(", ")}, …` : domains.join(", ");
  const label = sharedFolder(ids) || `${scenarioCount} scenarios${shown ? ` · ${shown}` : ""}`;
  const seen = taken.get(label) ?? 0;
  taken.set(label, seen + 1);
  return seen > 0 ? `${label} (${seen + 1})` : label;
}

export interface RunSuite {
  key: string;
  label: string;
  runCount: number;
  /** The newest run's id: `/trends?suite=` opens the suite it belongs to. */
  newest: string;
}

/** Suites with their labels, the largest first; `runs` newest first (the runs list's order). */
export function runSuites(runs: readonly Pick<RunListItem, "id" | "queueKey" | "intendedCount" | "domains">[]): RunSuite[] {
  const byKey = new Map<string, Array<(typeof runs)[number]>>();
  for (const r of runs) {
    if (!r.queueKey) continue;
    const list = byKey.get(r.queueKey) ?? [];
    list.push(r);
    byKey.set(r.queueKey, list);
  }
  const suites: RunSuite[] = [];
  const used = new Map<string, number>();
  for (const [key, members] of byKey) {
    const newest = members[0]!;
    // The suite's domains, not the newest run's: a killed newest run has finished only some (as /trends names it, by the queue).
    const domains = [...new Set(members.flatMap((m) => m.domains))].sort();
    const label = suiteName(
      members.map((m) => m.id),
      newest.intendedCount,
      domains,
      used,
    );
    suites.push({ key, label, runCount: members.length, newest: newest.id });
  }
  return suites.sort((a, b) => b.runCount - a.runCount || a.label.localeCompare(b.label));
}

/** The suite a `?suite=` names: any of its runs' ids (as `/trends?suite=` takes), or its key; "" for none. */
export function suiteKeyOf(param: string | undefined, runs: readonly Pick<RunListItem, "id" | "queueKey">[], suites: readonly RunSuite[]): string {
  if (!param) return "";
  if (suites.some((s) => s.key === param)) return param;
  return runs.find((r) => r.id === param)?.queueKey ?? "";
}
