/**
 * Texts from the results that a row or a list carries (a stop reason, a retry reason, a signal name,
 * a problem's message) are cut to a bound where the row is made, and the row names the full length
 * of each text it cut (issue 54): a harness may legally write a 1 MB traceback into `stop_reason`,
 * and a page of 100 rows, an API answer or an MCP batch then carried it 100 times. The whole text
 * is one request away: the file it came from (`GET /api/runs/{id}/scenarios/{name}/files/…`, MCP
 * `get_file`) or the scenario itself.
 */

/** How much of the results' texts one row carries: characters of a text, items of a list, characters of a short name (a signal, a domain). */
export interface RowBounds {
  text: number;
  items: number;
  name: number;
}

/** A row's usual bounds: a stop reason's first lines, every signal of the harness. */
export const ROW_BOUNDS: RowBounds = { text: 300, items: 20, name: 100 };
/** A row whose JSON would still pass `ROW_BYTES` (texts of escapes, many long lists) is made again with these. */
export const COMPACT_ROW_BOUNDS: RowBounds = { text: 60, items: 3, name: 40 };
/** Characters past a text's bound that a redaction of it reads (longer than any secret's shape). */
const CLEAN_MARGIN = 512;
/** Bytes of one row as JSON: a page of rows, an API answer or an MCP list is bounded by its row count times this. */
export const ROW_BYTES = 4096;

/** `text` cut to `max` characters, "…" its last when cut; never a half of a surrogate pair. */
export function cutText(text: string, max = ROW_BOUNDS.text): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** Bytes of `value` as JSON (UTF-8). */
export function jsonBytes(value: unknown): number {
  const json = JSON.stringify(value) ?? "";
  // Most rows are ASCII: only encode when the length alone cannot tell.
  return json.length * 3 <= ROW_BYTES ? json.length : new TextEncoder().encode(json).length;
}

/**
 * Whether `value` is surely within `bytes` as JSON, without writing it: every string counted at 6
 * bytes a character (the most an escape takes), every other leaf at 24, every key and comma too.
 * A row of a few short texts passes here; only the others are measured (`jsonBytes`).
 */
export function surelyWithin(value: unknown, bytes: number): boolean {
  let left = bytes;
  const visit = (v: unknown): boolean => {
    if (typeof v === "string") left -= 6 * v.length + 2;
    else if (Array.isArray(v)) {
      left -= 2;
      for (const x of v) if (!visit(x) || (left -= 1) < 0) return false;
    } else if (v !== null && typeof v === "object") {
      left -= 2;
      for (const [k, x] of Object.entries(v)) if ((left -= 6 * k.length + 4) < 0 || !visit(x)) return false;
    } else left -= 24;
    return left >= 0;
  };
  return visit(value);
}

/**
 * The cuts made while one row is made: `text` and `list` return what the row carries and remember,
 * by the field's name, the full length of a text (characters) or of a list (items) they cut.
 */
export class RowCuts {
  readonly #lengths: Record<string, number> = {};

  constructor(readonly bounds: RowBounds = ROW_BOUNDS) {}

  text(field: string, text: string, max = this.bounds.text): string {
    if (text.length > max) this.#lengths[field] = text.length;
    return cutText(text, max);
  }

  /**
   * `text` made safe to show by `clean` (a redaction) and cut: `clean` reads only the start the row
   * can carry and a margin (a secret across the bound is still seen whole), never the megabytes after
   * it (redacting each 1 MB stop reason of a run took seconds at every table view).
   */
  cleaned(field: string, text: string, clean: (start: string) => string, max = this.bounds.text): string {
    const start = text.length > max + CLEAN_MARGIN ? text.slice(0, max + CLEAN_MARGIN) : text;
    const shown = clean(start);
    if (text.length > max || shown.length > max) this.#lengths[field] = text.length;
    return cutText(shown, max);
  }

  /** The first items (`bounds.items`); the list's own length named as `field` when it is cut. */
  items<T>(field: string, items: readonly T[]): T[] {
    if (items.length <= this.bounds.items) return items as T[];
    this.#lengths[field] = items.length;
    return items.slice(0, this.bounds.items);
  }

  /** The first texts (see `items`), each cut to `max` (named `field[i]`). */
  list(field: string, texts: readonly string[], max = this.bounds.text): string[] {
    return this.items(field, texts).map((text, i) => this.text(`${field}[${i}]`, text, max));
  }

  /** The full lengths of what was cut, by field; `undefined` when nothing was. */
  get lengths(): Record<string, number> | undefined {
    return Object.keys(this.#lengths).length ? this.#lengths : undefined;
  }
}
