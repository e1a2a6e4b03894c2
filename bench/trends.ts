/**
 * The trends page's figures for `npm run bench`: server time and bytes of `/trends` for one suite of
 * RUNS runs × N scenarios (default 100 × 2,000, lean), generated once under the bench folder.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { iterateResults, type RunOptions } from "@/lib/generator";

export interface TrendsBenchDeps {
  out: string;
  report(label: string, value: string): void;
  startServer(dir: string): Promise<{ url: string; child: ChildProcess }>;
  stopServer(child: ChildProcess): void;
  timed(url: string): Promise<{ ms: number; bytes: number; status: number }>;
}

const DOMAINS = ["tau2_retail", "tau2_telecom", "tau2_airline", "eva_airline", "restaurant", "customer_service", "qa"];

function generateSuite(dir: string, runs: number, perRun: number): void {
  if (existsSync(`${dir}.done`)) return;
  console.log(`generating a suite of ${runs} runs × ${perRun} scenarios (lean)…`);
  const t = Date.now();
  const list: RunOptions[] = Array.from({ length: runs }, (_, r) => {
    const day = new Date(Date.UTC(2026, 0, 1) + r * 86_400_000);
    const stamp = `${day.getUTCFullYear()}${String(day.getUTCMonth() + 1).padStart(2, "0")}${String(day.getUTCDate()).padStart(2, "0")}`;
    return { name: `nightly/eval_${stamp}_020000`, scenarios: perRun, domains: DOMAINS, lean: true, quality: 0.6 + ((r * 37) % 30) / 100 };
  });
  const made = new Set<string>();
  for (const f of iterateResults({ seed: 7, runs: list })) {
    const path = join(dir, ...f.path.split("/"));
    if (!made.has(dirname(path))) {
      mkdirSync(dirname(path), { recursive: true });
      made.add(dirname(path));
    }
    writeFileSync(path, f.content);
    if (f.mtimeMs !== undefined) utimesSync(path, f.mtimeMs / 1000, f.mtimeMs / 1000);
  }
  writeFileSync(`${dir}.done`, String(Date.now() - t));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** `spec` is `RUNSxSCENARIOS`, e.g. `100x2000`. */
export async function trendsFigures(deps: TrendsBenchDeps, spec: string): Promise<void> {
  const m = /^(\d+)x(\d+)$/.exec(spec);
  if (!m) throw new Error(`--trends wants RUNSxSCENARIOS, got ${spec}`);
  const runs = Number(m[1]);
  const perRun = Number(m[2]);
  const dir = join(deps.out, `trends-${runs}x${perRun}`);
  generateSuite(dir, runs, perRun);
  console.log(`\n[trends: ${runs} runs × ${perRun} scenarios] ${dir}`);
  const { url, child } = await deps.startServer(dir);
  try {
    const label = `trends page, ${runs} runs × ${perRun} scenarios`;
    const first = await deps.timed(`${url}/trends`);
    if (first.status !== 200) throw new Error(`/trends answered ${first.status}`);
    deps.report(`${label}: first load (themes read from disk)`, `${Math.round(first.ms)} ms, ${(first.bytes / 1024).toFixed(0)} KB`);
    const warm: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i++) {
      const r = await deps.timed(`${url}/trends`);
      warm.push(r.ms);
      bytes = r.bytes;
    }
    deps.report(`${label}: warm (median of 5)`, `${Math.round(median(warm))} ms, ${(bytes / 1024).toFixed(0)} KB`);
    const sorted = await deps.timed(`${url}/trends?sort=flips&page=3`);
    deps.report(`${label}: strip sorted by flips, page 4`, `${Math.round(sorted.ms)} ms, ${(sorted.bytes / 1024).toFixed(0)} KB`);
  } finally {
    deps.stopServer(child);
  }
}
