/**
 * metrics.json keys the dashboard interprets, and the ones it does not (issue 57): a field a newer
 * harness adds is never lost, but listed with its value on the scenario page and named once on the run
 * page ("new fields in this run: …"), so the next harness change is visible the morning it lands.
 */
import { CALL_END_FIELDS } from "./call-end";
import { MetricsSchema } from "./schemas";

/** Every key some view reads: the schema's, the conversation-end fields (issue 57), the retry fields (issue 45). */
export const KNOWN_METRICS_KEYS: ReadonlySet<string> = new Set([
  ...Object.keys(MetricsSchema.shape),
  ...CALL_END_FIELDS,
  "auto_retry_count",
  "auto_retry_reasons",
]);

/** The keys of `m` the dashboard does not interpret, in the file's order. */
export function unknownMetricsKeys(m: Record<string, unknown>): string[] {
  return Object.keys(m).filter((k) => !KNOWN_METRICS_KEYS.has(k));
}

/** A value shown as inert text, bounded: JSON, cut at `max` characters with the length said. */
export const MAX_UNKNOWN_VALUE_CHARS = 500;
/** At most this many unknown fields are listed on one scenario (the rest counted). */
export const MAX_UNKNOWN_FIELDS = 50;

export function unknownFieldValue(v: unknown, max = MAX_UNKNOWN_VALUE_CHARS): string {
  let text: string;
  try {
    text = typeof v === "string" ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  } catch {
    text = String(v);
  }
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

export interface UnknownFields {
  fields: Array<{ key: string; value: string }>;
  /** Unknown keys in all (the list holds the first `MAX_UNKNOWN_FIELDS`). */
  count: number;
}

export function unknownFields(m: Record<string, unknown> | null): UnknownFields {
  if (!m) return { fields: [], count: 0 };
  const keys = unknownMetricsKeys(m);
  return { fields: keys.slice(0, MAX_UNKNOWN_FIELDS).map((key) => ({ key, value: unknownFieldValue(m[key]) })), count: keys.length };
}

/** The unknown keys over a run's records, each once, with how many scenarios carry it, most common first (at most `max`). */
export function runUnknownKeys(records: Iterable<Record<string, unknown>>, max = MAX_UNKNOWN_FIELDS): Array<{ key: string; scenarios: number }> {
  const count = new Map<string, number>();
  for (const m of records) for (const k of unknownMetricsKeys(m)) count.set(k, (count.get(k) ?? 0) + 1);
  return [...count.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, max)
    .map(([key, scenarios]) => ({ key, scenarios }));
}
