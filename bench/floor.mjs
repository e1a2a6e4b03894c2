// The floor for the first scan: list the folders, and read and JSON.parse, once each, the files the
// summary needs (every metrics.json, judge_result.json where NL assertions exist, each run's
// run_args.json). Nothing else. Two ways, chosen by the argument after the folder: `async` (a pool of
// 64 reads in flight) or `sync` (readFileSync one after the other, which is faster on small files).
// The bench takes the faster of the two as the honest floor. A third, `keep`, is `sync` that keeps
// what it parsed (as any index must) instead of dropping it: printed beside the floor, for scale,
// never as the floor. Prints JSON: { ms, rssMb, scenarios }.
import { readdirSync, readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

const root = process.argv[2];
const mode = process.argv[3] === "sync" || process.argv[3] === "keep" ? process.argv[3] : "async";
const kept = [];
const LIMIT = 64;

async function pool(items, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(LIMIT, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function readJson(path) {
  try {
    return JSON.parse(await readFile(path, "utf8"));
  } catch {
    return null;
  }
}

function readJsonSync(path) {
  try {
    const value = JSON.parse(readFileSync(path, "utf8"));
    if (mode === "keep") kept.push(value);
    return value;
  } catch {
    return null;
  }
}

const isRun = (entries) => entries.some((e) => e.name === "run_args.json" || e.name === "evaluation_log.txt");
const scenarioDirs = (entries) => entries.filter((e) => e.isDirectory() && !e.name.includes(".killed."));

let scenarios = 0;
async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  if (isRun(entries)) {
    await readJson(join(dir, "run_args.json"));
    await pool(scenarioDirs(entries), async (e) => {
      const m = await readJson(join(dir, e.name, "metrics.json"));
      if (!m) return;
      scenarios++;
      if (typeof m.nl_assertion_pass_rate === "number") await readJson(join(dir, e.name, "judge_result.json"));
    });
    return;
  }
  for (const e of entries) if (e.isDirectory()) await walk(join(dir, e.name));
}

function walkSync(dir) {
  const entries = readdirSync(dir, { withFileTypes: true });
  if (isRun(entries)) {
    readJsonSync(join(dir, "run_args.json"));
    for (const e of scenarioDirs(entries)) {
      const m = readJsonSync(join(dir, e.name, "metrics.json"));
      if (!m) continue;
      scenarios++;
      if (typeof m.nl_assertion_pass_rate === "number") readJsonSync(join(dir, e.name, "judge_result.json"));
    }
    return;
  }
  for (const e of entries) if (e.isDirectory()) walkSync(join(dir, e.name));
}

const started = performance.now();
if (mode !== "async") walkSync(root);
else await walk(root);
const ms = performance.now() - started;
process.stdout.write(JSON.stringify({ ms, mode, rssMb: process.memoryUsage().rss / 2 ** 20, scenarios }) + "\n");
