/** Wall-clock stamps of the logs as milliseconds (naive local times, read as if UTC: only differences matter). */

const LOGURU = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:[.,](\d{1,6}))?/;

/** `2026-06-18 07:23:31.208` (loguru) or `2026-06-18T07:23:25.812345` (ISO, conversation log) → ms; `null` if not a stamp. */
export function stampMs(text: string): number | null {
  const m = LOGURU.exec(text);
  if (!m) return null;
  const frac = m[7] ? Number(`0.${m[7]}`) * 1000 : 0;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) + frac;
  return Number.isFinite(ms) ? ms : null;
}
