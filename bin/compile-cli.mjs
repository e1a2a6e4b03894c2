// Bundles lib/cli/main.ts into one ESM file with esbuild, cached under node_modules/.cache and rebuilt
// only when a source under lib/ is newer, so `summary` starts without a TypeScript loader.
import { mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = path.join(ROOT, "lib", "cli", "main.ts");
const OUT = path.join(ROOT, "node_modules", ".cache", "voice-eval-dashboard", "cli.mjs");

function newest(dir) {
  let max = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    max = Math.max(max, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/** Returns the path of an up-to-date bundle of the CLI. */
export async function compiledCli() {
  const sources = Math.max(newest(path.join(ROOT, "lib")), mtime(path.join(ROOT, "tsconfig.json")));
  if (mtime(OUT) >= sources) return OUT;
  const { build } = await import("esbuild");
  mkdirSync(path.dirname(OUT), { recursive: true });
  await build({
    entryPoints: [ENTRY],
    outfile: OUT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "error",
    // `server-only` guards lib/server against client bundles; the CLI is server code by definition.
    plugins: [
      {
        name: "server-only",
        setup(b) {
          b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
          b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
        },
      },
    ],
  });
  return OUT;
}
