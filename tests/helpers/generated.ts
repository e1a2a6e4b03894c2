/** Writes generated results trees (lib/generator) into folders for tests. */
import { mkdir, utimes, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { iterateResults, type GenerateOptions } from "@/lib/generator";

/** Writes every file of `options` under `root`, with the generator's modification times. */
export async function writeGenerated(root: string, options: GenerateOptions): Promise<void> {
  const made = new Set<string>();
  for (const f of iterateResults(options)) {
    const path = join(root, ...f.path.split("/"));
    const dir = dirname(path);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    await writeFile(path, f.content);
    if (f.mtimeMs !== undefined) await utimes(path, f.mtimeMs / 1000, f.mtimeMs / 1000);
  }
}

/** `{ "#0": kind, …, "#n-1": kind }` for forced outcomes. */
export function forceAll<K extends string>(n: number, kind: K, over: Record<number, K> = {}): Record<string, K> {
  const out: Record<string, K> = {};
  for (let i = 0; i < n; i++) out[`#${i}`] = over[i] ?? kind;
  return out;
}
