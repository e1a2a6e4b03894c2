// Builds the production build (`next build`) when it is missing or was made from other sources
// than the checkout's: `npm start` after a `git pull` serves the new code, never the old build
// silently (issue 46). The build records what it was made from (`.next/voice-eval-build.json`: a
// hash per source, see `source-hash.mjs`); a packaged install without the sources ships its build.
//   node scripts/ensure-build.mjs         build if needed, saying why
//   node scripts/ensure-build.mjs --always build now (`npm run build`), and record what it was made from
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildInputs } from "./source-hash.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const STAMP = "voice-eval-build.json";

function readStamp(root) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(root, ".next", STAMP), "utf8"));
    return stamp && typeof stamp.inputs === "object" && stamp.inputs !== null ? stamp : null;
  } catch {
    return null;
  }
}

/**
 * Whether the build in `root` is the checkout's: `{ upToDate: true }`, or why not (what changed).
 * `inputs`: the checkout's hashes, written into the build's stamp once built.
 */
export function buildStatus(root = ROOT) {
  if (!existsSync(path.join(root, ".next", "BUILD_ID"))) return { upToDate: false, reason: "no production build yet", inputs: buildInputs(root) };
  const stamp = readStamp(root);
  // A packaged install ships its build and may not ship the sources: nothing to compare with.
  if (!existsSync(path.join(root, "app"))) return { upToDate: true, reason: "a packaged build (no sources to compare)", inputs: stamp?.inputs ?? {} };
  const inputs = buildInputs(root);
  if (!stamp) return { upToDate: false, reason: "the build does not say what it was made from", inputs };
  const changed = Object.keys({ ...inputs, ...stamp.inputs }).filter((k) => inputs[k] !== stamp.inputs[k]);
  if (changed.length === 0) return { upToDate: true, reason: "the build is the checkout's", inputs };
  return { upToDate: false, reason: `the sources changed since the build (${changed.join(", ")})`, inputs };
}

/**
 * Builds when the build is not the checkout's, saying why; returns whether a usable build is there.
 * `nextBin`: Next's CLI (tests give another).
 */
export function ensureBuild({
  root = ROOT,
  env = process.env,
  log = console.log,
  nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next"),
  always = false,
} = {}) {
  const status = always ? { upToDate: false, reason: "asked to build", inputs: buildInputs(root) } : buildStatus(root);
  if (status.upToDate) return true;
  log(`voice-eval-dashboard: ${status.reason}: running \`next build\` (a minute or more)...`);
  const res = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (res.status !== 0) return false;
  // What this build was made from: the sources as they were when it started.
  writeFileSync(path.join(root, ".next", STAMP), `${JSON.stringify({ inputs: status.inputs, builtAt: new Date().toISOString() }, null, 2)}\n`);
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const always = process.argv.includes("--always");
  const status = always ? null : buildStatus();
  if (status?.upToDate) console.log(`ensure-build: .next is up to date (${status.reason})`);
  else process.exit(ensureBuild({ always }) ? 0 : 1);
}
