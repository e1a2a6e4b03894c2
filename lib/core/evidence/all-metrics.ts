/**
 * The one reader of `all_metrics.json` (ARTIFACTS.md §3): a finished session's order of scenarios,
 * by `scenario_name`. A record whose name is not a text reads as `?` (named), the others used.
 */
import type { Problem } from "../problems";
import { AllMetricsSchema } from "../schemas";
import { readJsonArtifact } from "./json-artifact";

/** Top-level keys of the indent-2 array the harness writes sit at four spaces. */
const TOP_LEVEL_NAME = /^ {4}"scenario_name": ("(?:[^"\\]|\\.)*"),?$/gm;

/** The `scenario_name`s in order; the harness's layout is read without parsing the records themselves. */
export function readAllMetrics(text: string): { order: string[] | null; problems: Problem[] } {
  const fast = [...text.matchAll(TOP_LEVEL_NAME)].map((m) => JSON.parse(m[1] as string) as string);
  const elements = (text.match(/^ {2}\{$/gm) ?? []).length;
  if (fast.length > 0 && fast.length === elements) return { order: fast, problems: [] };
  // Not the harness's layout: parse it properly.
  const parsed = readJsonArtifact("all_metrics.json", text, AllMetricsSchema);
  return { order: parsed.value ? parsed.value.map((r) => r.scenario_name ?? "?") : null, problems: parsed.problems };
}
