// Runs `next build` only when the production build is missing or older than
// its sources, so `npm run test:e2e` stays fast on repeated runs.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUILD_ID = path.join(ROOT, ".next", "BUILD_ID");
const SOURCES = ["app", "components", "lib", "public", "next.config.ts", "postcss.config.mjs", "package.json", "proxy.ts", "instrumentation.ts"];
const SKIP = new Set([path.join(ROOT, "lib", "generator"), path.join(ROOT, "node_modules")]);

function mtime(file) {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Newest modification time of a file, or of any file below a directory. */
function newest(p) {
  if (SKIP.has(p)) return 0;
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

const built = mtime(BUILD_ID);
const sources = Math.max(...SOURCES.map((s) => newest(path.join(ROOT, s))));
if (built !== undefined && built >= sources) {
  console.log("ensure-build: .next is up to date");
  process.exit(0);
}

console.log(built === undefined ? "ensure-build: no build yet; running next build" : "ensure-build: sources changed; running next build");
const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const res = spawnSync(process.execPath, [nextBin, "build"], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
});
process.exit(res.status ?? 1);
