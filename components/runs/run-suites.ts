/**
 * The runs list's suites: runs that queued the same scenarios (`queueKey`), named so a user can tell
 * them apart: the folder they share, else their size and domains.
 */
import type { RunListItem } from "@/lib/shared/dto";
import { sharedFolder } from "@/lib/shared/shared-folder";

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
    const folder = sharedFolder(members.map((m) => m.id));
    const domains = newest.domains.length > 3 ? `${newest.domains.slice(0, 3).join(", ")}, …` : newest.domains.join(", ");
    let label = folder || `${newest.intendedCount} scenarios${domains ? ` · ${domains}` : ""}`;
    const seen = used.get(label) ?? 0;
    used.set(label, seen + 1);
    if (seen > 0) label = `${label} (${seen + 1})`;
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
