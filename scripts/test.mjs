// `npm test`: lint, typecheck, the pure unit tests, the integration tests (a store, a process, a
// server or a DB: vitest.config.ts says which is which), then browser tests, each run and reported
// even when an earlier one failed; exits non-zero if any did. `npm test -- unit e2e` runs only the
// steps named. What the tests need and the machine lacks is
// started or installed here, and said: a PostgreSQL server for the ledger tests when no
// VOICE_EVAL_TEST_PG_URL is given (Debian's initdb/pg_ctl into a temporary folder, removed at exit),
// and Debian's Chromium when CHROMIUM_PATH names none and /usr/bin/chromium is missing.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./test-env/chromium.mjs";
import { startTemporaryPostgres } from "./test-env/postgres.mjs";

const PG_ENV = "VOICE_EVAL_TEST_PG_URL";
const only = process.argv.slice(2);

const steps = [
  { name: "lint", args: ["run", "-s", "lint"] },
  { name: "typecheck", args: ["run", "-s", "typecheck"] },
  { name: "unit", args: ["run", "-s", "test:unit"] },
  { name: "integration", args: ["run", "-s", "test:integration"] },
  { name: "e2e", args: ["run", "-s", "test:e2e"] },
].filter((s) => only.length === 0 || only.includes(s.name));

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
let postgres = null;
const cleanup = () => {
  postgres?.stop();
  postgres = null;
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

const results = [];
try {
  // A setup that fails is said, and the steps still run: the one that needed it fails by itself.
  // The ledger's tests and the replicas' browser test (tests/e2e/s3-replicas.spec.ts) need it.
  if (steps.some((s) => s.name === "integration" || s.name === "e2e") && !env[PG_ENV]) {
    try {
      postgres = startTemporaryPostgres();
      env[PG_ENV] = postgres.url;
    } catch (e) {
      console.error(`npm test: no PostgreSQL for the ledger tests: ${e.message}`);
    }
  }
  if (steps.some((s) => s.name === "e2e")) {
    try {
      env.CHROMIUM_PATH = ensureChromium(env.CHROMIUM_PATH);
    } catch (e) {
      console.error(`npm test: no Chromium for the browser tests: ${e.message}`);
    }
  }

  for (const step of steps) {
    console.log(`\n── npm test: ${step.name} ──`);
    const started = Date.now();
    const res = spawnSync("npm", step.args, { stdio: "inherit", env });
    results.push({ name: step.name, ok: res.status === 0, seconds: (Date.now() - started) / 1000 });
  }
} finally {
  cleanup();
}

console.log("\n── npm test: summary ──");
for (const r of results) console.log(`${r.ok ? "ok    " : "FAILED"}  ${r.name} (${r.seconds.toFixed(0)} s)`);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
console.log(failed.length === 0 ? "every step passed" : `failed steps: ${failed.join(", ")}`);
process.exit(failed.length === 0 && results.length === steps.length ? 0 : 1);
