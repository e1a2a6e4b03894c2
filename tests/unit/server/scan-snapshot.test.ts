/**
 * The first scan's worker threads and the persisted index (issue 17): a scan in workers holds
 * exactly what a main-thread scan holds (NaN and -0 included); a restart with the snapshot reads
 * again only the folders whose files changed, and a damaged or foreign snapshot is ignored.
 */
import { createHash } from "node:crypto";
import { appendFile, cp, lstat, readdir, readFile, rename, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { deserialize, serialize } from "node:v8";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainLevel } from "@/lib/server/ingest/read-run-level";
import { ScanPool, workerBundle } from "@/lib/server/ingest/scan-pool";
import { splitList } from "@/lib/server/ingest/snapshot";
import { runDetail } from "@/lib/server/views/run-views";
import { runsList } from "@/lib/server/views/runs-list";
import { SavedListItems } from "@/lib/server/views/saved-list-items";
import { closeStore, createStore, type Store, type StoreOptions } from "@/lib/server/live/store";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

const FIXTURES = join(__dirname, "../../fixtures/harness");
const RUNS = ["small-2-domains/run/eval_20260810_031700", "stalls/run/eval_20260804_144300", "judge-only/run/eval_20260803_223300"];
const EXOTIC = "eval_20260810_031700/tau2_airline__34";

let root: string;
let stateDir: string;
let before: string;

async function checksum(dir: string): Promise<string> {
  const hash = createHash("sha256");
  const walk = async (at: string) => {
    for (const e of (await readdir(at, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(at, e.name);
      hash.update(`${relative(dir, p)}\0${(await lstat(p)).mtimeMs}\0`);
      if (e.isDirectory()) await walk(p);
      else hash.update(await readFile(p));
    }
  };
  await walk(dir);
  return hash.digest("hex");
}

/** Everything the index holds of every run, comparable with `isDeepStrictEqual` (NaN equals NaN, -0 is not 0). */
function contents(store: Store): unknown {
  return [...store.index.runs.values()]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((run) => ({ id: run.id, level: plainLevel(run.runLevel), levelSignature: run.levelSignature, killed: run.killedFolders, activity: run.lastActivityMs, scenarios: [...run.scenarios.values()] }));
}

async function scanned(options: StoreOptions): Promise<Store> {
  const store = createStore(root, { watch: false, ...options });
  await store.scanned;
  await store.scan?.settled;
  return store;
}

const NOW = Date.parse("2026-12-01T12:00:00Z");

/** The runs list of a fresh main-thread scan. */
async function truthList(): Promise<unknown> {
  const store = await scanned({ bundle: null });
  try {
    return runsList(store.index, NOW).runs;
  } finally {
    await closeStore(store);
  }
}

/** A fresh main-thread scan, without any snapshot: what every other scan must equal. */
async function truth(): Promise<unknown> {
  const store = await scanned({ bundle: null });
  try {
    return contents(store);
  } finally {
    await closeStore(store);
  }
}

beforeAll(async () => {
  root = await tempDir("ved-snapshot-results-");
  stateDir = await tempDir("ved-snapshot-state-");
  for (const run of RUNS) await cp(join(FIXTURES, run), join(root, run.split("/").pop() as string), { recursive: true });
  // Python writes NaN as a bare token; a negative zero survives as -0.0.
  const path = join(root, EXOTIC, "metrics.json");
  const text = (await readFile(path, "utf8")).replace(/"judge_score": [^,\n]+/, '"judge_score": NaN').replace(/"duration_seconds": [^,\n]+/, '"duration_seconds": -0.0');
  await writeFile(path, text);
  // One run finished (the fixtures' logs stop before the harness's last line): only a finished run's list item is saved.
  await appendFile(join(root, "eval_20260804_144300", "evaluation_log.txt"), "2026-08-04 15:36:42 | runner.py:run_dynamic_evaluation:770 | [INFO]: Evaluation Complete!\n");
  before = await checksum(root);
});

afterAll(async () => {
  // The snapshot lives in the state folder: the results folder is untouched (but for the tests' own edits).
  expect(await checksum(root)).toBe(before);
  await rm(stateDir, { recursive: true, force: true });
});

describe("the first scan in worker threads", () => {
  it("holds exactly what a main-thread scan holds, NaN and -0 included", async () => {
    const store = await scanned({});
    try {
      expect(store.scan?.threads, "the scan ran in worker threads (the bundle is built by the test setup)").toBeGreaterThanOrEqual(2);
      const exotic = store.index.runs.get("eval_20260810_031700")?.scenarios.get("tau2_airline__34")?.record?.metrics;
      expect(Number.isNaN(exotic?.judge_score), "judge_score NaN crossed the thread as NaN").toBe(true);
      expect(Object.is(exotic?.duration_seconds, -0), "duration_seconds -0.0 crossed as -0").toBe(true);
      expect(isDeepStrictEqual(contents(store), await truth())).toBe(true);
    } finally {
      await closeStore(store);
    }
  });

  it("runs its workers at a lower priority than the main thread, which answers requests meanwhile", async () => {
    const pool = new ScanPool(workerBundle(), { snapshotDir: null, firstStart: true }, 2);
    try {
      // The 19th field of a thread's stat is its nice value (after the parenthesised name, which may hold spaces).
      const niceOf = async (stat: string) => Number((await readFile(stat, "utf8")).split(") ")[1]?.split(" ")[16]);
      const own = await niceOf("/proc/thread-self/stat");
      const nices = async () => Promise.all((await readdir("/proc/self/task")).map((tid) => niceOf(`/proc/self/task/${tid}/stat`)));
      const lowered = await waitFor(async () => (await nices()).filter((n) => n === Math.min(19, own + 10)).length >= 2, 10_000, "both scan workers to run 10 nice levels below this thread");
      expect(lowered).toBe(true);
      expect(await niceOf("/proc/thread-self/stat"), "this thread keeps its priority").toBe(own);
    } finally {
      await pool.close();
    }
  });
});

describe("the persisted index", () => {
  const snapshotDir = () => join(stateDir, "index");
  const total = (store: Store) => store.index.scenarioCount;

  it("is written after a scan, and a restart on an unchanged folder reads no scenario again", async () => {
    const first = await scanned({ snapshotDir: snapshotDir() });
    expect(first.scan?.written, "shards written").toBeGreaterThan(0);
    expect(first.scan?.read).toBe(total(first));
    // The runs list saves its items (written a second after the last; here at once), also one a
    // run page made first.
    for (const run of first.index.runs.values()) if (run.finished) runDetail(run, NOW);
    runsList(first.index, NOW);
    (first.index.savedListItems as SavedListItems).save();
    await closeStore(first);
    const second = await scanned({ snapshotDir: snapshotDir() });
    try {
      expect({ read: second.scan?.read, reused: second.scan?.reused, written: second.scan?.written }).toEqual({ read: 0, reused: total(second), written: 0 });
      expect(second.scan?.early, "every run started from the last scan's list, before the walk found it").toEqual({ joined: RUNS.length, dropped: 0 });
      const runs = [...second.index.runs.values()];
      expect(runs.map((r) => r.stored), "every run's reads still encoded after the count").toEqual(runs.map(() => true));
      const sample = runs[0]?.scenarioNames()[Symbol.iterator]().next().value as string;
      expect(runs[0]?.signatureOf(sample), "signatures known without decoding").toMatch(/^metrics\.json:/);
      expect(runs[0]?.stored).toBe(true);
      const finished = runs.filter((r) => r.finished);
      expect(finished.length, "finished runs (only those are listed from saved items)").toBeGreaterThanOrEqual(1);
      const listed = runsList(second.index, NOW).runs;
      expect(finished.map((r) => r.stored), "a finished run's reads still encoded after the runs list").toEqual(finished.map(() => true));
      expect(listed, "the saved items are the items a fresh scan lists").toEqual(await truthList());
      expect(isDeepStrictEqual(contents(second), await truth())).toBe(true);
      expect(runs.map((r) => r.stored), "decoded once the records were asked for").toEqual(runs.map(() => false));
    } finally {
      await closeStore(second);
    }
  });

  it("reads again only the folders that changed, appeared or came back, and forgets the ones gone", async () => {
    const run = join(root, "eval_20260804_144300");
    const names = (await readdir(run, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    const [changed, gone, copied] = names as [string, string, string];
    // Same size, other content and mtime: the signature's mtime must catch it.
    const metricsPath = join(run, changed, "metrics.json");
    const m = await readFile(metricsPath, "utf8");
    await writeFile(metricsPath, m.replace(/"total_turns": (\d)/, (_, d: string) => `"total_turns": ${(Number(d) + 1) % 10}`));
    await utimes(metricsPath, new Date(), new Date(Date.now() + 5_000));
    await rm(join(run, gone), { recursive: true });
    await cp(join(run, copied), join(run, `${copied}_again`), { recursive: true });
    const store = await scanned({ snapshotDir: snapshotDir() });
    try {
      expect(store.scan?.read, "the changed and the new folder, nothing else").toBe(2);
      expect(runsList(store.index, NOW).runs, "the changed run is not listed from its saved item").toEqual(await truthList());
      expect(store.index.runs.get("eval_20260804_144300")?.scenarios.has(gone)).toBe(false);
      expect(isDeepStrictEqual(contents(store), await truth())).toBe(true);
    } finally {
      await closeStore(store);
    }
    before = await checksum(root);
  });

  it("ignores shards that are damaged or from another version, and reads their folders again", async () => {
    const files = (await readdir(snapshotDir())).filter((f) => f.endsWith(".v8") && !f.includes("-level"));
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files.length).toBeGreaterThanOrEqual(3);
    const [damaged, foreign, flipped] = files as [string, string, string];
    const bucketSize = async (file: string) => splitList((deserialize(await readFile(join(snapshotDir(), file))) as { names: string }).names).length;
    const expected = (await bucketSize(damaged)) + (await bucketSize(foreign)) + (await bucketSize(flipped));
    await writeFile(join(snapshotDir(), damaged), Buffer.from("not a snapshot at all"));
    const shard = deserialize(await readFile(join(snapshotDir(), foreign))) as { version: string };
    await writeFile(join(snapshotDir(), foreign), serialize({ ...shard, version: "0.0.0-another" }));
    // Still a well-formed shard, one byte of its encoded reads changed: only the digest can tell.
    const bits = deserialize(await readFile(join(snapshotDir(), flipped))) as { meta: Uint8Array };
    const meta = Buffer.from(bits.meta);
    const at = meta.indexOf("metrics.json");
    meta[at] = "M".charCodeAt(0);
    await writeFile(join(snapshotDir(), flipped), serialize({ ...bits, meta }));
    // A run level's stored bytes, one letter of a scenario name changed: they still decode, to another level.
    const level = (await readdir(snapshotDir())).find((f) => f.endsWith("-level.v8")) as string;
    const stored = deserialize(await readFile(join(snapshotDir(), level))) as { level: Uint8Array };
    const levelBytes = Buffer.from(stored.level);
    const letter = levelBytes.indexOf("__") - 1;
    levelBytes[letter] = (levelBytes[letter] as number) ^ 1;
    await writeFile(join(snapshotDir(), level), serialize({ ...stored, level: levelBytes }));
    // The runs list's saved items and the run list, damaged: ignored as well.
    for (const file of ["list-items.v8", "runs.v8"]) await writeFile(join(snapshotDir(), file), Buffer.from([0xff, 0x0d, 0x6f, 0x01]));
    const store = await scanned({ snapshotDir: snapshotDir() });
    try {
      expect(store.scan?.read).toBe(expected);
      expect(store.scan?.written, "the three buckets and the run level, read again and stored").toBe(4);
      expect(store.scan?.early, "no run list to start from").toEqual({ joined: 0, dropped: 0 });
      expect(runsList(store.index, NOW).runs).toEqual(await truthList());
      expect(isDeepStrictEqual(contents(store), await truth())).toBe(true);
    } finally {
      await closeStore(store);
    }
  });
  it("does not start a run of the last scan that is now a link (to a copy outside), and shows only what the walk finds", async () => {
    const name = "eval_20260810_031700";
    const outside = join(await tempDir("ved-snapshot-outside-"), name);
    await rename(join(root, name), outside);
    await symlink(outside, join(root, name));
    try {
      const store = await scanned({ snapshotDir: snapshotDir() });
      try {
        expect(store.index.runs.has(name), "a link is not a run").toBe(false);
        expect(store.scan?.early, "the other runs started early; the link was not even listed").toEqual({ joined: RUNS.length - 1, dropped: 0 });
        expect(isDeepStrictEqual(contents(store), await truth())).toBe(true);
      } finally {
        await closeStore(store);
      }
    } finally {
      await rm(join(root, name));
      await rename(outside, join(root, name));
    }
    // The run is back: a scan saves it again (the tests below expect a snapshot of every run).
    await closeStore(await scanned({ snapshotDir: snapshotDir() }));
    before = await checksum(root);
  });

  it("removes the files of a run that is gone", async () => {
    const files = (await readdir(snapshotDir())).length;
    await rm(join(root, "eval_20260803_223300"), { recursive: true });
    const store = await scanned({ snapshotDir: snapshotDir() });
    try {
      expect(store.scan?.pruned, "the gone run's bucket and level files").toBeGreaterThanOrEqual(2);
      expect((await readdir(snapshotDir())).length).toBe(files - (store.scan?.pruned ?? 0));
      expect(store.scan?.read, "nothing else read again").toBe(0);
    } finally {
      await closeStore(store);
    }
    before = await checksum(root);
  });
});
