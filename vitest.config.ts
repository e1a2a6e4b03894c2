import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Two projects (issue 55): `unit`, the pure tests, runnable alone in seconds (`npm run test:unit`), and
 * `integration`, the rest (`npm run test:integration`). A test is pure when it lies under
 * `tests/unit/core`, `tests/unit/shared` or `tests/unit/components` and reaches for nothing that makes
 * it an integration test: the server's code (a store, the index cache, a DB, HTTP), the CLI, a child
 * process, a worker thread, the network, a file or folder it makes (a temporary results folder). Read
 * from the test's text and the test helpers it imports, so a test (or a helper) that starts needing a
 * store moves to `integration` by itself, and the two projects always hold every
 * test once. Pure tests that prove a bound at scale (minutes of CPU: 20,000 reasons themed) run with
 * the integration tests too (`AT_SCALE`), so that `unit` stays a matter of seconds.
 */
const PURE_FOLDERS = ["tests/unit/core/", "tests/unit/shared/", "tests/unit/components/"];
/** An import that reaches the server, the CLI, another process or thread, a DB or the network; or a file or folder made on disk. */
const IMPURE =
  /from "(?:@\/lib\/server|@\/lib\/cli|node:child_process|node:worker_threads|node:net|node:http|node:https|pg|better-sqlite3)[/"]|\b(?:mkdtemp|tmpdir|writeFile|mkdir)(?:Sync)?\(/;

const AT_SCALE = new Set(["tests/unit/core/themes/bounded.test.ts", "tests/unit/core/themes/scale.test.ts"]);

const root = fileURLToPath(new URL("./", import.meta.url));
const ALL = "tests/unit/**/*.test.{ts,tsx}";

/** Whether `file`, or a test helper it imports (followed through the helpers those import), is impure. */
function impure(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  if (IMPURE.test(text)) return true;
  const helpers = [...text.matchAll(/from "(\.[^"]+)"/g)].map((m) => resolve(dirname(file), m[1]!)).filter((h) => h.startsWith(`${root}tests/helpers/`));
  return helpers.some((h) => [`${h}.ts`, `${h}.tsx`].some((f) => existsSync(f) && impure(f, seen)));
}

const pure = readdirSync(`${root}tests/unit`, { recursive: true, encoding: "utf8" })
  .map((f) => `tests/unit/${f.split("\\").join("/")}`)
  .filter((f) => /\.test\.tsx?$/.test(f) && PURE_FOLDERS.some((p) => f.startsWith(p)) && !AT_SCALE.has(f) && !impure(`${root}${f}`))
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
