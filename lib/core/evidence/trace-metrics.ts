/** The one reader of `trace_metrics.json` (root or `bot_logs_agent/`, ARTIFACTS.md §1.14): any JSON, shown as stored. */
import { TraceMetricsSchema } from "../schemas";
import { readJsonArtifact, type Read } from "./json-artifact";

export function readTraceMetrics(file: string, text: string): Read<unknown> {
  const { value, problems } = readJsonArtifact(file, text, TraceMetricsSchema);
  return { value, problems };
}
