// What identifies the code, as hashes of its source files (issue 46):
//  - `derivedDataHash`: the code whose output is persisted (lib/core, lib/server, lib/shared and the
//    locked dependencies). Every index cache row, runs-list item, trend facts and timing file carries
//    it; what another build made is recomputed. The server's bundles and the CLI's have it inlined at
//    build time (next.config.ts, bin/compile-cli.mjs); tsx and vitest compute it at start.
//  - `buildInputs`: one hash per thing the production build is made of, which `npm start` compares
//    with the build's (scripts/ensure-build.mjs) to build again when the checkout moved, saying what.
// No hand-bumped version decides whether a saved value is still right.
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The code whose output is persisted, and the dependencies it runs on. */
export const DERIVED_SOURCES = ["lib/core", "lib/server", "lib/shared", "package-lock.json"];
/** What `next build` is made of (lib/generator is the example's generator, not the app). */
export const BUILD_SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.ts",
  "postcss.config.mjs",
  "package.json",
  "package-lock.json",
  "proxy.ts",
  "instrumentation.ts",
  "tsconfig.json",
  "scripts/source-hash.mjs",
];
const SKIP = new Set(["lib/generator", "node_modules", ".next"]);

/** Every file at or below `rel`, by path relative to `root`, sorted; links are not followed. */
function filesOf(root, rel, out) {
  if (SKIP.has(rel)) return out;
  let st;
  try {
    st = lstatSync(path.join(root, rel));
  } catch {
    return out;
  }
  if (st.isDirectory()) {
    for (const name of readdirSync(path.join(root, rel)).sort()) filesOf(root, `${rel}/${name}`, out);
  } else if (st.isFile()) out.push(rel);
  return out;
}

/** A hash of these files' paths and contents (a missing entry hashes as nothing). */
export function sourceHash(root, entries) {
  const hash = createHash("sha256");
  for (const entry of entries) {
    for (const rel of filesOf(root, entry, [])) {
      hash.update(`${rel}\0`);
      hash.update(readFileSync(path.join(root, rel)));
      hash.update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

export function derivedDataHash(root) {
  return sourceHash(root, DERIVED_SOURCES);
}

/** Each build source's hash, by name: a build's record of what it was made from. */
export function buildInputs(root) {
  return Object.fromEntries(BUILD_SOURCES.map((entry) => [entry, sourceHash(root, [entry])]));
}
