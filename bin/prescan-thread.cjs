// The first scan's worker thread (see bin/prescan.mjs): loads the compiled scan (a CommonJS bundle of
// lib/server/live/prescan-worker.ts) with V8's code cache, runs it, and says `done` last. The code
// cache (`<bundle>.<hash of its source>.<hash of the cache>.v8cache`, beside it in
// node_modules/.cache) holds the bundle's compiled code, made after a scan, so it holds the functions
// the scan compiled as it ran: a year of nightly runs is listed about 45 ms sooner (Node 20 has no
// module compile cache; `vm.Script`'s `cachedData` is it). V8 checks only a cache's source length, so
// a cache made from any code of that length would run as the bundle (issue 54): one is used only when
// its bytes hash to its name (named by the source's hash too: a rebuilt bundle never finds an old one),
// and it, its folder and the bundle are the user's own and writable by no one else. V8 rejects a
// cache of another Node; it is then made again. A cache that cannot be written (a read-only install),
// or is refused, costs only the speed.
const { createHash } = require("node:crypto");
const { lstatSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");
const { parentPort, workerData } = require("node:worker_threads");

const { bundle, root } = workerData;

const hash16 = (data) => createHash("sha256").update(data).digest("hex").slice(0, 16);

/** Why a file or folder may not be trusted to hold code, or null: it must be the user's own and writable by no one else. */
function untrusted(file, kind) {
  let s;
  try {
    s = lstatSync(file);
  } catch {
    return "missing";
  }
  if (kind === "dir" ? !s.isDirectory() : !s.isFile()) return "not a plain " + (kind === "dir" ? "folder" : "file");
  if (typeof process.getuid === "function" && s.uid !== process.getuid()) return "owned by another user";
  if ((s.mode & 0o022) !== 0) return "writable by others";
  return null;
}

/** The code caches of this source in the bundle's folder. */
function cachesOf(sourceHash) {
  const prefix = `${path.basename(bundle)}.${sourceHash}.`;
  try {
    return readdirSync(path.dirname(bundle))
      .filter((n) => n.startsWith(prefix) && n.endsWith(".v8cache"))
      .map((n) => ({ file: path.join(path.dirname(bundle), n), named: n.slice(prefix.length, -".v8cache".length) }));
  } catch {
    return [];
  }
}

/** The cache to use for this source, or why none is. */
function trustedCache(sourceHash) {
  const found = cachesOf(sourceHash);
  if (found.length === 0) return { why: "none yet" };
  const place = untrusted(path.dirname(bundle), "dir") ?? untrusted(bundle, "file");
  if (place) return { why: `the bundle or its folder is ${place}` };
  for (const { file, named } of found) {
    if (untrusted(file, "file")) continue;
    let data;
    try {
      data = readFileSync(file);
    } catch {
      continue;
    }
    if (hash16(data) === named) return { data };
  }
  return { why: "no cache of this bundle is intact and the user's own" };
}

/** The bundle run (its exports), with its script, its source's hash, and what became of the code cache. */
function load() {
  const source = readFileSync(bundle, "utf8");
  const sourceHash = hash16(source);
  const cache = trustedCache(sourceHash);
  const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData: cache.data });
  const wrapper = { exports: {} };
  script.runInThisContext().call(wrapper.exports, wrapper.exports, Module.createRequire(bundle), wrapper, bundle, path.dirname(bundle));
  const codeCache = cache.data === undefined ? `not used: ${cache.why}` : script.cachedDataRejected ? "rejected by V8" : "used";
  return { scan: wrapper.exports, script, sourceHash, codeCache };
}

function saveCodeCache(script, sourceHash) {
  const data = script.createCachedData();
  const cacheFile = `${bundle}.${sourceHash}.${hash16(data)}.v8cache`;
  const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
  try {
    // Only in a folder no one else may write: a cache there would be refused anyway.
    if (untrusted(path.dirname(bundle), "dir")) return;
    // The caches of this source that were not used (damaged, another user's, another Node's) go.
    for (const { file } of cachesOf(sourceHash)) rmSync(file, { force: true });
    writeFileSync(tmp, data, { mode: 0o600 });
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
    if (loaded.codeCache !== "used") saveCodeCache(loaded.script, loaded.sourceHash);
    post({ done: true, codeCache: loaded.codeCache });
  });
}
