/** Python `repr()` of strings and string lists, as they appear in log lines. */

/** Python `repr(str)` for printable text: single quotes unless the text has `'` and no `"`. */
export function pyRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) out += "\\x" + ch.charCodeAt(0).toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + quote;
}

/** Python `repr(list_of_str)`. */
export function pyListRepr(items: readonly string[]): string {
  return "[" + items.map(pyRepr).join(", ") + "]";
}
