/**
 * The index equals the disk. Random sequences of real file operations on a watched folder (scenario
 * folders created in place or renamed in from a staging folder, metrics.json written, rewritten,
 * truncated and deleted, runs deleted, renamed and added, killed folders, symbolic links pointing
 * outside, FIFOs, bursts), and once the folder is quiet the index's runs, scenario sets and records
 * equal an independent walk of the disk. The seed is printed on failure (fast-check's report).
 */
import { execFileSync } from "node:child_process";
import type { Dirent } from "node:fs";
import { cp, lstat, mkdir, readdir, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readScenario } from "@/lib/server/ingest/read-scenario";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { tempDir } from "../../helpers/run-builder";

const FIXTURE_RUN = join(__dirname, "../../fixtures/harness/small-2-domains/run/eval_20260810_031700");
const SCENARIOS = [
  "tau2_airline__12",
  "tau2_airline__34",
  "tau2_airline__37",
  "restaurant__pizza_pepperoni",
  "restaurant__burger_spicy_feast",
  "restaurant__deli_italian_sub_lunch",
];
// In a finished run an in-place change is only seen by the whole-folder audit, whose interval grows with
// its own cost (slow on a loaded machine): the bound allows for a few of its periods.
const CONVERGE_MS = 45_000;

let root: string;
let staging: string;
let outside: string;
let store: Store;

beforeAll(async () => {
  root = await tempDir("ved-inv-");
  staging = await tempDir("ved-stage-");
  outside = await tempDir("ved-outside-");
  // A folder outside the results folder that looks like a run and like a scenario: never to be read.
  await cp(FIXTURE_RUN, join(outside, "run"), { recursive: true });
  await cp(join(FIXTURE_RUN, "tau2_airline__12"), join(outside, "scenario"), { recursive: true });
  await mkdir(join(root, "team"), { recursive: true });
  // A finished run and one still going, there before the first scan.
  await cp(FIXTURE_RUN, join(root, "eval_finished"), { recursive: true });
  await cp(FIXTURE_RUN, join(root, "team", "eval_live"), { recursive: true });
  const log = (await readFile(join(FIXTURE_RUN, "evaluation_log.txt"), "utf8")).split("\n").slice(0, 6).join("\n") + "\n";
  await writeFile(join(root, "team", "eval_live", "evaluation_log.txt"), log);
  store = createStore(root);
  await store.watching;
}, 60_000);
afterAll(async () => {
  await closeStore(store);
});

// ---- an independent walk of the disk ------------------------------------------------------

const MARKERS = ["evaluation_log.txt", "run_args.json", "all_summary.txt"];

interface DiskScenario {
  record: boolean;
  metrics: string | null;
  problems: string[];
}

async function entries(dir: string): Promise<Dirent[]> {
  return readdir(dir, { withFileTypes: true }).catch(() => []);
}

/** Runs by id, each with its scenarios as read from disk, found without the index's own discovery. */
async function walk(): Promise<Map<string, Map<string, DiskScenario>>> {
  const runs = new Map<string, Map<string, DiskScenario>>();
  const visit = async (dir: string, rel: string[]) => {
    const own = await entries(dir);
    const dirs = own.filter((e) => e.isDirectory());
    const isRun =
      own.some((e) => e.isFile() && MARKERS.includes(e.name)) ||
      (
        await Promise.all(
          dirs
            .filter((d) => !d.name.includes(".killed."))
            .map(async (d) => (await entries(join(dir, d.name))).some((e) => ["metrics.json", "bridge_log.txt", "scenario_config"].includes(e.name))),
        )
      ).some(Boolean);
    if (isRun && rel.length > 0) {
      const scenarios = new Map<string, DiskScenario>();
      for (const d of dirs) {
        if (d.name.includes(".killed.")) continue;
        const read = await readScenario(dir, d.name);
        if (read.kind === "not-scenario") continue;
        scenarios.set(d.name, {
          record: read.kind === "completed",
          metrics: read.kind === "completed" ? JSON.stringify(read.record.metrics) : null,
          problems: read.problems.map((p) => p.message),
        });
      }
      runs.set(rel.join("/"), scenarios);
      return;
    }
    if (rel.length >= 8) return;
    for (const d of dirs) await visit(join(dir, d.name), [...rel, d.name]);
  };
  await visit(root, []);
  return runs;
}

/** What differs between the index and the disk, as readable lines (empty when they agree). */
async function differences(): Promise<string[]> {
  const disk = await walk();
  const out: string[] = [];
  const index = store.index.runs;
  for (const id of disk.keys()) if (!index.has(id)) out.push(`run ${id} on disk, not in the index`);
  for (const id of index.keys()) if (!disk.has(id)) out.push(`run ${id} in the index, not on disk`);
  for (const [id, scenarios] of disk) {
    const run = index.get(id);
    if (!run) continue;
    for (const [name, s] of scenarios) {
      const indexed = run.scenarios.get(name);
      if (!indexed) {
        out.push(`${id}/${name} on disk, not in the index`);
        continue;
      }
      if (s.problems.length > 0) {
        // A damaged file keeps the last good record; its problem must be named.
        for (const p of s.problems) if (!indexed.problems.some((q) => q.message === p)) out.push(`${id}/${name}: problem "${p}" not named`);
        continue;
      }
      if (s.record !== (indexed.record !== null))
        out.push(`${id}/${name}: record ${s.record ? "on disk" : "absent on disk"} but ${indexed.record ? "present" : "absent"} in the index`);
      else if (s.metrics !== null && JSON.stringify(indexed.record?.metrics) !== s.metrics) out.push(`${id}/${name}: metrics differ`);
    }
    for (const name of run.scenarios.keys()) if (!scenarios.has(name)) out.push(`${id}/${name} in the index, not on disk`);
  }
  return out;
}

async function converged(what: string): Promise<void> {
  const deadline = Date.now() + CONVERGE_MS;
  let last: string[] = [];
  while (Date.now() < deadline) {
    await store.sync.idle();
    last = await differences();
    if (last.length === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the index did not converge to the disk within ${CONVERGE_MS} ms after ${what}:\n${last.slice(0, 20).join("\n")}`);
}

// ---- operations -----------------------------------------------------------------------------

type Op =
  | { kind: "add-run"; run: number; finished: boolean; nested: boolean }
  | { kind: "add-scenario"; run: number; scenario: number; copy: number; staged: boolean; metricsLast: boolean }
  | { kind: "rewrite-metrics"; run: number; scenario: number; score: number }
  | { kind: "truncate-metrics"; run: number; scenario: number }
  | { kind: "delete-metrics"; run: number; scenario: number }
  | { kind: "delete-scenario"; run: number; scenario: number }
  | { kind: "delete-run"; run: number }
  | { kind: "rename-run"; run: number }
  | { kind: "killed-folder"; run: number; scenario: number }
  | { kind: "symlink-scenario"; run: number }
  | { kind: "symlink-run" }
  | { kind: "symlink-subfolder"; run: number; scenario: number }
  | { kind: "fifo-metrics"; run: number; scenario: number }
  | { kind: "burst"; run: number; count: number };

const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  w(3, fc.record({ kind: fc.constant("add-run" as const), run: fc.nat(4), finished: fc.boolean(), nested: fc.boolean() })),
  w(
    5,
    fc.record({
      kind: fc.constant("add-scenario" as const),
      run: fc.nat(4),
      scenario: fc.nat(5),
      copy: fc.nat(3),
      staged: fc.boolean(),
      metricsLast: fc.boolean(),
    }),
  ),
  w(4, fc.record({ kind: fc.constant("rewrite-metrics" as const), run: fc.nat(4), scenario: fc.nat(5), score: fc.integer({ min: 0, max: 10 }) })),
  w(2, fc.record({ kind: fc.constant("truncate-metrics" as const), run: fc.nat(4), scenario: fc.nat(5) })),
  w(2, fc.record({ kind: fc.constant("delete-metrics" as const), run: fc.nat(4), scenario: fc.nat(5) })),
  w(2, fc.record({ kind: fc.constant("delete-scenario" as const), run: fc.nat(4), scenario: fc.nat(5) })),
  w(1, fc.record({ kind: fc.constant("delete-run" as const), run: fc.nat(4) })),
  w(1, fc.record({ kind: fc.constant("rename-run" as const), run: fc.nat(4) })),
  w(2, fc.record({ kind: fc.constant("killed-folder" as const), run: fc.nat(4), scenario: fc.nat(5) })),
  w(1, fc.record({ kind: fc.constant("symlink-scenario" as const), run: fc.nat(4) })),
  w(1, fc.record({ kind: fc.constant("symlink-run" as const) })),
  w(2, fc.record({ kind: fc.constant("symlink-subfolder" as const), run: fc.nat(4), scenario: fc.nat(5) })),
  w(2, fc.record({ kind: fc.constant("fifo-metrics" as const), run: fc.nat(4), scenario: fc.nat(5) })),
  w(1, fc.record({ kind: fc.constant("burst" as const), run: fc.nat(4), count: fc.integer({ min: 50, max: 300 }) })),
);

let serial = 0;

/** A file's text, or `null` when it is not a regular file (reading a FIFO would block the test). */
async function readRegular(file: string): Promise<string | null> {
  const info = await lstat(file).catch(() => null);
  return info?.isFile() ? readFile(file, "utf8") : null;
}

/** The run folder an operation addresses: one of those on disk, by position. */
async function pickRun(n: number): Promise<string | null> {
  const disk = [...(await walk()).keys()].map((id) => join(root, id)).sort();
  return disk.length ? (disk[n % disk.length] as string) : null;
}

async function scenarioDirs(run: string): Promise<string[]> {
  return (await entries(run))
    .filter((e) => e.isDirectory() && !e.name.includes(".killed."))
    .map((e) => e.name)
    .sort();
}

async function apply(op: Op): Promise<void> {
  const id = ++serial;
  if (op.kind === "add-run") {
    const dir = op.nested ? join(root, "team", `eval_${id}`) : join(root, `eval_${id}`);
    const stage = join(staging, `run_${id}`);
    await cp(FIXTURE_RUN, stage, { recursive: true });
    if (!op.finished) {
      const log = (await readFile(join(stage, "evaluation_log.txt"), "utf8")).split("\n").slice(0, 6).join("\n") + "\n";
      await writeFile(join(stage, "evaluation_log.txt"), log);
    }
    await rename(stage, dir);
    return;
  }
  if (op.kind === "symlink-run") {
    await symlink(join(outside, "run"), join(root, `linked_${id}`));
    return;
  }
  const run = await pickRun(op.run);
  if (!run) return;
  const names = await scenarioDirs(run);
  const target = "scenario" in op ? names[op.scenario % Math.max(1, names.length)] : undefined;
  switch (op.kind) {
    case "add-scenario": {
      const src = join(FIXTURE_RUN, SCENARIOS[op.scenario % SCENARIOS.length] as string);
      const name = `${SCENARIOS[op.scenario % SCENARIOS.length]}_c${id}`;
      const dest = join(run, name);
      const from = op.staged ? join(staging, name) : dest;
      await cp(src, from, { recursive: true });
      if (op.metricsLast) await rm(join(from, "metrics.json"));
      if (op.staged) await rename(from, dest);
      if (op.metricsLast) await writeFile(join(dest, "metrics.json"), await readFile(join(src, "metrics.json")));
      return;
    }
    case "rewrite-metrics": {
      if (!target) return;
      const file = join(run, target, "metrics.json");
      const text = await readRegular(file);
      if (text === null) return;
      try {
        const m = JSON.parse(text) as Record<string, unknown>;
        m.judge_score = op.score / 10;
        m.rewritten = id;
        await writeFile(file, JSON.stringify(m, null, 2));
      } catch {
        await writeFile(file, await readFile(join(FIXTURE_RUN, "tau2_airline__12", "metrics.json")));
      }
      return;
    }
    case "truncate-metrics": {
      if (!target) return;
      const file = join(run, target, "metrics.json");
      const text = await readRegular(file);
      if (text !== null) await writeFile(file, text.slice(0, Math.floor(text.length / 2)));
      return;
    }
    case "delete-metrics":
      if (target) await rm(join(run, target, "metrics.json"), { force: true });
      return;
    case "delete-scenario":
      if (target) await rm(join(run, target), { recursive: true, force: true });
      return;
    case "delete-run":
      await rm(run, { recursive: true, force: true });
      return;
    case "rename-run":
      await rename(run, join(root, `renamed_${id}`));
      return;
    case "killed-folder":
      // A resume moves the superseded attempt aside.
      if (target) await rename(join(run, target), join(run, `${target}.killed.${id}`));
      return;
    case "symlink-scenario":
      await symlink(join(outside, "scenario"), join(run, `linked_scenario_${id}`));
      return;
    case "symlink-subfolder": {
      if (!target) return;
      const sub = join(run, target, "bot_logs_agent");
      await rm(sub, { recursive: true, force: true });
      await symlink(join(outside, "scenario", "bot_logs_agent"), sub);
      return;
    }
    case "fifo-metrics": {
      if (!target) return;
      const file = join(run, target, "metrics.json");
      await rm(file, { force: true });
      execFileSync("mkfifo", [file]);
      return;
    }
    case "burst": {
      const src = join(FIXTURE_RUN, "tau2_airline__34");
      await Promise.all(Array.from({ length: op.count }, (_, i) => cp(src, join(run, `burst_${id}_${i}`), { recursive: true })));
      return;
    }
  }
}

describe("the index equals the disk", () => {
  it("after random sequences of file operations, once quiet", async () => {
    await converged("the start");
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
        for (const op of ops) await apply(op);
        await converged(ops.map((o) => o.kind).join(", "));
      }),
      { numRuns: 25, endOnFailure: true, verbose: 1 },
    );
    console.log(`invariant: ${serial} operations; ${store.index.runs.size} runs, ${store.index.scenarioCount} scenarios at the end`);
    // Nothing outside the results folder became a run or a scenario.
    for (const run of store.index.runs.values()) {
      expect(run.dir.startsWith(root)).toBe(true);
      expect(run.id.startsWith("linked_")).toBe(false);
      for (const name of run.scenarios.keys()) expect(name.startsWith("linked_scenario_")).toBe(false);
    }
  }, 600_000);
});
