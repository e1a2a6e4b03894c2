import type { NextConfig } from "next";
import { fileURLToPath } from "node:url";

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

export default nextConfig;
