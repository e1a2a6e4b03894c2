import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects (issue 55): `unit`, the pure tests, runnable alone in seconds (`npm run test:unit`), and
 * `integration`, the rest (`npm run test:integration`). A test is pure when it lies under
 * `tests/unit/core`, `tests/unit/shared` or `tests/unit/components` and reaches for nothing that makes
 * it an integration test: the server's code (a store, the index cache, a DB, HTTP), the CLI, a child
 * process, a worker thread, a temporary results folder. Read from the test's own imports, so a test
 * that starts needing a store moves to `integration` by itself, and the two projects always hold every
 * test once. Pure tests that prove a bound at scale (minutes of CPU: 20,000 reasons themed) run with
 * the integration tests too (`AT_SCALE`), so that `unit` stays a matter of seconds.
 */
const PURE_FOLDERS = ["tests/unit/core/", "tests/unit/shared/", "tests/unit/components/"];
const IMPURE =
  /from "(?:@\/lib\/server|@\/lib\/cli|node:child_process|node:worker_threads|pg|better-sqlite3|[./]*helpers\/(?:run-builder|settled-store|store-process|nightly-suite|generated|trend-suite))[/"]/;

const AT_SCALE = new Set(["tests/unit/core/themes/bounded.test.ts", "tests/unit/core/themes/scale.test.ts"]);

const root = fileURLToPath(new URL("./", import.meta.url));
const ALL = "tests/unit/**/*.test.{ts,tsx}";
const pure = readdirSync(`${root}tests/unit`, { recursive: true, encoding: "utf8" })
  .map((f) => `tests/unit/${f.split("\\").join("/")}`)
  .filter((f) => /\.test\.tsx?$/.test(f) && PURE_FOLDERS.some((p) => f.startsWith(p)) && !AT_SCALE.has(f) && !IMPURE.test(readFileSync(`${root}${f}`, "utf8")))
  .sort();

const shared = {
  resolve: {
    alias: {
      "@": root,
      // Next resolves `server-only` itself; under Vitest it is an empty module.
      "server-only": fileURLToPath(new URL("./tests/helpers/server-only-stub.ts", import.meta.url)),
    },
  },
};

export default defineConfig({
  ...shared,
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        ...shared,
        // Pure tests share nothing a test could change (no env, no mocks, no module state), so one
        // import of the core serves every file: most of a pure file's time was its own import.
        test: { name: "unit", environment: "node", include: pure, testTimeout: 30_000, pool: "threads", isolate: false },
      },
      {
        ...shared,
        test: {
          name: "integration",
          environment: "node",
          include: [ALL],
          exclude: pure,
          // The work pool's worker bundle, which the server's views use.
          globalSetup: ["tests/helpers/build-work-worker.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
