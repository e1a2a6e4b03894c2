import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD } from "next/constants";
import { fileURLToPath } from "node:url";
import { derivedDataHash } from "./scripts/source-hash.mjs";

// The package root. Pinned so a lockfile higher up the tree (e.g. when the
// package is installed under someone's home) is not mistaken for the root.
const root = fileURLToPath(new URL(".", import.meta.url));

const nextConfig: NextConfig = {
  // Gzip buffers Server-Sent Events into bursts; a localhost tool needs no compression.
  compress: false,
  // Keeps sharp out of the build and the trace.
  images: { unoptimized: true },
  poweredByHeader: false,
  // chokidar and the ledger drivers (better-sqlite3 is a native module) stay plain node_modules dependencies loaded with require.
  serverExternalPackages: ["chokidar", "better-sqlite3", "pg"],
  typedRoutes: false,
  // `npm test` runs `tsc --noEmit` over the whole project; checking again here
  // would only slow the build (and the CLI's first start).
  typescript: { ignoreBuildErrors: true },
  turbopack: { root },
  outputFileTracingRoot: root,
  // Sample results and test fixtures are data read at run time, never code.
  outputFileTracingExcludes: {
    "*": ["examples/**", "tests/**", "test-output/**", "bench/**"],
  },
};

/**
 * The code that derives what the index cache and the timing files keep, inlined into the server's
 * bundles when they are built (`lib/server/cache/code-identity.ts`): a row another build made is
 * recomputed. Not computed for `next start`, which serves what was built.
 */
export default function config(phase: string): NextConfig {
  const building = phase === PHASE_PRODUCTION_BUILD || phase === PHASE_DEVELOPMENT_SERVER;
  return building ? { ...nextConfig, env: { VOICE_EVAL_CODE_HASH: derivedDataHash(root) } } : nextConfig;
}
