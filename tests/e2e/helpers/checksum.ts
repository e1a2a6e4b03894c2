import { createHash } from "node:crypto";
import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import { join, relative } from "node:path";

/** A checksum of every file, link and folder (names, modes, contents) under `root`. */
export async function checksum(root: string): Promise<string> {
  const hash = createHash("sha256");
  const walk = async (dir: string) => {
    for (const e of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      const info = await lstat(p);
      hash.update(`${relative(root, p)}\0${info.mode}\0`);
      if (e.isSymbolicLink()) hash.update(await readlink(p));
      else if (e.isDirectory()) await walk(p);
      else hash.update(await readFile(p));
    }
  };
  await walk(root);
  return hash.digest("hex");
}
