/**
 * Values older harness revisions wrote, or its README documented, that the current schema does not
 * allow. They are read as "not applicable" (ARTIFACTS.md §4.2, §6) and shown as a plain note, not
 * as a problem with the file.
 */

export interface LegacyValue {
  field: string;
  value: unknown;
  note: string;
}

export const LEGACY_VALUES: readonly LegacyValue[] = [
  {
    field: "db_state_match",
    value: "N/A",
    note: 'db_state_match is "N/A": the harness\'s evaluation/README.md documents this for scenarios without an expected DB state (current harness versions leave the key out). Read as not applicable: it does not count in the DB-state rate.',
  },
];

/** Whether `metrics[field]` holds a documented legacy value. */
export function isLegacyValue(field: string, value: unknown): boolean {
  return LEGACY_VALUES.some((l) => l.field === field && l.value === value);
}

/** The notes for the documented legacy values a metrics.json holds (top-level fields). */
export function legacyNotes(metrics: Record<string, unknown> | null): string[] {
  if (!metrics) return [];
  return LEGACY_VALUES.filter((l) => metrics[l.field] === l.value).map((l) => l.note);
}
