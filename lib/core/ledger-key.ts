/** The carry-over key of a triage label: which signals failed, independent of their order. */

export function signalKey(failed: readonly string[], stalled = false): string {
  const set = new Set(failed);
  if (stalled) set.add("stalled");
  return [...set].sort().join(",");
}
