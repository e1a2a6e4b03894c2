/**
 * The static export's pages (issue 35): the live pages' own components rendered to HTML once, opened
 * from `file://`. Links into the dashboard that the export did not write become inert text; the
 * export's own files are linked relatively. One small inline script (below) makes what the page shows
 * work without the app: the play buttons seek the recording, the keys walk the scenarios.
 */
import { createHash } from "node:crypto";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticModeProvider } from "@/components/ui/static-mode";

/**
 * The export's only script, inline: a `[data-seek]` control (a turn's ▶ button, a lane's turn) moves the
 * page's recording there and plays it; `j`/`k`/`]`/`[` follow the link that names that key
 * (`[data-key]`, the scenario page's Previous/Next links), as on the live page. It asks nothing of the
 * network and the page works without it (the links still go, the recording still plays).
 */
export const EXPORT_SCRIPT = `(() => {
  document.addEventListener("click", (e) => {
    const control = e.target instanceof Element ? e.target.closest("[data-seek]") : null;
    const audio = document.querySelector("audio");
    if (!control || !audio) return;
    const to = Number(control.getAttribute("data-seek"));
    if (!Number.isFinite(to)) return;
    if (control.tagName === "BUTTON") e.preventDefault();
    const go = () => {
      audio.currentTime = Math.max(0, Number.isFinite(audio.duration) ? Math.min(to, audio.duration) : to);
      audio.play().catch(() => {});
    };
    if (audio.readyState >= 1) go();
    else {
      audio.addEventListener("loadedmetadata", go, { once: true });
      audio.load();
    }
  });
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
    const t = e.target;
    if (t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))) return;
    if (!["j", "k", "[", "]"].includes(e.key)) return;
    const link = document.querySelector('a[data-key="' + e.key + '"]');
    if (link instanceof HTMLAnchorElement) {
      e.preventDefault();
      window.location.href = link.href;
    }
  });
})();`;

const SCRIPT_HASH = createHash("sha256").update(EXPORT_SCRIPT).digest("base64");

/**
 * No script but the one above (by its hash); the app's style sheet beside the page; inline style
 * attributes (the lanes' positions) allowed; media and images only from the export's own files.
 */
export const EXPORT_CSP = `default-src 'none'; script-src 'sha256-${SCRIPT_HASH}'; style-src 'self' file: 'unsafe-inline'; media-src 'self' file: blob:; img-src 'self' data: file:`;

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
<body class="min-h-screen">${linked}<script>${EXPORT_SCRIPT}</script></body></html>
`;
}
