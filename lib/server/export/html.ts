/** Plain HTML strings for the static export: every value escaped, no scripts, one small inline style sheet. */
import "server-only";

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text (or an attribute value) as inert HTML. */
export function esc(value: unknown): string {
  const s = value === null || value === undefined ? "" : String(value);
  return s.replace(/[&<>"']/g, (c) => ESC[c] as string);
}

/** A relative link to a file the export wrote (its name is built by the export, never taken from the results as is). */
export function href(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#18181b;background:#fff}
main{max-width:1100px;margin:0 auto;padding:16px}
h1{font-size:22px;margin:8px 0}h2{font-size:16px;margin:20px 0 8px}
table{border-collapse:collapse;width:100%;font-size:13px}th,td{text-align:left;padding:3px 8px;border-top:1px solid #e4e4e7;vertical-align:top}
th{color:#52525b;font-weight:600}.mono{font-family:ui-monospace,monospace}.muted{color:#52525b}
.pass{color:#047857;font-weight:600}.fail{color:#b91c1c;font-weight:600}.na{color:#71717a}
.note{background:#fffbeb;border:1px solid #fcd34d;border-radius:6px;padding:8px 10px}
.turn{margin:6px 0;padding:6px 10px;border-radius:6px;white-space:pre-wrap}.user{background:#f4f4f5}.agent{background:#eff6ff}
.role{font-size:11px;font-weight:600;text-transform:uppercase;color:#52525b}
blockquote{margin:4px 0;padding-left:8px;border-left:3px solid #d4d4d8;white-space:pre-wrap}
a{color:#0369a1}nav{font-size:13px}
`;

/** A whole page. `body` must already be escaped HTML. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; media-src 'self' file: blob:; img-src 'self' data:">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
}

export function verdictHtml(v: boolean | "N/A" | null | undefined): string {
  if (v === true) return `<span class="pass">pass</span>`;
  if (v === false) return `<span class="fail">fail</span>`;
  if (v === "N/A") return `<span class="na">N/A</span>`;
  return `<span class="na">–</span>`;
}

export function pct(v: number | null | undefined): string {
  return v === null || v === undefined || !Number.isFinite(v) ? "N/A" : `${(v * 100).toFixed(1)}%`;
}
