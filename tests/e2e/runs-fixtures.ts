/** Shared set-up for the runs-*.spec.ts browser tests: temp result folders, big runs, screenshots. */
import { spawnSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const HARNESS = path.join(ROOT, "tests/fixtures/harness");
export const SMALL_RUN = path.join(HARNESS, "small-2-domains/run/eval_20260810_031700");
export const STALLS_RUN = path.join(HARNESS, "stalls/run/eval_20260804_144300");

export interface TempResults {
  tmp: string;
  results: string;
  cleanup(): Promise<void>;
}

export async function tempResults(prefix: string): Promise<TempResults> {
  const tmp = await mkdtemp(path.join(tmpdir(), `ved-${prefix}-`));
  const results = path.join(tmp, "results");
  await mkdir(results);
  return { tmp, results, cleanup: () => rm(tmp, { recursive: true, force: true }) };
}

/** Copies a run folder to `dest` (creating parents). */
export async function copyRun(src: string, dest: string): Promise<void> {
  await mkdir(path.dirname(dest), { recursive: true });
  await cp(src, dest, { recursive: true });
}

/**
 * Makes a folder appear at `dest` in one step, as a finished copy: it is assembled in `staging`
 * (same file system) and renamed into place, so the watcher never sees it half copied.
 */
export async function arrive(src: string, staging: string, dest: string, edit?: (dir: string) => Promise<void>): Promise<void> {
  const tmp = path.join(staging, `arrive-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  await copyRun(src, tmp);
  if (edit) await edit(tmp);
  await mkdir(path.dirname(dest), { recursive: true });
  await rename(tmp, dest);
}

export async function editJson(file: string, change: (v: Record<string, unknown>) => void): Promise<void> {
  const value = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  change(value);
  await writeFile(file, JSON.stringify(value, null, 2));
}

/** `summary <run> --json` from the project's own CLI. */
export function summaryJson(runDir: string): {
  rates: Record<string, { value: number | null; numerator: number; denominator: number }>;
  scenario_count: number;
  stalled: string[];
} {
  const out = spawnSync(process.execPath, [path.join(ROOT, "bin/voice-eval-dashboard.mjs"), "summary", runDir, "--json"], { cwd: ROOT, encoding: "utf8" });
  if (out.status !== 0) throw new Error(`summary --json failed (${out.status}): ${out.stderr}`);
  return JSON.parse(out.stdout);
}

/** In code-point order, so that name order is index order. */
export const BIG_DOMAINS = ["airline", "restaurant", "retail", "telecom"] as const;
const DOMAIN_BLOCK = 2500;

/** The name of scenario `i` of the generated big run: domains in blocks, numbers zero-padded, so name order is index order. */
export function bigName(i: number): string {
  return `${BIG_DOMAINS[Math.floor(i / DOMAIN_BLOCK) % BIG_DOMAINS.length]}__s${String(i).padStart(5, "0")}`;
}

/**
 * A run of `n` minimal scenario folders: each holds a copy of one real metrics.json with its
 * scenario name changed (and the verdict and judge score varied so sorting means something).
 */
export async function writeBigRun(runDir: string, n: number): Promise<void> {
  const template = JSON.parse(await readFile(path.join(SMALL_RUN, "tau2_airline__37/metrics.json"), "utf8")) as Record<string, unknown>;
  await mkdir(runDir, { recursive: true });
  await writeFile(
    path.join(runDir, "run_args.json"),
    JSON.stringify(
      {
        invocations: [{ started_at: "2026-11-20T09:15:00", argv: ["evaluation/run_evaluation.py"], parsed_args: { min_agent_turns: 0, judge_threshold: 0.9 } }],
      },
      null,
      2,
    ),
  );
  const batch = 200;
  for (let start = 0; start < n; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - start) }, async (_, k) => {
        const i = start + k;
        const name = bigName(i);
        const dir = path.join(runDir, name);
        await mkdir(dir);
        const m = { ...template, scenario_name: name, judge_score: (i % 101) / 100, is_successful: i % 7 !== 0 };
        await writeFile(path.join(dir, "metrics.json"), JSON.stringify(m));
      }),
    );
  }
}

export { SHOTS, screenshots } from "./helpers/screenshots.ts";

/** RFC 4180 CSV parsing (quoted fields, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
