/** Recognising run and scenario folders from their entries (ARTIFACTS.md §1.1, §1.4). */

export const RUN_MARKERS = ["evaluation_log.txt", "run_args.json", "all_summary.txt"] as const;
const SCENARIO_MARKERS = ["metrics.json", "bridge_log.txt", "scenario_config"] as const;

/** A `<name>.killed.<TS>` folder: a superseded attempt moved aside on resume. */
export function isKilledFolder(name: string): boolean {
  return name.includes(".killed.");
}

/** A scenario folder: not `.killed.`, and holds `metrics.json`, `bridge_log.txt` or `scenario_config/`. */
export function isScenarioFolder(name: string, entries: Pick<ReadonlySet<string>, "has">): boolean {
  if (isKilledFolder(name)) return false;
  return SCENARIO_MARKERS.some((m) => entries.has(m));
}
