// Bundles lib/cli/main.ts (the CLI), lib/cli/usage.ts (its usage table), lib/server/work/worker.ts (the work pool's thread) and lib/server/live/prescan-worker.ts (the first scan's, CommonJS) with esbuild, cached under node_modules/.cache
// and rebuilt only when a source under lib/ or components/ is newer, so it needs no TypeScript loader.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { derivedDataHash } from "../scripts/source-hash.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CACHE = path.join(ROOT, "node_modules", ".cache", "voice-eval-dashboard");

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
export function compiledCli() {
  return compiled(path.join(ROOT, "lib", "cli", "main.ts"), path.join(CACHE, "cli.mjs"), { packages: "external" });
}

/**
 * Returns the URL of an up-to-date bundle of the commands' usage table (lib/cli/usage.ts): the
 * dashboard's own flags and help come from it too. Where the cache cannot be written (an install
 * the user does not own), the bundle is made in memory: the dashboard starts without the cache.
 */
export async function compiledUsageUrl() {
  const entry = path.join(ROOT, "lib", "cli", "usage.ts");
  try {
    return pathToFileURL(await compiled(entry, path.join(CACHE, "usage.mjs"), {})).href;
  } catch {
    const { build } = await import("esbuild");
    const r = await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", target: "node20", write: false, logLevel: "error" });
    return `data:text/javascript;base64,${Buffer.from(r.outputFiles[0].contents).toString("base64")}`;
  }
}

/**
 * Returns the path of an up-to-date bundle of the work pool's worker thread (lib/server/work): a plain
 * ESM file that exists at run time, whatever bundles Next made of the pages that start its jobs.
 * Packages bundled in: one file to load, no resolution from the cache folder.
 */
export function compiledWorkWorker() {
  return compiled(path.join(ROOT, "lib", "server", "work", "worker.ts"), path.join(CACHE, "work-worker.mjs"), {});
}

/**
 * Returns the path of an up-to-date bundle of the command's scan into the index cache
 * (lib/server/live/prescan-worker.ts), run on a worker thread while Next boots. Packages bundled
 * in but the native SQLite binding. CommonJS: `bin/prescan-thread.cjs` loads it through `vm.Script`
 * with V8's code cache (`<bundle>.v8cache`, made again once the bundle changes).
 */
export function compiledPrescanWorker() {
  return compiled(path.join(ROOT, "lib", "server", "live", "prescan-worker.ts"), path.join(CACHE, "prescan-worker.cjs"), {
    external: ["better-sqlite3"],
    format: "cjs",
  });
}

/** The newest source's mtime, walked once per process (the command checks two or three bundles at start). */
let newestSource = null;
function sourcesMtime() {
  // The export renders the app's components (components/export): they are sources of the CLI too.
  newestSource ??= Math.max(
    newest(path.join(ROOT, "lib")),
    newest(path.join(ROOT, "components")),
    mtime(path.join(ROOT, "tsconfig.json")),
    mtime(path.join(ROOT, "package.json")),
    mtime(path.join(ROOT, "package-lock.json")),
    mtime(fileURLToPath(import.meta.url)),
  );
  return newestSource;
}

async function compiled(entry, out, options) {
  if (mtime(out) >= sourcesMtime()) return out;
  const { build } = await import("esbuild");
  // The user's own (0700 when made here): bin/prescan-thread.cjs runs a code cache from it only then.
  mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  // Built beside and renamed: a reader (a starting CLI) never loads half a file.
  const tmp = `${out}.${process.pid}.tmp`;
  await build({
    entryPoints: [entry],
    outfile: tmp,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // tsconfig's "preserve" is for Next; a bundle run by Node needs React's automatic runtime.
    jsx: "automatic",
    ...options,
    // The code that derives what the index cache keeps (lib/server/cache/code-identity.ts), fixed at bundling.
    define: { "process.env.VOICE_EVAL_CODE_HASH": JSON.stringify(derivedDataHash(ROOT)) },
    tsconfig: path.join(ROOT, "tsconfig.json"),
    logLevel: "error",
    // `server-only` guards lib/server against client bundles; the CLI is server code by definition.
    plugins: [
      // Next's entry points (next/link, next/navigation) are CommonJS files without an exports map: Node's ESM loader wants their file name.
      {
        name: "next-entry-files",
        setup(b) {
          b.onResolve({ filter: /^next\/[a-z-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
        },
      },
      {
        name: "server-only",
        setup(b) {
          b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
          b.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "" }));
        },
      },
    ],
  });
  renameSync(tmp, out);
  // The code caches of the bundle it replaces (see bin/prescan-thread.cjs): named by their source, never used again.
  for (const name of readdirSync(path.dirname(out)))
    if (name.startsWith(`${path.basename(out)}.`) && name.endsWith(".v8cache")) rmSync(path.join(path.dirname(out), name), { force: true });
  return out;
}
