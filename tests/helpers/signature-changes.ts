import { appendFile, mkdir, rm, symlink, utimes } from "node:fs/promises";
import { join } from "node:path";

/**
 * The ways a scenario folder's signed files change, one folder each: the same size with another
 * mtime (`a`), `metrics.json` swapped for a link (`b`), another size (`c`), an emptied folder (`d`).
 * (A scenario folder swapped for a link is the listing's to catch: it is no scenario folder any more.)
 */
export async function changeSignedFiles(runDir: string, [a, b, c, d]: readonly [string, string, string, string]): Promise<void> {
  const later = new Date(Date.now() + 60_000);
  await utimes(join(runDir, a, "metrics.json"), later, later);
  await rm(join(runDir, b, "metrics.json"));
  await symlink(join(runDir, a, "metrics.json"), join(runDir, b, "metrics.json"));
  await appendFile(join(runDir, c, "metrics.json"), " ");
  await rm(join(runDir, d), { recursive: true });
  await mkdir(join(runDir, d));
}
