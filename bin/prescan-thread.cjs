// The first scan's worker thread (see bin/prescan.mjs): loads the compiled scan (a CommonJS bundle of
// lib/server/live/prescan-worker.ts) with V8's code cache, runs it, and says `done` last. The code
// cache (`<bundle>.<hash of its source>.v8cache`, beside it in node_modules/.cache) holds the bundle's
// compiled code, made after a scan, so it holds the functions the scan compiled as it ran: a year of
// nightly runs is listed about 45 ms sooner (Node 20 has no module compile cache; `vm.Script`'s
// `cachedData` is it). Named by the source's hash: V8 checks only a cache's source length, so a
// rebuilt bundle of the same length must not find the old one. V8 rejects a cache of another Node; it
// is then made again. A cache that cannot be written (a read-only install) costs only the speed.
const { createHash } = require("node:crypto");
const { readFileSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");
const { parentPort, workerData } = require("node:worker_threads");

const { bundle, root } = workerData;

/** The bundle run (its exports), with its script and code cache's file, and whether that cache was used. */
function load() {
  const source = readFileSync(bundle, "utf8");
  const cacheFile = `${bundle}.${createHash("sha256").update(source).digest("hex").slice(0, 16)}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // none yet
  }
  const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData });
  const wrapper = { exports: {} };
  script.runInThisContext().call(wrapper.exports, wrapper.exports, Module.createRequire(bundle), wrapper, bundle, path.dirname(bundle));
  return { scan: wrapper.exports, script, cacheFile, cached: cachedData !== undefined && !script.cachedDataRejected };
}

function saveCodeCache(script, cacheFile) {
  const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(tmp, script.createCachedData());
    // Renamed into place: another command starting now reads a whole cache or none.
    renameSync(tmp, cacheFile);
  } catch {
    // read-only or gone: the next start compiles again
    rmSync(tmp, { force: true });
  }
}

// A bundle that cannot load throws here: the thread's `error`, which the command hears (the server
// then reads the folder itself).
if (parentPort) {
  const post = (message) => parentPort.postMessage(message);
  const loaded = load();
  loaded.scan.prescanThread(root, post).then(() => {
    if (!loaded.cached) saveCodeCache(loaded.script, loaded.cacheFile);
    post({ done: true });
  });
}
