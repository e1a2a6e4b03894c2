/**
 * The app's own style sheet for the export: the production build's CSS (under `.next/static`), which
 * Tailwind made from every class the components use. Without a build the export is unstyled, and says so.
 */
import "server-only";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder: the nearest one up from this module (or its bundle) with the build in it. */
function projectRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, ".next", "static")) && existsSync(join(dir, "package.json"))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

export function appStyleSheet(): string | null {
  const root = projectRoot();
  if (!root) return null;
  const folder = join(root, ".next", "static");
  const sheets = (readdirSync(folder, { recursive: true }) as string[]).filter((f) => f.endsWith(".css")).sort();
  return sheets.length ? sheets.map((f) => readFileSync(join(folder, f), "utf8")).join("\n") : null;
}
