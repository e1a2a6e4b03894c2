/**
 * A real run fed into a watched folder the way the harness writes it (each scenario folder created
 * and filled, metrics.json last, the run-level files at the end), ten times in a row: every time the
 * served summary.txt ends byte-identical to what `summary` prints for the same folder. And a
 * 1,000-scenario run copied in with `cp -a` is listed whole once quiet.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { tempDir } from "../../helpers/run-builder";

const ROOT = join(__dirname, "../../..");
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const TSX = join(ROOT, "node_modules/tsx/dist/cli.mjs");
const SETTLE_MS = 20_000;

let source: string;
let runName: string;
let store: Store | null = null;

afterEach(async () => {
  if (store) await closeStore(store);
  store = null;
});

beforeAll(async () => {
  const out = await tempDir("ved-feed-src-");
  execFileSync(
    process.execPath,
    [TSX, "--conditions=react-server", join(ROOT, "scripts/generate.ts"), out, "--preset", "bench-1k", "--scenarios", "480", "--lean", "--force"],
    { cwd: ROOT, stdio: "ignore" },
  );
  const bench = join(out, "bench");
  const runs = (await readdir(bench)).sort();
  runName = runs[0] as string;
  source = join(bench, runName);
}, 120_000);

async function summaryOf(s: Store): Promise<string | null> {
  const res = await runRoute(s, new Request(`http://127.0.0.1/api/runs/${runName}/summary.txt`));
  return res.status === 200 ? res.text() : null;
}

async function settle(s: Store, expected: string, what: string): Promise<number> {
  const started = Date.now();
  let last: string | null = null;
  while (Date.now() - started < SETTLE_MS) {
    last = await summaryOf(s);
    if (last === expected) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: summary.txt did not match \`summary\` within ${SETTLE_MS} ms; last:\n${last}`);
}

describe("feeding a real run", () => {
  it("ten times in a row, scenario by scenario: summary.txt ends byte-identical to `summary`", async () => {
    const expected = execFileSync(process.execPath, [BIN, "summary", source], { encoding: "utf8" });
    const entries = await readdir(source, { withFileTypes: true });
    const scenarios = entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(scenarios.length).toBeGreaterThanOrEqual(100);
    const log = await readFile(join(source, "evaluation_log.txt"), "utf8");
    const times: number[] = [];
    for (let feed = 1; feed <= 10; feed++) {
      const root = await tempDir("ved-feed-");
      store = createStore(root);
      await store.watching;
      const dir = join(root, runName);
      await mkdir(dir);
      await cp(join(source, "run_args.json"), join(dir, "run_args.json"));
      await writeFile(join(dir, "evaluation_log.txt"), log.split("\n").slice(0, 5).join("\n") + "\n");
      for (const name of scenarios) {
        const from = join(source, name);
        await mkdir(join(dir, name));
        for (const e of await readdir(from, { withFileTypes: true })) {
          if (e.name !== "metrics.json") await cp(join(from, e.name), join(dir, name, e.name), { recursive: true });
        }
        await cp(join(from, "metrics.json"), join(dir, name, "metrics.json"));
      }
      for (const f of entries.filter((e) => e.isFile() && e.name !== "run_args.json")) await cp(join(source, f.name), join(dir, f.name));
      times.push(await settle(store, expected, `feed ${feed}`));
      await closeStore(store);
      store = null;
    }
    console.log(`feed: ${scenarios.length} scenarios, 10 feeds, settled ${Math.min(...times)}–${Math.max(...times)} ms after the last file`);
  }, 300_000);

  it("a 1,000-scenario run copied in with cp -a is listed whole once quiet", async () => {
    const staging = await tempDir("ved-cpa-");
    const big = join(staging, "eval_big");
    await mkdir(big);
    await cp(join(source, "run_args.json"), join(big, "run_args.json"));
    await cp(join(source, "evaluation_log.txt"), join(big, "evaluation_log.txt"));
    const metrics = await readFile(join(source, (await readdir(source, { withFileTypes: true })).find((e) => e.isDirectory())!.name, "metrics.json"));
    for (let i = 0; i < 1000; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, async (_, k) => {
          const folder = join(big, `s_${String(i + k).padStart(4, "0")}`);
          await mkdir(folder);
          await writeFile(join(folder, "metrics.json"), metrics);
        }),
      );
    }
    const root = await tempDir("ved-cpa-root-");
    store = createStore(root);
    await store.watching;
    const started = Date.now();
    execFileSync("cp", ["-a", big, join(root, "eval_big")]);
    const copied = Date.now();
    const deadline = copied + SETTLE_MS;
    while ((store.index.runs.get("eval_big")?.scenarios.size ?? 0) < 1000) {
      if (Date.now() > deadline)
        throw new Error(`after cp -a, ${store.index.runs.get("eval_big")?.scenarios.size ?? 0} of 1,000 scenarios listed within ${SETTLE_MS} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    console.log(`cp -a: 1,000 scenarios copied in ${copied - started} ms, all listed ${Date.now() - copied} ms later`);
    expect(store.index.runs.get("eval_big")?.scenarios.size).toBe(1000);
  }, 120_000);
});
