/** Dates of runs as the change views show them: the run's own local time, as written (no zone). */

/** `2026-11-25` of an ISO-like `2026-11-25T02:00:00`; the text itself when it is not one. */
export function shortDate(iso: string | null): string {
  if (!iso) return "unknown";
  const m = /^(\d{4}-\d\d-\d\d)/.exec(iso);
  return m ? m[1]! : iso;
}

/** `Nov 25` (with the year when it is not `year`) of an ISO-like local time. */
export function dayLabel(iso: string | null, year?: number): string {
  const m = iso ? /^(\d{4})-(\d\d)-(\d\d)/.exec(iso) : null;
  if (!m) return "?";
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const y = Number(m[1]);
  const label = `${months[Number(m[2]) - 1] ?? m[2]} ${Number(m[3])}`;
  return year !== undefined && y !== year ? `${label}, ${y}` : label;
}
