/**
 * The one rule for every path the dashboard writes (the state folder, `export --out`, `report --out`):
 * never inside a results folder it reads. Both sides are resolved through symbolic links (a path not
 * created yet through its nearest existing ancestor) and compared segment by segment, so `RUN/..x`
 * is inside RUN, `RUN-2` is not, and a link that leads into RUN is caught whichever side it is on.
 */
import "server-only";
import { constants, realpathSync } from "node:fs";
import { open } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";

/** The real path of `p`: its own when it exists, else its nearest existing ancestor's with the rest appended. */
export function realPathOrNearest(p: string): string {
  const rest: string[] = [];
  let cur = resolve(/* turbopackIgnore: true */ p);
  for (;;) {
    try {
      return join(realpathSync(cur), ...rest.reverse());
    } catch {
      const up = dirname(cur);
      if (up === cur) return join(cur, ...rest.reverse());
      rest.push(basename(cur));
      cur = up;
    }
  }
}

const segments = (p: string) => p.split(sep).filter((s) => s !== "");

/** Whether `child` is `parent` or lies below it, both resolved through links. */
export function isInside(child: string, parent: string): boolean {
  const c = segments(realPathOrNearest(child));
  const p = segments(realPathOrNearest(parent));
  return p.length <= c.length && p.every((s, i) => c[i] === s);
}

/** The first folder of `folders` that `target` is inside, or null when it is outside them all. */
export function insideOf(target: string, folders: readonly string[]): string | null {
  return folders.find((f) => isInside(target, f)) ?? null;
}

/** A file written whole, never through a symbolic link at its last component (a dangling one included). */
export class LinkRefusedError extends Error {}

/**
 * Writes `text` to `path` (created or truncated) without following a link at the final component
 * (O_NOFOLLOW): `isInside` resolves a link's folder, but a link's own target may not exist yet, and a
 * plain `writeFile` would follow it wherever it points (issue 42: into the run folder).
 */
export async function writeFileNoFollow(path: string, text: string | Uint8Array): Promise<void> {
  let handle;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOOP") throw new LinkRefusedError(`${path} is a symbolic link: the dashboard does not write through links`);
    throw error;
  }
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
}
