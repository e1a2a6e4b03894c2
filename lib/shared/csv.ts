/**
 * The project's one CSV module (papaparse), used by every export and the ledger import.
 *
 * Text from results is untrusted: a cell a spreadsheet would run as a formula (starting with
 * `= + - @`, a tab or a carriage return) gets a leading `'` and is quoted (papaparse's
 * `escapeFormulae`). A text that already starts with `'` gets one more, so `parseCsv` can take
 * exactly one off and every text comes back as it was written. Numbers and booleans are left as
 * they are: `-3` stays a number, not `'-3`.
 */
import Papa from "papaparse";

export type CsvCell = string | number | boolean | null | undefined;

const ESCAPED = /^[=+\-@\t\r']/;

/** A CSV text: the header, then one line per row; CRLF line ends (RFC 4180), optionally a BOM so spreadsheets read UTF-8. */
export function toCsvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<CsvCell>>, opts: { bom?: boolean } = {}): string {
  const body = Papa.unparse(
    { fields: [...header], data: rows.map((r) => r.map((v) => (v === undefined ? null : v))) },
    { newline: "\r\n", escapeFormulae: ESCAPED, quotes: false },
  );
  return `${opts.bom ? "\uFEFF" : ""}${body}\r\n`;
}

/** One cell as `toCsvText` writes it (for a test, or a single value in a message). */
export function csvCell(value: CsvCell): string {
  return Papa.unparse([[value ?? null]], { escapeFormulae: ESCAPED, quotes: false });
}

/** Rows of a CSV text, each text cell with its formula escape taken off; throws on a malformed quote. */
export function parseCsv(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
  const bad = parsed.errors.find((e) => e.type === "Quotes");
  if (bad) throw new Error(`${bad.message} (row ${(bad.row ?? 0) + 1})`);
  return parsed.data.map((row) => row.map(unescapeCell));
}

function unescapeCell(cell: string): string {
  return cell.startsWith("'") && ESCAPED.test(cell.slice(1)) ? cell.slice(1) : cell;
}
