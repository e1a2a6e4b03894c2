/**
 * `npm run bench`: makes results folders with the project's generator (deterministic, cached under
 * $BENCH_DIR, default /tmp/voice-eval-dashboard-bench) and prints the figures of issue 7: first scan against the floor, memory, landing →
 * (issue 13: on 10k, the timing rollup's time until `pending` is 0 and the first scan with and without it)
 * SSE delay, run page and scenario API, a 5 MB context, and `summary` on 10,000 scenarios.
 *
 * (issue 32, `--only store`: floor, first start and restart of the server, runs list complete and
 * boot excluded, at 10,000 scenarios in one run, a year of nightly runs (365 × 30) and 100,000, with
 * the server's RSS at each and at two years (730 × 30), side by side.)
 *
 * (issue 42, `--only heavy`: the heavy views on the real server — setup diff at 100 KB, themes at
 * 20,000 reasons — each with the slowest `/api/health` answer while it computes; see bench/heavy-views.ts.)
 *
 * (issue 58, `--only s3`: 10,000 scenarios in an S3-protocol bucket: the first start and a second
 * replica's on one PostgreSQL, against a plain ListObjectsV2 + GetObject of every metrics.json; see bench/s3.ts.)
 *
 * (issue 54, `--only compare`: a compare of two runs of one suite at 2 × 5,000 and 2 × 10,000 after a
 * restart, against the floor, with `/api/health` meanwhile; see bench/compare.ts.)
 *
 *   npm run bench [-- --sizes 1k,10k,100k | none] [--repeat 3] [--trends 100x2000 | none] [--only trends | scan | store | rollup | themes | audio | setup | heavy | compare | s3] [--folders single-10k,year-365,results-100k,year-730 (store)]
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { audio100MbFigures, audioFigures } from "./audio";
import { compareFigures } from "./compare";
import { heavyViewFigures } from "./heavy-views";
import { s3Figures } from "./s3";
import { setupFigures } from "./setup";
import { themesFigures } from "./themes";
import { trendsFigures } from "./trends";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
// Outside the project: Turbopack traces the server's file reads and would otherwise scan these
// hundreds of thousands of generated files on every build.
const OUT = process.env.BENCH_DIR ?? join(tmpdir(), "voice-eval-dashboard-bench");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? (args[i + 1] as string) : fallback;
};
const REPEAT = Number(arg("repeat", "3"));
const PRESET: Record<string, string> = { "1k": "bench-1k", "10k": "bench-10k", "100k": "bench-100k" };
/** `--sizes none` measures only the single 10,000-scenario run (pages, 5 MB contexts, summary). */
const SIZES = arg("sizes", "1k,10k,100k")
  .split(",")
  .filter((s) => s in PRESET);
/** The trends page's suite, RUNSxSCENARIOS (`none` skips it); `--only trends` measures nothing else. */
const TRENDS = arg("trends", "100x2000");
const ONLY_TRENDS = arg("only", "") === "trends";
/** `--only scan`: the first-scan, restart and memory figures of issue 17 and nothing else. */
const ONLY_SCAN = arg("only", "") === "scan";
/** `--only store`: issue 32's side-by-side table (floor, first start, restart, RSS) and nothing else. */
const ONLY_STORE = arg("only", "") === "store";
/** `--only rollup`: the timing rollup's figures (issue 13, and its restart) and nothing else. */
const ONLY_ROLLUP = arg("only", "") === "rollup";
/** `--only themes`: failure themes of 2,000 failing scenarios (issue 36) and nothing else. */
const ONLY_THEMES = arg("only", "") === "themes";
/** `--only audio`: the recording's analysis of a 10-minute call (issue 34) and nothing else. */
const ONLY_AUDIO = arg("only", "") === "audio";
/** `--only setup`: the setup diff of a 50 KB prompt (issue 37) and nothing else. */
const ONLY_SETUP = arg("only", "") === "setup";
/** `--only heavy`: the heavy views on the real server with /api/health's latency meanwhile (issue 42) and nothing else. */
const ONLY_HEAVY = arg("only", "") === "heavy";
/** `--only compare`: a compare of two runs of one suite at 2 × 5,000 and 2 × 10,000 scenarios (issue 54) and nothing else. */
const ONLY_COMPARE = arg("only", "") === "compare";
/** `--only s3`: 10,000 scenarios in an S3-protocol bucket, first start and a second replica's against the floor (issue 58), and nothing else. */
const ONLY_S3 = arg("only", "") === "s3";

const rows: Array<[string, string]> = [];
const report = (label: string, value: string) => {
  rows.push([label, value]);
  console.log(`  ${label}: ${value}`);
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;

function generate(name: string, extra: string[]): string {
  const dir = join(OUT, name);
  if (existsSync(`${dir}.done`)) return dir;
  console.log(`generating ${name} (${extra.join(" ")})…`);
  const t = Date.now();
  execFileSync(
    process.execPath,
    [TSX, "--conditions=react-server", "--tsconfig", join(ROOT, "tsconfig.json"), join(ROOT, "scripts", "generate.ts"), dir, "--force", ...extra],
    { stdio: "inherit", cwd: ROOT },
  );
  writeFileSync(`${dir}.done`, String(Date.now() - t));
  return dir;
}

function runJson(cmd: string, cmdArgs: string[]): Record<string, number> {
  const out = execFileSync(cmd, cmdArgs, { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 });
  return JSON.parse(out.trim().split("\n").pop() as string) as Record<string, number>;
}

const scanOnce = (dir: string, snapshot?: string) =>
  runJson(process.execPath, [
    TSX,
    "--conditions=react-server",
    "--expose-gc",
    "--tsconfig",
    join(ROOT, "tsconfig.json"),
    join(ROOT, "bench", "scan.ts"),
    dir,
    ...(snapshot ? [snapshot] : []),
  ]);
/**
 * Reads the folder's files once, untimed, before each timed pass: this VM's memory reclaim evicts
 * the page cache between runs, and a cold pass (up to 40× slower, the disk's time, not ours) then
 * lands on whichever measurement comes first. Every figure here is a warm-cache figure.
 */
const warm = (dir: string) => void runJson(process.execPath, [join(ROOT, "bench", "floor.mjs"), dir, "sync"]);
/** `floor.mjs`'s mode on `dir`, in ms. */
const floorRun = (dir: string, mode: "sync" | "async" | "keep") => runJson(process.execPath, [join(ROOT, "bench", "floor.mjs"), dir, mode]).ms as number;
/** The floor: the faster of the plain synchronous read and the plain pooled one, measured now. */
const floorMs = (dir: string) => Math.min(floorRun(dir, "sync"), floorRun(dir, "async"));
const range = (xs: number[], unit = " ms") =>
  `${Math.round(median(xs))}${unit} (${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))} over ${xs.length})`;

/** The metrics.json files of the first `n` scenario folders found, for the 1% restart. */
function someMetricsFiles(dir: string, n: number): string[] {
  const out: string[] = [];
  const visit = (at: string) => {
    for (const e of readdirSync(at, { withFileTypes: true })) {
      if (out.length >= n || !e.isDirectory()) continue;
      const path = join(at, e.name, "metrics.json");
      if (existsSync(path)) out.push(path);
      else visit(join(at, e.name));
    }
  };
  visit(dir);
  return out;
}

/** Issue #17, as issue 32 left it: the first scan in process, restarts from the index cache, memory; against the honest floor measured in the same run. */
function scanFigures(label: string, dir: string): { floor: number } {
  const floors: number[] = [];
  const syncFloors: number[] = [];
  const scans: number[] = [];
  const rss: number[] = [];
  const perScenario: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    warm(dir);
    floors.push(runJson(process.execPath, [join(ROOT, "bench", "floor.mjs"), dir, "async"]).ms as number);
    warm(dir);
    syncFloors.push(runJson(process.execPath, [join(ROOT, "bench", "floor.mjs"), dir, "sync"]).ms as number);
    warm(dir);
    const scan = scanOnce(dir);
    scans.push(scan.ms as number);
    rss.push(scan.rssMb as number);
    perScenario.push(((scan.indexHeapMb as number) * 2 ** 20) / (scan.scenarios as number));
  }
  // The honest floor: the faster of the two plain readers, measured in this run on the same files.
  const f = Math.min(median(floors), median(syncFloors));
  const s = median(scans);
  report(`${label}: first scan (main thread, runs list complete)`, range(scans));
  report(`${label}: floor, async pool of 64 / sync sequential`, `${range(floors)} / ${range(syncFloors)}`);
  report(
    `${label}: first scan ÷ honest floor (the faster)`,
    `${(s / f).toFixed(2)}× (${(Math.min(...scans) / f).toFixed(2)}–${(Math.max(...scans) / f).toFixed(2)})`,
  );
  report(`${label}: resident memory after the first scan and every run's analysis`, range(rss, " MB"));
  report(`${label}: index heap per scenario (with every run's analysis, finished runs' states bounded)`, range(perScenario, " bytes"));
  // Restarts from the index cache: unchanged, then with 1% of the metrics.json files touched.
  const state = mkdtempSync(join(tmpdir(), "ved-bench-state-"));
  try {
    scanOnce(dir, state);
    const restarts: number[] = [];
    const audits: number[] = [];
    const loads: number[] = [];
    let scenarios = 0;
    for (let i = 0; i < REPEAT; i++) {
      warm(dir);
      const r = scanOnce(dir, state);
      if (r.read !== 0) throw new Error(`a restart on an unchanged folder read ${r.read} scenarios`);
      restarts.push(r.ms as number);
      audits.push(r.auditMs as number);
      loads.push(r.loadMs as number);
      scenarios = r.scenarios as number;
    }
    report(
      `${label}: restart, unchanged folder (index cache), runs list complete`,
      `${range(restarts)} = ${(median(restarts) / f).toFixed(2)}× the honest floor`,
    );
    report(`${label}: the audit after that restart (every signature against the disk)`, range(audits));
    report(`${label}: after it, every run's analysis (states from the cache, a bounded set in memory)`, range(loads));
    const touched = someMetricsFiles(dir, Math.ceil(scenarios / 100));
    const later = new Date(Date.now() + 60_000);
    for (const file of touched) utimesSync(file, later, later);
    warm(dir);
    const r = scanOnce(dir, state);
    report(
      `${label}: restart after 1% of metrics.json changed`,
      `${Math.round(r.ms as number)} ms to a complete list, audit ${Math.round(r.auditMs as number)} ms (${touched.length} changed)`,
    );
  } finally {
    rmSync(state, { recursive: true, force: true });
  }
  return { floor: f };
}

/**
 * How a pass polls `/api/health`: `timing` every 20 ms until the server first answers, then every
 * 100 ms (each answer costs the server's main thread, and the bench's own process shares the two
 * cores, so 50 polls a second slowed a 100,000-scenario scan by 400 ms); `health` every 20 ms
 * throughout, for the latencies; `runs` as `health`, with the runs list every fifth poll.
 */
type PollMode = "timing" | "health" | "runs";
const DENSE_POLL_MS = 20;
const SPARSE_POLL_MS = 100;

/**
 * Spawns the server and polls `/api/health` until the index is complete: time to fully indexed,
 * the latencies meanwhile, and the time until the server is live (`watching`: the watcher is up and
 * its catch-up audit of changes made during the scan is done). Fully indexed is when the scan
 * finished by the server's clock (`scan.finishedAt`, so a sparse poll loses no precision), or the
 * server's first answer if that came later: indexed and answering.
 */
async function timeToIndexed(
  dir: string,
  stateDir: string,
  mode: PollMode = "timing",
  pages = false,
): Promise<{
  ms: number;
  liveMs: number;
  healthMs: number[];
  runsMs: number[];
  firstListMs: number;
  rssMb: number;
  auditMs: number | null;
  pagesRssMb: number | null;
  trendsMs: number | null;
  scanMs: number;
}> {
  const port = await freePort();
  const started = performance.now();
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [join(ROOT, "bin", "voice-eval-dashboard.mjs"), dir, "--port", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: { ...process.env, VOICE_EVAL_STATE_DIR: stateDir },
  });
  const healthMs: number[] = [];
  const runsMs: number[] = [];
  let firstAnswerMs: number | null = null;
  try {
    for (let i = 0; i < 12_000; i++) {
      const t = performance.now();
      try {
        const body = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { indexing: unknown; scan: { finishedAt: number | null } | null };
        const at = performance.now();
        if (body.indexing === null && body.scan?.finishedAt) {
          const ms = Math.max(firstAnswerMs ?? at - started, body.scan.finishedAt - spawnedAt);
          // The whole runs list once indexed: after a restart, from saved items or from decoded records.
          const listStarted = performance.now();
          await (await fetch(`http://127.0.0.1:${port}/api/runs`)).arrayBuffer();
          const firstListMs = performance.now() - listStarted;
          // Stopped only once the index cache is written, so that the next start can use it.
          let liveMs: number | null = null;
          for (let k = 0; k < 1200; k++) {
            const h = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
              watching: boolean;
              rssMb: number;
              scan: { ms: number; savedAt: number | null; audit: { ms: number } | null };
            };
            if (h.watching) liveMs ??= performance.now() - started;
            if (liveMs !== null && h.scan.savedAt !== null) {
              const more = pages ? await pageVisits(`http://127.0.0.1:${port}`) : { rssMb: null, trendsMs: null };
              return {
                ms,
                liveMs,
                healthMs,
                runsMs,
                firstListMs,
                rssMb: h.rssMb,
                auditMs: h.scan.audit?.ms ?? null,
                pagesRssMb: more.rssMb,
                trendsMs: more.trendsMs,
                scanMs: h.scan.ms,
              };
            }
            await new Promise((r) => setTimeout(r, 50));
          }
          throw new Error("the server did not go live (watching) or write its index cache within a minute of indexing");
        }
        // The first answer is the server's first request (route code loaded and compiled): not counted.
        if (firstAnswerMs !== null) healthMs.push(at - t);
        // The runs list, every fifth poll (about 10 a second), while runs join the index.
        if (firstAnswerMs !== null && mode === "runs" && i % 5 === 0) {
          const r = performance.now();
          await (await fetch(`http://127.0.0.1:${port}/api/runs`)).arrayBuffer();
          runsMs.push(performance.now() - r);
        }
        firstAnswerMs ??= at - started;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, mode === "timing" && firstAnswerMs !== null ? SPARSE_POLL_MS : DENSE_POLL_MS));
    }
    throw new Error("the server did not finish indexing within 4 minutes");
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    stopServer(child);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
}

/** Server start to fully indexed, boot excluded (the same start on an empty folder), and /api/health during the scan. */
async function serverScanFigures(label: string, dir: string, floor: number): Promise<void> {
  const empty = mkdtempSync(join(tmpdir(), "ved-bench-empty-"));
  const boots: number[] = [];
  const indexed: number[] = [];
  const restarts: number[] = [];
  const firstLive: number[] = [];
  const restartLive: number[] = [];
  const firstLists: number[] = [];
  const restartLists: number[] = [];
  const health: number[] = [];
  const runsList: number[] = [];
  try {
    for (let i = 0; i < REPEAT; i++) {
      const state = mkdtempSync(join(tmpdir(), "ved-bench-state-"));
      try {
        boots.push((await timeToIndexed(empty, state)).ms);
        warm(dir);
        const first = await timeToIndexed(dir, state);
        indexed.push(first.ms);
        firstLive.push(first.liveMs);
        firstLists.push(first.firstListMs);
        warm(dir);
        const restart = await timeToIndexed(dir, state);
        restarts.push(restart.ms);
        restartLive.push(restart.liveMs);
        restartLists.push(restart.firstListMs);
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
    }
    // Two more first scans, for the latencies (not timed): /api/health polled every 20 ms, then the
    // runs list asked for meanwhile as well.
    for (const mode of ["health", "runs"] as const) {
      const state = mkdtempSync(join(tmpdir(), "ved-bench-state-"));
      try {
        warm(dir);
        const pass = await timeToIndexed(dir, state, mode);
        if (mode === "health") health.push(...pass.healthMs);
        else runsList.push(...pass.runsMs);
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
  const boot = median(boots);
  const beyond = indexed.map((t) => t - boot);
  report(
    `${label}: server start → fully indexed, boot (${Math.round(boot)} ms) excluded`,
    `${range(beyond)} = ${(median(beyond) / floor).toFixed(2)}× the honest floor`,
  );
  report(
    `${label}: server restart → fully indexed (persisted index), boot excluded`,
    `${range(restarts.map((t) => t - boot))} = ${((median(restarts) - boot) / floor).toFixed(2)}× the honest floor`,
  );
  report(`${label}: the whole runs list, asked once indexed, after a start / a restart`, `${range(firstLists)} / ${range(restartLists)}`);
  report(`${label}: server start → live (watching, caught up), boot excluded`, range(firstLive.map((t) => t - boot)));
  report(`${label}: server restart → live (watching, caught up), boot excluded`, range(restartLive.map((t) => t - boot)));
  const latencies = (xs: number[]) =>
    xs.length
      ? `p50 ${Math.round(pct(xs, 0.5))} ms, p95 ${Math.round(pct(xs, 0.95))} ms, max ${Math.round(Math.max(...xs))} ms (${xs.length} requests)`
      : "the scan finished before the second answer";
  report(`${label}: /api/health during the first scan (polled every 20 ms)`, latencies(health));
  report(`${label}: /api/runs during a first scan (asked about 10 times a second)`, latencies(runsList));
}

/** `/trends` (twice: the second is the warm figure) and the newest run's page, then the server's RSS. */
async function pageVisits(url: string): Promise<{ rssMb: number; trendsMs: number }> {
  await (await fetch(`${url}/trends`)).arrayBuffer();
  const t = performance.now();
  await (await fetch(`${url}/trends`)).arrayBuffer();
  const trendsMs = performance.now() - t;
  const runs = (await (await fetch(`${url}/api/runs`)).json()) as { runs: Array<{ id: string }> };
  if (runs.runs[0]) await (await fetch(`${url}/runs/${encodeURIComponent(runs.runs[0].id)}`)).arrayBuffer();
  const h = (await (await fetch(`${url}/api/health`)).json()) as { rssMb: number };
  return { rssMb: h.rssMb, trendsMs };
}

/**
 * The user's clock (issue 46): from spawning the command a user types (`npm start`'s bin) to
 * `/api/runs` listing every run with no `indexing` block, polled every 20 ms; then, so that a
 * restart can use it, until the index cache is written (`scan.savedAt`), with the server's RSS.
 */
async function timeToListed(dir: string, stateDir: string, runs: number): Promise<{ ms: number; rssMb: number; commandRssMb: number | null }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, "bin", "voice-eval-dashboard.mjs"), dir, "--port", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: { ...process.env, VOICE_EVAL_STATE_DIR: stateDir },
  });
  try {
    let ms: number | null = null;
    for (let i = 0; i < 15_000 && ms === null; i++) {
      try {
        const body = (await (await fetch(`http://127.0.0.1:${port}/api/runs`)).json()) as { runs: unknown[]; indexing?: unknown };
        if (body.indexing === undefined && body.runs.length === runs) ms = performance.now() - started;
      } catch {
        // not up yet
      }
      if (ms === null) await new Promise((r) => setTimeout(r, 20));
    }
    if (ms === null) throw new Error(`the runs list of ${dir} was not complete within 5 minutes`);
    for (let k = 0; k < 1200; k++) {
      const h = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { rssMb: number; scan: { savedAt: number | null } | null };
      // The command's own process too (it ran the first scan on a worker thread: issue 46), from Linux's /proc.
      if (h.scan?.savedAt) return { ms, rssMb: h.rssMb, commandRssMb: processRssMb(child.pid) };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error("the server did not write its index cache within a minute of listing");
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    stopServer(child);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  }
}

/** A process's resident memory in MB (Linux `/proc`), `null` elsewhere. */
function processRssMb(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/** Run folders under `dir` (as the index finds them: a folder with `evaluation_log.txt` or `run_args.json`, at most 3 down). */
function runFolders(dir: string, depth = 0): number {
  const entries = readdirSync(dir, { withFileTypes: true });
  if (depth > 0 && entries.some((e) => e.isFile() && (e.name === "evaluation_log.txt" || e.name === "run_args.json"))) return 1;
  if (depth >= 3) return 0;
  return entries.filter((e) => e.isDirectory()).reduce((n, e) => n + runFolders(join(dir, e.name), depth + 1), 0);
}

interface UserClockRow {
  label: string;
  floor: number;
  empty: number;
  emptyRestart: number;
  first: number;
  restart: number;
  rssFirst: number;
  rssRestart: number;
  commandRssFirst: number | null;
}

/** Issue 46's figures for one folder: spawn → runs list complete, first start and restart, less the same on an empty folder, against the floor. */
async function userClockFigures(label: string, dir: string): Promise<UserClockRow> {
  const empty = mkdtempSync(join(tmpdir(), "ved-bench-empty-"));
  const runs = runFolders(dir);
  const floors: number[] = [];
  const empties: number[] = [];
  const emptyRestarts: number[] = [];
  const firsts: number[] = [];
  const restarts: number[] = [];
  const rssFirst: number[] = [];
  const rssRestart: number[] = [];
  const commandRss: number[] = [];
  try {
    for (let i = 0; i < REPEAT; i++) {
      warm(dir);
      floors.push(floorMs(dir));
      const state = mkdtempSync(join(tmpdir(), "ved-bench-state-"));
      try {
        // The boot, as a first start (a new state folder: the ledger is made) and as a restart (the same one).
        const emptyState = mkdtempSync(join(tmpdir(), "ved-bench-state-empty-"));
        empties.push((await timeToListed(empty, emptyState, 0)).ms);
        emptyRestarts.push((await timeToListed(empty, emptyState, 0)).ms);
        rmSync(emptyState, { recursive: true, force: true });
        warm(dir);
        const first = await timeToListed(dir, state, runs);
        firsts.push(first.ms);
        rssFirst.push(first.rssMb);
        if (first.commandRssMb !== null) commandRss.push(first.commandRssMb);
        warm(dir);
        const restart = await timeToListed(dir, state, runs);
        restarts.push(restart.ms);
        rssRestart.push(restart.rssMb);
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
  const floor = median(floors);
  const boot = median(empties);
  const rebootMs = median(emptyRestarts);
  const first = median(firsts) - boot;
  const restart = median(restarts) - rebootMs;
  report(
    `${label}: user's clock, spawn → runs list complete on an empty folder (the boot), first start / restart`,
    `${range(empties)} / ${range(emptyRestarts)}`,
  );
  report(
    `${label}: user's clock, first start less the boot`,
    `${range(firsts.map((t) => t - boot))} = ${(first / floor).toFixed(2)}× the floor (${Math.round(floor)} ms)`,
  );
  report(`${label}: user's clock, restart less the boot's restart`, `${range(restarts.map((t) => t - rebootMs))} = ${(restart / floor).toFixed(2)}× the floor`);
  report(`${label}: server RSS, first start / restart`, `${range(rssFirst, " MB")} / ${range(rssRestart, " MB")}`);
  if (commandRss.length) report(`${label}: the command's own process (its first-scan thread ended), first start`, range(commandRss, " MB"));
  return {
    label,
    floor,
    empty: boot,
    emptyRestart: rebootMs,
    first,
    restart,
    rssFirst: median(rssFirst),
    rssRestart: median(rssRestart),
    commandRssFirst: commandRss.length ? median(commandRss) : null,
  };
}

/** A copy of one finished run that stalled: its log without the last session's end, everything quiet for an hour (hard links; the log is a file of its own). */
function stalledCopy(single: string): string {
  const dir = join(OUT, "stalled-10k");
  if (existsSync(`${dir}.done`)) return dir;
  rmSync(dir, { recursive: true, force: true });
  execFileSync("cp", ["-al", single, dir]);
  const hour = new Date(Date.now() - 3_600_000);
  for (const run of readdirSync(dir)) {
    const log = join(dir, run, "evaluation_log.txt");
    if (!existsSync(log)) continue;
    const text = readFileSync(log, "utf8").replace(/^.*Evaluation Complete!.*\n?/gm, "");
    rmSync(log);
    writeFileSync(log, text);
    rmSync(join(dir, run, "all_summary.txt"), { force: true });
    rmSync(join(dir, run, "all_metrics.json"), { force: true });
    utimesSync(log, hour, hour);
    utimesSync(join(dir, run), hour, hour);
  }
  writeFileSync(`${dir}.done`, "");
  return dir;
}

interface StoreRow {
  label: string;
  floor: number;
  keep: number;
  first: number;
  restart: number;
  rssFirst: number;
  rssRestart: number;
  audit: number | null;
  rssPages: number | null;
  trendsMs: number | null;
}

/**
 * Issue 32: the floor, the server's first start and its restart on the same state folder (runs list
 * complete, boot on an empty folder excluded), the server's RSS once live and its index cache
 * written, and (`pages`) after `/trends` and a run page.
 */
async function storeFigures(label: string, dir: string, pages: boolean): Promise<StoreRow> {
  const empty = mkdtempSync(join(tmpdir(), "ved-bench-empty-"));
  const floors: number[] = [];
  const keeps: number[] = [];
  const boots: number[] = [];
  const firsts: number[] = [];
  const restarts: number[] = [];
  const firstScans: number[] = [];
  const restartScans: number[] = [];
  const rssFirst: number[] = [];
  const rssRestart: number[] = [];
  const audits: number[] = [];
  const rssPages: number[] = [];
  const trends: number[] = [];
  try {
    for (let i = 0; i < REPEAT; i++) {
      warm(dir);
      floors.push(floorMs(dir));
      keeps.push(floorRun(dir, "keep"));
      const state = mkdtempSync(join(tmpdir(), "ved-bench-state-"));
      try {
        boots.push((await timeToIndexed(empty, state)).ms);
        warm(dir);
        const first = await timeToIndexed(dir, state);
        firsts.push(first.ms);
        firstScans.push(first.scanMs);
        rssFirst.push(first.rssMb);
        warm(dir);
        const restart = await timeToIndexed(dir, state, "timing", pages);
        restarts.push(restart.ms);
        restartScans.push(restart.scanMs);
        rssRestart.push(restart.rssMb);
        if (restart.auditMs !== null) audits.push(restart.auditMs);
        if (restart.pagesRssMb !== null) rssPages.push(restart.pagesRssMb);
        if (restart.trendsMs !== null) trends.push(restart.trendsMs);
      } finally {
        rmSync(state, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
  const boot = median(boots);
  const floor = median(floors);
  // The server's own clock: from its store's creation to the index complete (the runs list can be
  // answered whole), which excludes Next's boot exactly; the spawn-to-answer times less an empty
  // folder's are printed beside (the boot varies by seconds with this VM's page cache).
  const first = median(firstScans);
  const restart = median(restartScans);
  report(`${label}: floor (the faster of sync and a pool of 64)`, range(floors));
  report(`${label}: for scale, the sync floor keeping what it parsed (as an index must)`, `${range(keeps)} = ${(median(keeps) / floor).toFixed(2)}× the floor`);
  report(
    `${label}: server first start → runs list complete (server's clock, boot excluded)`,
    `${range(firstScans)} = ${(first / floor).toFixed(2)}× the floor; spawn → complete less an empty folder's (${Math.round(boot)} ms): ${range(firsts.map((t) => t - boot))}`,
  );
  report(
    `${label}: server restart → runs list complete (index cache; server's clock)`,
    `${range(restartScans)} = ${(restart / floor).toFixed(2)}× the floor; spawn → complete less an empty folder's: ${range(restarts.map((t) => t - boot))}`,
  );
  report(`${label}: the audit after the restart (in the background)`, audits.length ? range(audits) : "none");
  report(`${label}: server RSS once live, first start / restart`, `${range(rssFirst, " MB")} / ${range(rssRestart, " MB")}`);
  if (pages) report(`${label}: server RSS after /trends and a run page; /trends warm`, `${range(rssPages, " MB")}; ${range(trends)}`);
  return {
    label,
    floor,
    keep: median(keeps),
    first,
    restart,
    rssFirst: median(rssFirst),
    rssRestart: median(rssRestart),
    audit: audits.length ? median(audits) : null,
    rssPages: rssPages.length ? median(rssPages) : null,
    trendsMs: trends.length ? median(trends) : null,
  };
}

/** Issue 32's table: the folders side by side, and the RSS of two years of history against one. */
async function storeTable(): Promise<void> {
  const folders: Array<[string, string, string[], boolean]> = [
    ["10,000 scenarios in one run", "single-10k", ["--preset", "big-3000", "--scenarios", "10000", "--lean"], false],
    ["a year: 365 nightly runs × 30", "year-365", ["--preset", "year-365"], true],
    ["100,000 scenarios (50 runs × 2,000)", "results-100k", ["--preset", "bench-100k"], false],
    ["two years: 730 nightly runs × 30", "year-730", ["--preset", "year-730"], true],
  ];
  // `--folders year-365,single-10k`: only these (the 730-run comparison needs both years).
  const only = arg("folders", "").split(",").filter(Boolean);
  const table: StoreRow[] = [];
  for (const [label, name, extra, pages] of folders.filter(([, name]) => only.length === 0 || only.includes(name))) {
    const dir = generate(name, extra);
    console.log(`\n[${label}] ${dir}`);
    table.push(await storeFigures(label, dir, pages));
  }
  const x = (t: number, floor: number) => `${Math.round(t)} ms (${(t / floor).toFixed(2)}×)`;
  console.log(
    "\n| Folder | Floor | Floor keeping what it parsed | First start | Restart (same state dir) | Audit after restart | Server RSS, first start / restart | RSS after /trends and a run page | /trends warm |\n|---|---|---|---|---|---|---|---|---|",
  );
  for (const r of table) {
    console.log(
      `| ${r.label} | ${Math.round(r.floor)} ms | ${x(r.keep, r.floor)} | ${x(r.first, r.floor)} | ${x(r.restart, r.floor)} | ${r.audit === null ? "—" : `${Math.round(r.audit)} ms`} | ${Math.round(r.rssFirst)} / ${Math.round(r.rssRestart)} MB | ${r.rssPages === null ? "—" : `${Math.round(r.rssPages)} MB`} | ${r.trendsMs === null ? "—" : `${Math.round(r.trendsMs)} ms`} |`,
    );
  }
  // Issue 46: the same folders (and a stalled 10k run) on the user's clock.
  const clock: UserClockRow[] = [];
  const userFolders: Array<[string, () => string]> = [
    ["10,000 scenarios in one run", () => generate("single-10k", ["--preset", "big-3000", "--scenarios", "10000", "--lean"])],
    ["the same run, stalled (quiet for an hour)", () => stalledCopy(generate("single-10k", ["--preset", "big-3000", "--scenarios", "10000", "--lean"]))],
    ["a year: 365 nightly runs × 30", () => generate("year-365", ["--preset", "year-365"])],
    ["100,000 scenarios (50 runs × 2,000)", () => generate("results-100k", ["--preset", "bench-100k"])],
  ];
  // `--user-folders year+stalled`: labels containing any of these words.
  const userOnly = arg("user-folders", "").split("+").filter(Boolean);
  for (const [label, make] of userFolders.filter(([label]) => userOnly.length === 0 || userOnly.some((u) => label.includes(u)))) {
    const dir = make();
    console.log(`\n[user's clock: ${label}] ${dir}`);
    clock.push(await userClockFigures(label, dir));
  }
  console.log(
    "\n| Folder (user's clock: spawn → runs list complete, less an empty folder's) | Floor | Empty folder, first start / restart | First start | Restart | Server RSS, first start / restart | The command's process, first start |\n|---|---|---|---|---|---|---|",
  );
  for (const r of clock)
    console.log(
      `| ${r.label} | ${Math.round(r.floor)} ms | ${Math.round(r.empty)} / ${Math.round(r.emptyRestart)} ms | ${x(r.first, r.floor)} | ${x(r.restart, r.floor)} | ${Math.round(r.rssFirst)} / ${Math.round(r.rssRestart)} MB | ${r.commandRssFirst === null ? "—" : `${Math.round(r.commandRssFirst)} MB`} |`,
    );
  const year = table.find((r) => r.label.startsWith("a year"));
  const two = table.find((r) => r.label.startsWith("two years"));
  if (!year || !two) return;
  report(
    "RSS at 730 × 30 against 365 × 30, restart / after /trends and a run page",
    `${Math.round(two.rssRestart)} vs ${Math.round(year.rssRestart)} MB (${(((two.rssRestart - year.rssRestart) / year.rssRestart) * 100).toFixed(0)}%) / ${Math.round(two.rssPages ?? 0)} vs ${Math.round(year.rssPages ?? 0)} MB (${((((two.rssPages ?? 0) - (year.rssPages ?? 0)) / (year.rssPages ?? 1)) * 100).toFixed(0)}%)`,
  );
}

/** Issue #13: the run timing rollup on this folder — first scan with and without it, and time until `pending` is 0. */
function rollupFigures(label: string, dir: string): void {
  const script = join(ROOT, "bench", "rollup.ts");
  const once = (mode: string, snapshot?: string) =>
    runJson(process.execPath, [
      TSX,
      "--conditions=react-server",
      "--tsconfig",
      join(ROOT, "tsconfig.json"),
      script,
      dir,
      mode,
      ...(snapshot ? [snapshot] : []),
    ]);
  const without: number[] = [];
  const withIt: number[] = [];
  const pendingZero: number[] = [];
  let fold = 0;
  let calls = 0;
  for (let i = 0; i < REPEAT; i++) {
    without.push(once("without").scanMs as number);
    const w = once("with");
    withIt.push(w.scanMs as number);
    pendingZero.push(w.pendingZeroMs as number);
    fold = w.foldMs as number;
    calls = w.llmCalls as number;
  }
  report(`${label}: first scan without the timing rollup (median of ${REPEAT})`, `${Math.round(median(without))} ms`);
  report(`${label}: first scan with the timing rollup running (median of ${REPEAT})`, `${Math.round(median(withIt))} ms`);
  report(
    `${label}: timing rollup, first scan done → pending 0`,
    `${Math.round(median(pendingZero))} ms (${calls} agent LLM calls pooled; fold of all runs ${Math.round(fold)} ms)`,
  );
  // A restart with the index and the timing items saved: only the files' signatures are checked.
  const snapshot = mkdtempSync(join(tmpdir(), "ved-bench-rollup-snapshot-"));
  try {
    once("with", snapshot);
    const restarts: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const r = once("with", snapshot);
      if (r.reads !== 0) throw new Error(`a restart on an unchanged folder read ${r.reads} scenarios' logs`);
      restarts.push(r.pendingZeroMs as number);
    }
    report(`${label}: timing rollup after a restart (saved items, no log read again) → pending 0`, range(restarts));
  } finally {
    rmSync(snapshot, { recursive: true, force: true });
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** `stateDir`: a state folder to start from (a restart); a fresh one by default. */
async function startServer(dir: string, stateDir?: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // Its own state folder: the ledger and the persisted index of a bench run stay out of the user's.
  const env = { ...process.env, VOICE_EVAL_STATE_DIR: stateDir ?? mkdtempSync(join(tmpdir(), "ved-bench-state-")) };
  const child = spawn(process.execPath, [join(ROOT, "bin", "voice-eval-dashboard.mjs"), dir, "--port", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
    env,
  });
  child.stdout?.on("data", () => {});
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      // Measured in the steady state: first scan done, watcher up and caught up.
      const res = await fetch(`${url}/api/health`);
      const body = (await res.json()) as { watching?: boolean };
      if (res.ok && body.watching) return { url, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}

function stopServer(child: ChildProcess): void {
  try {
    process.kill(-(child.pid as number), "SIGTERM");
  } catch {
    // already gone
  }
}

/** A live run (no `Evaluation Complete!`) with `n` scenario folders waiting for their metrics.json. */
function prepareLiveRun(root: string, n: number): { runDir: string; names: string[]; metrics: string } {
  rmSync(join(root, "live"), { recursive: true, force: true });
  const runDir = join(root, "live", "eval_20261130_120000");
  const names = Array.from({ length: n }, (_, i) => `tau2_retail__live_${i}`);
  mkdirSync(runDir, { recursive: true });
  const invocation = {
    started_at: "2026-11-30T12:00:00",
    argv: ["run_evaluation.py"],
    parsed_args: { min_agent_turns: 3 },
    resolved_scenario_count: n,
    resolved_scenario_names: names,
  };
  writeFileSync(join(runDir, "run_args.json"), JSON.stringify({ invocations: [invocation] }, null, 2));
  writeFileSync(join(runDir, "evaluation_log.txt"), `2026-11-30 12:00:00 | run_evaluation.py:main:455 | [INFO]: Queued ${n} scenario(s): []\n`);
  for (const name of names) {
    mkdirSync(join(runDir, name), { recursive: true });
    writeFileSync(join(runDir, name, "bridge_log.txt"), "");
  }
  const metrics = readFileSync(
    join(ROOT, "tests", "fixtures", "harness", "small-2-domains", "run", "eval_20260810_031700", "tau2_airline__34", "metrics.json"),
    "utf8",
  );
  return { runDir, names, metrics };
}

async function sseDelays(label: string, root: string, updates: number): Promise<void> {
  const live = prepareLiveRun(root, updates);
  const { url, child } = await startServer(root);
  try {
    const controller = new AbortController();
    const res = await fetch(`${url}/api/events`, { signal: controller.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const seen = new Map<string, number>();
    let buffer = "";
    void (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const data = block.split("\n").find((l) => l.startsWith("data: "));
          if (!data || !block.includes("event: change")) continue;
          const event = JSON.parse(data.slice(6)) as { scenarios: Array<{ name: string }> };
          for (const s of event.scenarios) if (!seen.has(s.name)) seen.set(s.name, performance.now());
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 1500));
    const delays: number[] = [];
    const staging = join(OUT, "staging");
    mkdirSync(staging, { recursive: true });
    for (const name of live.names) {
      const tmp = join(staging, "metrics.json");
      writeFileSync(tmp, live.metrics.replace('"tau2_airline__34"', JSON.stringify(name)));
      const landed = performance.now();
      renameSync(tmp, join(live.runDir, name, "metrics.json"));
      while (!seen.has(name) && performance.now() - landed < 5000) await new Promise((r) => setTimeout(r, 2));
      delays.push((seen.get(name) ?? Infinity) - landed);
      await new Promise((r) => setTimeout(r, 20));
    }
    controller.abort();
    report(`${label}: landing → SSE p50`, `${Math.round(pct(delays, 0.5))} ms`);
    report(`${label}: landing → SSE p95`, `${Math.round(pct(delays, 0.95))} ms (over ${updates} updates)`);
  } finally {
    stopServer(child);
    rmSync(join(root, "live"), { recursive: true, force: true });
  }
}

async function timed(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t = performance.now();
  const res = await fetch(url);
  const body = await res.arrayBuffer();
  return { ms: performance.now() - t, bytes: body.byteLength, status: res.status };
}

async function pageFigures(root: string, runId: string, big: Record<ContextShape, { names: string[]; calls: number }>): Promise<void> {
  const { url, child } = await startServer(root);
  try {
    const id = encodeURIComponent(runId);
    const best = async (u: string) => {
      const samples = [];
      for (let i = 0; i < 5; i++) samples.push(await timed(u));
      return samples.slice(1).sort((a, b) => a.ms - b.ms)[Math.floor((samples.length - 1) / 2)] as { ms: number; bytes: number; status: number };
    };
    const page = await best(`${url}/runs/${id}`);
    const api = await best(`${url}/api/runs/${id}/scenarios?limit=100`);
    const detail = await best(`${url}/api/runs/${id}`);
    report("10k run: run page HTML (warm)", `${Math.round(page.ms)} ms, ${(page.bytes / 1024).toFixed(0)} KB (status ${page.status})`);
    report("10k run: run detail API (warm)", `${Math.round(detail.ms)} ms, ${(detail.bytes / 1024).toFixed(0)} KB`);
    report("10k run: one scenario-API page of 100 rows", `${Math.round(api.ms)} ms, ${(api.bytes / 1024).toFixed(0)} KB`);
    // The page renders its first rows into the HTML; the table fetches further pages as it scrolls.
    report("10k run: page HTML + one more page of rows", `${((page.bytes + api.bytes) / 1024).toFixed(0)} KB`);
    // A first open is the first request for a scenario nobody opened yet: each copy is opened once,
    // half of them through the page and half through the API; then one of each again, warm.
    for (const shape of CONTEXT_SHAPES) {
      const { names, calls } = big[shape];
      const pageOf = (n: string) => `${url}/runs/${id}/scenarios/${encodeURIComponent(n)}`;
      const apiOf = (n: string) => `${url}/api/runs/${id}/scenarios/${encodeURIComponent(n)}`;
      const half = names.length / 2;
      const firstPage: number[] = [];
      const firstApi: number[] = [];
      for (const n of names.slice(0, half)) firstPage.push((await timed(pageOf(n))).ms);
      for (const n of names.slice(half)) firstApi.push((await timed(apiOf(n))).ms);
      const warmPage = await best(pageOf(names[0] as string));
      const warmApi = await best(apiOf(names[half] as string));
      const label = `5 MB agent context, ${calls.toLocaleString("en-US")} tool calls with ${shape === "many-small" ? "small" : "large"} results`;
      report(
        `${label}: scenario page`,
        `first open ${Math.round(median(firstPage))} ms (median of ${half}), warm ${Math.round(warmPage.ms)} ms, ${(warmPage.bytes / 1024).toFixed(0)} KB of HTML`,
      );
      report(
        `${label}: scenario API`,
        `first open ${Math.round(median(firstApi))} ms (median of ${half}), warm ${Math.round(warmApi.ms)} ms, ${(warmApi.bytes / 2 ** 20).toFixed(1)} MB of JSON`,
      );
    }
  } finally {
    stopServer(child);
  }
}

/**
 * Two ways an agent context reaches 5 MB: thousands of small turns and tool calls (the most objects
 * to parse), or a normal-length call whose tools return large records.
 */
const CONTEXT_SHAPES = ["many-small", "large-results"] as const;
type ContextShape = (typeof CONTEXT_SHAPES)[number];

function bigContext(shape: ContextShape): { text: string; calls: number } {
  const messages: unknown[] = [{ role: "system", content: "You are a support agent. ".repeat(200) }];
  let size = 0;
  for (let i = 0; size < 5 * 2 ** 20; i++) {
    const items = shape === "many-small" ? 6 : 400;
    const turn = [
      { role: "user", content: `I need help with order #W${1000 + i}. ` + "please ".repeat(20) },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: `call_${i}`, type: "function", function: { name: "get_order_details", arguments: JSON.stringify({ order_id: `#W${1000 + i}` }) } }],
      },
      {
        role: "tool",
        tool_call_id: `call_${i}`,
        content: JSON.stringify({
          order_id: `#W${1000 + i}`,
          status: "delivered",
          items: Array.from({ length: items }, (_, k) => ({ name: `lamp ${k}`, price: 35.5, sku: `SKU-${i}-${k}` })),
        }),
      },
      { role: "assistant", content: "I found your order. " + "It was delivered. ".repeat(15) },
    ];
    messages.push(...turn);
    size += JSON.stringify(turn).length;
  }
  return { text: JSON.stringify(messages, null, 2), calls: (messages.length - 1) / 4 };
}

/**
 * Copies of one full scenario of the bundled example (transcript, judge, both contexts, config),
 * each with its agent context grown to ~5 MB: the issue's slow case.
 */
function addBigContextScenarios(dir: string, copies: number): Record<ContextShape, { names: string[]; calls: number }> {
  const source = join(ROOT, "examples", "results", "eval_20261118_140000", "tau2_retail__37");
  const out = {} as Record<ContextShape, { names: string[]; calls: number }>;
  for (const shape of CONTEXT_SHAPES) {
    const context = bigContext(shape);
    out[shape] = { names: [], calls: context.calls };
    for (let c = 0; c < copies; c++) {
      const name = `tau2_retail__big_context_${shape}_${c}`;
      rmSync(join(dir, name), { recursive: true, force: true });
      cpSync(source, join(dir, name), { recursive: true });
      const metrics = join(dir, name, "metrics.json");
      writeFileSync(metrics, readFileSync(metrics, "utf8").replaceAll('"tau2_retail__37"', JSON.stringify(name)));
      writeFileSync(join(dir, name, "bot_logs_agent", "llm_context.json"), context.text);
      out[shape].names.push(name);
    }
  }
  return out;
}

async function main(): Promise<void> {
  console.log(`voice-eval-dashboard benchmark — node ${process.version}, ${process.arch}`);
  if (ONLY_STORE) {
    execFileSync(process.execPath, [join(ROOT, "scripts", "ensure-build.mjs")], { stdio: "inherit", cwd: ROOT });
    await storeTable();
    return printTable();
  }
  if (ONLY_S3) {
    execFileSync(process.execPath, [join(ROOT, "scripts", "ensure-build.mjs")], { stdio: "inherit", cwd: ROOT });
    await s3Figures({ report, generate });
    return printTable();
  }
  if (ONLY_HEAVY) {
    execFileSync(process.execPath, [join(ROOT, "scripts", "ensure-build.mjs")], { stdio: "inherit", cwd: ROOT });
    await heavyViewFigures({ out: OUT, report, startServer, stopServer });
    return printTable();
  }
  if (ONLY_COMPARE) {
    execFileSync(process.execPath, [join(ROOT, "scripts", "ensure-build.mjs")], { stdio: "inherit", cwd: ROOT });
    await compareFigures({ out: OUT, report, startServer, stopServer, floorMs });
    return printTable();
  }
  setupFigures(report);
  if (ONLY_SETUP) return printTable();
  if (!ONLY_AUDIO) themesFigures(report);
  if (ONLY_THEMES) return printTable();
  await audioFigures(report);
  await audio100MbFigures(report);
  if (ONLY_AUDIO) return printTable();
  execFileSync(process.execPath, [join(ROOT, "scripts", "ensure-build.mjs")], { stdio: "inherit", cwd: ROOT });
  if (TRENDS !== "none" && !ONLY_SCAN && !ONLY_ROLLUP) await trendsFigures({ out: OUT, report, startServer, stopServer, timed }, TRENDS);
  if (!ONLY_SCAN && !ONLY_ROLLUP && !ONLY_TRENDS) await heavyViewFigures({ out: OUT, report, startServer, stopServer });
  if (!ONLY_SCAN && !ONLY_ROLLUP && !ONLY_TRENDS) await compareFigures({ out: OUT, report, startServer, stopServer, floorMs });
  for (const size of ONLY_TRENDS || ONLY_ROLLUP ? [] : SIZES) {
    const dir = generate(`results-${size}`, ["--preset", PRESET[size] as string]);
    console.log(`\n[${size} scenarios] ${dir}`);
    const { floor } = scanFigures(size, dir);
    if (size !== "1k") await serverScanFigures(size, dir, floor);
  }
  if (ONLY_SCAN || ONLY_TRENDS) return printTable();
  // Issue #13: the timing rollup of one 10,000-scenario run with every log present (not lean).
  const rollupRun = generate("rollup-10k", ["--preset", "big-3000", "--scenarios", "10000"]);
  console.log(`\n[timing rollup, one run of 10,000 scenarios with logs] ${rollupRun}`);
  rollupFigures("10k run", rollupRun);
  if (ONLY_ROLLUP) return printTable();
  // One run of 10,000 scenarios: summary, run page, scenario API, 5 MB context.
  const single = generate("single-10k", ["--preset", "big-3000", "--scenarios", "10000", "--lean"]);
  const runId = "eval_20261115_080000";
  const runDir = join(single, runId);
  console.log(`\n[one run of 10,000 scenarios] ${runDir}`);
  const t = performance.now();
  const out = execFileSync(process.execPath, [join(ROOT, "bin", "voice-eval-dashboard.mjs"), "summary", runDir], { cwd: ROOT, maxBuffer: 1 << 28 });
  report("summary on 10,000 scenarios (whole command)", `${Math.round(performance.now() - t)} ms, ${(out.length / 1024).toFixed(0)} KB of text`);
  rmSync(join(runDir, "tau2_retail__big_context"), { recursive: true, force: true });
  await pageFigures(single, runId, addBigContextScenarios(runDir, 10));

  for (const size of ["1k", "100k"].filter((s) => SIZES.includes(s))) {
    await sseDelays(`${size}`, join(OUT, `results-${size}`), 200);
  }
  printTable();
}

function printTable(): void {
  console.log("\n| Figure | Value |\n|---|---|");
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
}

await main();
