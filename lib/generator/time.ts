/**
 * Naive local wall-clock times, as the harness writes them (no time zone). A time is an integer
 * number of microseconds since 1970-01-01T00:00:00 *of the wall clock*; formatting uses UTC
 * arithmetic so the text never depends on the machine's zone. Only `toMtimeMs` consults the local
 * zone, to turn a wall-clock time into a file modification time that displays the same clock time.
 */

export type Micros = number;

export const SECOND = 1_000_000;

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function parts(t: Micros) {
  const ms = Math.floor(t / 1000);
  const d = new Date(ms);
  const micro = ((t % SECOND) + SECOND) % SECOND;
  return {
    y: d.getUTCFullYear(),
    mo: d.getUTCMonth() + 1,
    d: d.getUTCDate(),
    h: d.getUTCHours(),
    mi: d.getUTCMinutes(),
    s: d.getUTCSeconds(),
    micro,
  };
}

export function makeTime(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): Micros {
  return Date.UTC(y, mo - 1, d, h, mi, s) * 1000;
}

/** Python `datetime.isoformat()`: fraction omitted when the microsecond value is 0. */
export function isoformat(t: Micros): string {
  const p = parts(t);
  const base = `${p.y}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
  return p.micro === 0 ? base : `${base}.${pad(p.micro, 6)}`;
}

/** `YYYY-MM-DD HH:MM:SS` (evaluation_log.txt). */
export function logStamp(t: Micros): string {
  const p = parts(t);
  return `${p.y}-${pad(p.mo)}-${pad(p.d)} ${pad(p.h)}:${pad(p.mi)}:${pad(p.s)}`;
}

/** `YYYY-MM-DD HH:MM:SS.mmm` (loguru, bridge_log.txt). */
export function loguruStamp(t: Micros): string {
  const p = parts(t);
  return `${logStamp(t)}.${pad(Math.floor(p.micro / 1000), 3)}`;
}

/** `YYYYMMDD_HHMMSS` (run directory names, `.killed.` suffixes). */
export function compactStamp(t: Micros): string {
  const p = parts(t);
  return `${p.y}${pad(p.mo)}${pad(p.d)}_${pad(p.h)}${pad(p.mi)}${pad(p.s)}`;
}

/** Parses `..._YYYYMMDD_HHMMSS` at the end of a (possibly nested) run name. */
export function timeFromRunName(name: string): Micros | undefined {
  const m = /(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})$/.exec(name);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return makeTime(y, mo, d, h, mi, s);
}

/** Parses `YYYY-MM-DDTHH:MM:SS[.ffffff]`. */
export function parseIso(text: string): Micros {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) throw new Error(`not a naive ISO timestamp: ${text}`);
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const frac = m[7] ? Number(m[7].padEnd(6, "0")) : 0;
  return makeTime(y, mo, d, h, mi, s) + frac;
}

/** Epoch milliseconds of the wall-clock time in the local zone (for file mtimes). */
export function toMtimeMs(t: Micros): number {
  const p = parts(t);
  return new Date(p.y, p.mo - 1, p.d, p.h, p.mi, p.s, Math.floor(p.micro / 1000)).getTime();
}

/** Whole seconds, truncating the microseconds (`started_at` has second precision). */
export function floorSecond(t: Micros): Micros {
  return Math.floor(t / SECOND) * SECOND;
}
