/**
 * Bad input loses nothing: every artifact of a run is damaged in turn (truncated, corrupted,
 * retyped, NaN-injected, replaced by binary junk, emptied, made huge, turned into a folder or a
 * dangling link). After each mutation the index stays up, every untouched scenario and the other
 * run keep their exact data, the damaged file is named with a reason, and restoring it recovers.
 */
import { cp, lstat, mkdir, readFile, readdir, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { queryScenarios, runAnalysis } from "@/lib/server/views/run-views";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseJson } from "@/lib/core";
import { scenarioDetail } from "@/lib/server/views/scenario-detail";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import type { RunModel } from "@/lib/server/model/run-model";
import { refreshRunLevel, refreshScenario } from "@/lib/server/ingest/load-run";
import { tempDir } from "../../helpers/run-builder";

const HARNESS = join(__dirname, "../../fixtures/harness");
const A = "eval_20260804_144300";
const B = "eval_20260803_223300";

type Mutation = { kind: string; apply: (path: string, original: Buffer) => Promise<void> };

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const MUTATIONS: Mutation[] = [
  { kind: "truncate", apply: (p, o) => writeFile(p, o.subarray(0, Math.floor(o.length / 2))) },
  { kind: "truncate-1", apply: (p, o) => writeFile(p, o.subarray(0, Math.max(0, o.length - 1))) },
  {
    kind: "corrupt",
    apply: (p, o) => {
      const b = Buffer.from(o);
      const rnd = seeded(o.length);
      for (let i = 0; i < Math.max(1, b.length / 50); i++) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256);
      return writeFile(p, b);
    },
  },
  {
    kind: "swap-types",
    apply: (p, o) =>
      writeFile(
        p,
        o
          .toString("utf8")
          .replace(/: (true|false)\b/g, ': "$1"')
          .replace(/: (-?\d+(\.\d+)?)/g, ': "$1"')
          .replace(/: "([^"]*)"/g, ": [$&]".replace("$&", '"$1"')),
      ),
  },
  { kind: "as-array", apply: (p) => writeFile(p, "[1, 2, 3]") },
  { kind: "as-string", apply: (p) => writeFile(p, '"hello"') },
  {
    kind: "nan",
    apply: (p, o) =>
      writeFile(
        p,
        o
          .toString("utf8")
          .replace(/: (-?\d+\.\d+)/, ": NaN")
          .replace(/: (\d+)([,\n])/, ": Infinity$2"),
      ),
  },
  { kind: "binary", apply: (p) => writeFile(p, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))) },
  { kind: "empty", apply: (p) => writeFile(p, "") },
  {
    kind: "huge",
    apply: async (p) => {
      await writeFile(p, "{");
      await truncate(p, 100 * 1024 * 1024);
    },
  },
  {
    kind: "directory",
    apply: async (p) => {
      await rm(p);
      await mkdir(p);
    },
  },
  {
    kind: "dangling-link",
    apply: async (p) => {
      await rm(p);
      await symlink(join(p, "..", "does-not-exist"), p);
    },
  },
  {
    kind: "outside-link",
    apply: async (p) => {
      await rm(p);
      await symlink("/etc/hostname", p);
    },
  },
];

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

function snapshot(run: RunModel, except: string | null) {
  const rows = queryScenarios(run, { sort: "order", dir: "asc", offset: 0, limit: 1000 }).rows.filter((r) => r.name !== except);
  return JSON.stringify(rows);
}

let store: Store;
let root: string;
beforeAll(async () => {
  root = await tempDir();
  await cp(join(HARNESS, "stalls", "run", A), join(root, A), { recursive: true });
  await cp(join(HARNESS, "judge-only", "run", B), join(root, B), { recursive: true });
  store = createStore(root, { watch: false });
  await store.scanned;
});
afterAll(async () => closeStore(store));

describe("fuzz: damaged artifacts", () => {
  it("survives at least 1,000 mutations of every artifact kind without losing untouched data", async () => {
    const index = store.index;
    const runA = index.runs.get(A)!;
    const runB = index.runs.get(B)!;
    const baseA = runAnalysis(runA).summaryText;
    const baseB = runAnalysis(runB).summaryText;
    const files = (await filesUnder(join(root, A))).sort();
    let tried = 0;
    const failures: string[] = [];
    for (const file of files) {
      const rel = relative(join(root, A), file).split("/");
      const scenario = rel.length > 1 ? (rel[0] as string) : null;
      const original = await readFile(file);
      const before = scenario ? snapshot(runA, scenario) : null;
      const beforeB = snapshot(runB, null);
      for (const m of MUTATIONS) {
        tried++;
        await m.apply(file, original);
        try {
          if (scenario) await refreshScenario(index, runA, scenario);
          else await refreshRunLevel(index, runA);
          // Other scenarios and the other run keep their exact data.
          if (scenario && snapshot(runA, scenario) !== before) failures.push(`${m.kind} ${rel.join("/")}: another scenario changed`);
          if (snapshot(runB, null) !== beforeB || runAnalysis(runB).summaryText !== baseB) failures.push(`${m.kind} ${rel.join("/")}: run B changed`);
          if (scenario) {
            // The damaged file is named, either by the index or when the scenario is opened.
            const detail = await scenarioDetail(runA, scenario);
            const indexed = runA.scenarios.get(scenario)?.problems ?? [];
            const named = [...indexed, ...(detail?.problems ?? [])].some((p) => p.file === rel.slice(1).join("/") && p.message.length > 0);
            const textLike = /\.(txt|wav|md)$/.test(file) && !["huge", "directory", "dangling-link", "outside-link"].includes(m.kind);
            // Byte damage that still parses (a changed letter inside a string) is not damage.
            const stillParses = m.kind === "corrupt" && file.endsWith(".json") && parseJson((await readFile(file)).toString("utf8")).ok;
            const harmless = textLike || stillParses || m.kind === "swap-types" || m.kind === "truncate-1" || m.kind === "nan";
            if (!named && !harmless) failures.push(`${m.kind} ${rel.join("/")}: damage not named`);
          }
        } catch (error) {
          failures.push(`${m.kind} ${rel.join("/")}: threw ${String(error)}`);
        }
        // Restore and check recovery.
        const info = await lstat(file).catch(() => null);
        if (info?.isDirectory()) await rm(file, { recursive: true });
        else if (info) await rm(file);
        await writeFile(file, original);
        if (scenario) await refreshScenario(index, runA, scenario);
        else await refreshRunLevel(index, runA);
        if (runAnalysis(runA).summaryText !== baseA) failures.push(`${m.kind} ${rel.join("/")}: did not recover`);
      }
    }
    // A second pass with seeded random byte damage on the JSON files brings the count past 1,000.
    const rnd = seeded(42);
    const jsonFiles = files.filter((f) => f.endsWith(".json"));
    while (tried < 1200) {
      const file = jsonFiles[Math.floor(rnd() * jsonFiles.length)] as string;
      const rel = relative(join(root, A), file).split("/");
      const scenario = rel.length > 1 ? (rel[0] as string) : null;
      const original = await readFile(file);
      const cut = Math.floor(rnd() * original.length);
      await writeFile(file, Buffer.concat([original.subarray(0, cut), Buffer.from([Math.floor(rnd() * 256)]), original.subarray(cut + 1)]));
      tried++;
      try {
        if (scenario) await refreshScenario(index, runA, scenario);
        else await refreshRunLevel(index, runA);
        if (scenario) await scenarioDetail(runA, scenario);
      } catch (error) {
        failures.push(`random ${rel.join("/")}@${cut}: threw ${String(error)}`);
      }
      await writeFile(file, original);
      if (scenario) await refreshScenario(index, runA, scenario);
      else await refreshRunLevel(index, runA);
    }
    expect(runAnalysis(runA).summaryText).toBe(baseA);
    console.log(`fuzz: ${tried} mutations over ${files.length} files, ${failures.length} failures`);
    expect(failures).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(1000);
  }, 300_000);
});
