/**
 * The static export's pages (issue 35): the live pages' own components rendered to HTML once, with no
 * script, opened from `file://`. Links into the dashboard that the export did not write become inert
 * text; the export's own files are linked relatively.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticModeProvider } from "@/components/ui/static-mode";

/**
 * No script at all; the app's style sheet beside the page; inline style attributes (the lanes'
 * positions) allowed; media and images only from the export's own files.
 */
export const EXPORT_CSP = "default-src 'none'; style-src 'self' file: 'unsafe-inline'; media-src 'self' file: blob:; img-src 'self' data: file:";

export interface ExportPage {
  title: string;
  /** The app's style sheet, relative to this page; null when no build was found (the page is then unstyled). */
  cssHref: string | null;
  /** Where a dashboard path (`/runs/…`, `/api/…`) goes in the export, relative to this page; null: not exported. */
  linkOf: (path: string) => string | null;
  children: ReactNode;
}

/** Attribute values React wrote (already escaped): `href="/…"` is a dashboard path. */
const ABSOLUTE_HREF = /\shref="(\/[^"]*)"/g;

export function exportHtml(page: ExportPage): string {
  const body = renderToStaticMarkup(
    <StaticModeProvider>
      <main className="mx-auto max-w-[1600px] min-w-0 px-4 py-6">{page.children}</main>
    </StaticModeProvider>,
  );
  const linked = body.replace(ABSOLUTE_HREF, (_, path: string) => {
    const local = page.linkOf(path.replaceAll("&amp;", "&"));
    return local === null ? "" : ` href="${local.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"`;
  });
  const title = renderToStaticMarkup(<title>{page.title}</title>);
  const css = page.cssHref ? `<link rel="stylesheet" href="${page.cssHref}">` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">
<meta name="viewport" content="width=device-width,initial-scale=1">
${title}${css}</head>
<body class="min-h-screen">${linked}</body></html>
`;
}
