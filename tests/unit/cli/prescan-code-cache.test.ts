/**
 * Issue 54: the first scan's thread (bin/prescan-thread.cjs) runs a V8 code cache only when its bytes
 * hash to its name and it, its folder and the bundle are the user's own and writable by no one else.
 * V8 itself checks only the source's length: a cache made from other code of that length runs that
 * code (shown first), so a forged cache is refused, removed, and made again from the real bundle.
 */
import { createHash } from "node:crypto";
import { chmod, readdir, readFile, stat, writeFile } from "node:fs/promises";
import Module from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../helpers/run-builder";

const THREAD = fileURLToPath(new URL("../../../bin/prescan-thread.cjs", import.meta.url));
// What differs is top-level code, which a code cache holds compiled (inner functions compile lazily from the source).
const REAL = `const who = "real";\nexports.prescanThread = async (root, post) => { post({ who }); };\n`;
const FAKE = REAL.replace("real", "fake");

let dir: string;
let bundle: string;
const hash16 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex").slice(0, 16);

/** Runs the thread on the bundle: who ran, and what became of the code cache. */
function runThread(): Promise<{ who: string[]; codeCache: string }> {
  return new Promise((resolve, reject) => {
    const who: string[] = [];
    const worker = new Worker(THREAD, { workerData: { bundle, root: dir } });
    worker.on("message", (m: { who?: string; done?: boolean; codeCache?: string }) => {
      if (m.who) who.push(m.who);
      if (m.done) {
        resolve({ who, codeCache: m.codeCache ?? "" });
        void worker.terminate();
      }
    });
    worker.on("error", reject);
  });
}

async function caches(): Promise<string[]> {
  return (await readdir(dir)).filter((n) => n.endsWith(".v8cache"));
}

/** A code cache made from the fake source, which has the real one's length. */
function forged(): Buffer {
  return new vm.Script(Module.wrap(FAKE), { filename: bundle }).createCachedData();
}

beforeAll(async () => {
  dir = await tempDir("ved-code-cache-");
  await chmod(dir, 0o700);
  bundle = join(dir, "prescan-worker.cjs");
  await writeFile(bundle, REAL, { mode: 0o600 });
  expect(FAKE.length).toBe(REAL.length);
});

describe("the prescan thread's code cache (issue 54)", () => {
  it("V8 alone would run a forged cache of the same length (the threat)", () => {
    const script = new vm.Script(Module.wrap(REAL), { filename: bundle, cachedData: forged() });
    expect(script.cachedDataRejected).toBe(false);
    const got: string[] = [];
    const m = { exports: {} as { prescanThread?: (r: string, post: (x: { who: string }) => void) => Promise<void> } };
    (script.runInThisContext() as (...a: unknown[]) => void).call(m.exports, m.exports, Module.createRequire(bundle), m, bundle, dir);
    void m.exports.prescanThread!("", (x) => got.push(x.who));
    expect(got).toEqual(["fake"]);
  });

  it("makes its cache 0600 named by its hash, then uses it", async () => {
    const first = await runThread();
    expect(first).toEqual({ who: ["real"], codeCache: "not used: none yet" });
    const [name] = await caches();
    const file = join(dir, name!);
    expect(name).toMatch(new RegExp(`^prescan-worker\\.cjs\\.${hash16(REAL)}\\.${hash16(await readFile(file))}\\.v8cache$`));
    expect(((await stat(file)).mode & 0o777).toString(8)).toBe("600");
    expect(await runThread()).toEqual({ who: ["real"], codeCache: "used" });
  });

  it("refuses a forged cache whose bytes do not match its name, and replaces it", async () => {
    const [name] = await caches();
    await writeFile(join(dir, name!), forged());
    const run = await runThread();
    expect(run.who).toEqual(["real"]);
    expect(run.codeCache).toMatch(/^not used: no cache of this bundle is intact/);
    // The forged file is gone; the next start uses the one made from the real bundle.
    const now = await caches();
    expect(now).toHaveLength(1);
    expect(hash16(await readFile(join(dir, now[0]!)))).toBe(now[0]!.split(".")[3]);
    expect(await readFile(join(dir, now[0]!))).not.toEqual(forged());
    expect(await runThread()).toEqual({ who: ["real"], codeCache: "used" });
  });

  it("refuses a forged cache named by its own hash when others may write it, or its folder", async () => {
    for (const old of await caches()) await writeFile(join(dir, old), "");
    const data = forged();
    const file = join(dir, `prescan-worker.cjs.${hash16(REAL)}.${hash16(data)}.v8cache`);
    for (const f of await caches()) if (join(dir, f) !== file) await chmod(join(dir, f), 0o600);
    await writeFile(file, data);
    await chmod(file, 0o666);
    const run = await runThread();
    expect(run.who).toEqual(["real"]);
    expect(run.codeCache).toMatch(/^not used/);
    // A folder others may write: no cache is used from it, whatever its files.
    await chmod(dir, 0o777);
    try {
      const again = await runThread();
      expect(again.who).toEqual(["real"]);
      expect(again.codeCache).toMatch(/^not used: the bundle or its folder is writable by others/);
    } finally {
      await chmod(dir, 0o700);
    }
  });
});
