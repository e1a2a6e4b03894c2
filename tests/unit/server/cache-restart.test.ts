/**
 * The index cache as the index's persistent tier (issue 32): a restart makes every finished run from
 * the cache without reading a file, holds exactly what a fresh scan holds (NaN and -0 included),
 * keeps the states in the cache until a page needs them, and after its audit equals the disk again
 * whatever changed while it was down; damaged rows and another version's rows are read from the
 * disk instead; the states of finished runs leave memory past a bound and come back unchanged.
 */
import Database from "better-sqlite3";
import { createHash } from "node:crypto";
import { appendFile, cp, lstat, readdir, readFile, rename, rm, symlink, utimes, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { plainLevel } from "@/lib/server/ingest/read-run-level";
import { LoadedRuns } from "@/lib/server/model/loaded-runs";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { runAnalysis, runDetail } from "@/lib/server/views/run-views";
import { runsList } from "@/lib/server/views/runs-list";
import { SavedListItems } from "@/lib/server/views/saved-list-items";
import { tempDir } from "../../helpers/run-builder";

const FIXTURES = join(__dirname, "../../fixtures/harness");
const RUNS = ["small-2-domains/run/eval_20260810_031700", "stalls/run/eval_20260804_144300", "judge-only/run/eval_20260803_223300"];
const FINISHED = ["eval_20260804_144300", "eval_20260810_031700"];
const EXOTIC = "eval_20260810_031700/tau2_airline__34";
const NOW = Date.parse("2026-12-01T12:00:00Z");

let root: string;
let stateDir: string;
let before: string;
const cacheFile = () => join(stateDir, "index-cache.sqlite");

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

/**
 * Everything the index holds of every run, comparable with `isDeepStrictEqual` (NaN equals NaN, -0
 * is not 0). Scenarios by name: a folder an audit finds joins at the end, as one found live does.
 */
function contents(store: Store): unknown {
  return [...store.index.runs.values()]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((run) => ({
      id: run.id,
      level: plainLevel(run.runLevel),
      levelSignature: run.levelSignature,
      killed: run.killedFolders,
      activity: run.lastActivityMs,
      scenarios: [...run.scenarios.values()].sort((a, b) => a.name.localeCompare(b.name)),
    }));
}

/** A store once its scan, the audit after it and the cache's write are done. */
async function scanned(withCache: boolean): Promise<Store> {
  const store = createStore(root, { watch: false, cacheFile: withCache ? cacheFile() : null });
  await store.scanned;
  await store.scan?.settled;
  return store;
}

/** A fresh scan without any cache: what every other scan must equal. */
async function truth(): Promise<{ contents: unknown; list: unknown }> {
  const store = await scanned(false);
  try {
    return { contents: contents(store), list: listed(store) };
  } finally {
    await closeStore(store);
  }
}

/** The runs list as the API sends it (JSON: a cached item's NaN is the null a fresh one is sent as). */
const listed = (store: Store): unknown => JSON.parse(JSON.stringify(runsList(store.index, NOW).runs));
const total = (store: Store) => store.index.scenarioCount;
const finishedCount = (store: Store) => FINISHED.reduce((n, id) => n + (store.index.runs.get(id)?.scenarioCount ?? 0), 0);

beforeAll(async () => {
  root = await tempDir("ved-restart-results-");
  stateDir = await tempDir("ved-restart-state-");
  for (const run of RUNS) await cp(join(FIXTURES, run), join(root, run.split("/").pop() as string), { recursive: true });
  // Python writes NaN as a bare token; a negative zero survives as -0.0.
  const path = join(root, EXOTIC, "metrics.json");
  const text = (await readFile(path, "utf8"))
    .replace(/"judge_score": [^,\n]+/, '"judge_score": NaN')
    .replace(/"duration_seconds": [^,\n]+/, '"duration_seconds": -0.0');
  await writeFile(path, text);
  // Two runs finished (the fixtures' logs stop before the harness's last line): only finished runs are cached.
  for (const id of FINISHED)
    await appendFile(join(root, id, "evaluation_log.txt"), "2026-08-04 15:36:42 | runner.py:run_dynamic_evaluation:770 | [INFO]: Evaluation Complete!\n");
  before = await checksum(root);
});

afterAll(async () => {
  // The cache lives in the state folder: the results folder is untouched (but for the tests' own edits).
  expect(await checksum(root)).toBe(before);
  await rm(stateDir, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
});

describe("a restart from the index cache", () => {
  it("is written after a first scan, and a restart reads no finished run's scenario, holding exactly what a fresh scan holds", async () => {
    const first = await scanned(true);
    expect(first.scan?.read).toBe(total(first));
    expect(first.scan?.savedAt, "the cache was written").not.toBeNull();
    for (const run of first.index.runs.values()) if (run.finished) runDetail(run, NOW);
    runsList(first.index, NOW);
    (first.index.savedListItems as SavedListItems).save();
    await closeStore(first);

    const second = createStore(root, { watch: false, cacheFile: cacheFile() });
    try {
      await second.scanned;
      const finished = FINISHED.map((id) => second.index.runs.get(id)!);
      expect(second.scan?.cachedRuns).toBe(FINISHED.length);
      expect({ read: second.scan?.read, reused: second.scan?.reused }, "the live run alone is read").toEqual({
        read: total(second) - finishedCount(second),
        reused: finishedCount(second),
      });
      expect(
        finished.map((r) => r.inMemory),
        "the finished runs' states stay in the cache",
      ).toEqual([false, false]);
      const sample = finished[0]?.scenarioNames()[Symbol.iterator]().next().value as string;
      expect(finished[0]?.signatureOf(sample), "signatures known without loading the states").toMatch(/^metrics\.json:/);
      const { contents: fresh, list } = await truth();
      expect(listed(second), "the runs list, complete before the audit, from the cache").toEqual(list);
      expect(
        finished.map((r) => r.inMemory),
        "listed from the cached items, not from the states",
      ).toEqual([false, false]);
      await second.scan?.settled;
      expect(second.scan?.audit?.repaired, "the audit found nothing changed").toBe(0);
      const exotic = second.index.runs.get("eval_20260810_031700")?.scenarios.get("tau2_airline__34")?.record?.metrics;
      expect(Number.isNaN(exotic?.judge_score), "judge_score NaN came back as NaN").toBe(true);
      expect(Object.is(exotic?.duration_seconds, -0), "duration_seconds -0.0 came back as -0").toBe(true);
      expect(isDeepStrictEqual(contents(second), fresh)).toBe(true);
    } finally {
      await closeStore(second);
    }
  });

  it("equals the disk after its audit, whatever changed while the server was down", async () => {
    const run = join(root, "eval_20260804_144300");
    const names = (await readdir(run, { withFileTypes: true }))
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    const [changed, gone, copied] = names as [string, string, string];
    // Same size, other content and mtime: the signature's mtime must catch it.
    const metricsPath = join(run, changed, "metrics.json");
    const m = await readFile(metricsPath, "utf8");
    await writeFile(
      metricsPath,
      m.replace(/"total_turns": (\d)/, (_, d: string) => `"total_turns": ${(Number(d) + 1) % 10}`),
    );
    await utimes(metricsPath, new Date(), new Date(Date.now() + 5_000));
    await rm(join(run, gone), { recursive: true });
    await cp(join(run, copied), join(run, `${copied}_again`), { recursive: true });
    const store = await scanned(true);
    try {
      expect(store.scan?.audit?.repaired, "the changed, the gone and the new folder").toBe(3);
      const { contents: fresh, list } = await truth();
      expect(listed(store), "the changed run is not listed from its cached item").toEqual(list);
      expect(store.index.runs.get("eval_20260804_144300")?.scenarios.has(gone)).toBe(false);
      expect(isDeepStrictEqual(contents(store), fresh)).toBe(true);
    } finally {
      await closeStore(store);
    }
    const again = await scanned(true);
    try {
      expect(again.scan?.audit?.repaired, "the repairs were written to the cache").toBe(0);
    } finally {
      await closeStore(again);
    }
    before = await checksum(root);
  });

  it("reads from the disk what a damaged row or another version's row held", async () => {
    const raw = new Database(cacheFile());
    const rows = raw.prepare("SELECT key, run_dir FROM runs").raw().all() as Array<[number, string]>;
    expect(rows.length).toBe(FINISHED.length);
    const [damaged, foreign] = rows as [[number, string], [number, string]];
    // The states' bytes and the run level's bulk are no longer values; the other run was read by another version of the project.
    raw.prepare("UPDATE runs SET states = x'ff0d6f01' WHERE key = ?").run(damaged[0]);
    raw.prepare("UPDATE runs SET bulk = x'ff0d6f01' WHERE key = ?").run(damaged[0]);
    raw.prepare("UPDATE runs SET version = '0.0.0-another' WHERE key = ?").run(foreign[0]);
    raw.close();
    const store = await scanned(true);
    try {
      expect(store.scan?.cachedRuns, "the other version's run is read from the disk").toBe(1);
      const hurt = store.index.runAt(damaged[1])!;
      const states = [...hurt.scenarios.values()];
      expect(store.cache?.problem, "the damaged row is named").toMatch(/index cache .*: a damaged row of runs for .*not a value/);
      expect(
        states.every((s) => s.record === null && s.problems[0]?.message.includes("read again")),
        "no number from a damaged row: named, and read again",
      ).toBe(true);
      await store.sync.idle();
      const { contents: fresh, list } = await truth();
      expect(isDeepStrictEqual(contents(store), fresh), "once the audit of the run read it again").toBe(true);
      expect(listed(store)).toEqual(list);
    } finally {
      await closeStore(store);
    }
  });

  it("does not make a run of the cache that is now a link (to a copy outside)", async () => {
    await closeStore(await scanned(true));
    const name = "eval_20260810_031700";
    const outside = join(await tempDir("ved-restart-outside-"), name);
    await rename(join(root, name), outside);
    await symlink(outside, join(root, name));
    try {
      const store = await scanned(true);
      try {
        expect(store.index.runs.has(name), "a link is not a run").toBe(false);
        expect(isDeepStrictEqual(contents(store), (await truth()).contents)).toBe(true);
      } finally {
        await closeStore(store);
      }
      const raw = new Database(cacheFile());
      const dirs = raw.prepare("SELECT run_dir FROM runs").pluck().all() as string[];
      raw.close();
      expect(
        dirs.map((d) => relative(root, d)),
        "the run gone from the index is gone from the cache",
      ).toEqual(["eval_20260804_144300"]);
    } finally {
      await rm(join(root, name));
      await rename(outside, join(root, name));
    }
    before = await checksum(root);
  });
});

describe("finished runs' states in memory", () => {
  it("leave memory past the bound and come back unchanged from the cache; live runs stay", async () => {
    await closeStore(await scanned(true));
    const store = await scanned(true);
    try {
      const runs = [...store.index.runs.values()];
      const expected = new Map(runs.map((r) => [r.id, runAnalysis(r, NOW).summaryText]));
      // A bound smaller than any run: each finished run pushes the one before it out.
      const loaded = new LoadedRuns(1);
      for (const run of runs) run.loaded = loaded;
      const finished = runs.filter((r) => r.finished);
      expect(finished.length).toBe(FINISHED.length);
      for (const run of finished) void run.scenarios.size;
      expect(
        finished.map((r) => r.inMemory),
        "the newest only",
      ).toEqual(finished.map((_, i) => i === finished.length - 1));
      expect(loaded.scenarios).toBe(finished[finished.length - 1]?.scenarioCount);
      for (const run of runs) expect(runAnalysis(run, NOW).summaryText, run.id).toBe(expected.get(run.id));
      expect(
        runs.filter((r) => !r.finished).every((r) => r.inMemory),
        "a live run never leaves memory",
      ).toBe(true);
    } finally {
      await closeStore(store);
    }
  });
});
