// The floor for the first scan: list the folders, and read and JSON.parse, once each, the files the
// summary needs (every metrics.json, judge_result.json where NL assertions exist, each run's
// run_args.json). Nothing else. Prints JSON: { ms, rssMb, scenarios }.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

const root = process.argv[2];
const LIMIT = 64;

async function pool(items, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(LIMIT, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

async function readJson(path) {
  try {
    return JSON.parse(await readFile(path, "utf8"));
  } catch {
    return null;
  }
}

const started = performance.now();
let scenarios = 0;
async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  if (entries.some((e) => e.name === "run_args.json" || e.name === "evaluation_log.txt")) {
    await readJson(join(dir, "run_args.json"));
    const subdirs = entries.filter((e) => e.isDirectory() && !e.name.includes(".killed."));
    await pool(subdirs, async (e) => {
      const m = await readJson(join(dir, e.name, "metrics.json"));
      if (!m) return;
      scenarios++;
      if (typeof m.nl_assertion_pass_rate === "number") await readJson(join(dir, e.name, "judge_result.json"));
    });
    return;
  }
  for (const e of entries) if (e.isDirectory()) await walk(join(dir, e.name));
}
await walk(root);
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, rssMb: process.memoryUsage().rss / 2 ** 20, scenarios }) + "\n");
