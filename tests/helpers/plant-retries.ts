/**
 * Plants the harness's automatic-retry provenance into a copy of a run folder (issue 45):
 * `auto_retry_count` (between `success_breakdown` and `is_successful`, as the harness writes it) in
 * every `metrics.json`, `auto_retry_reasons` where the count is at least 1, one
 * `<scenario>.killed.autoretry<N>.<timestamp>/` folder per discarded attempt with its log and a
 * `__KILLED__` marker, and the retry switches in `run_args.json`. A `--resume` folder
 * (`<scenario>.killed.<timestamp>/`) may be planted too: it is not an attempt.
 */
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const REASON_ZERO = "0 conversation turns (bots never exchanged audio)";
export const REASON_FEW = "1 agent turn(s) < --min-agent-turns 2";

export interface PlantedRetry {
  scenario: string;
  reasons: string[];
}

export interface PlantOptions {
  retries: PlantedRetry[];
  /** Scenarios given a `--resume` folder beside their attempts. */
  resumeFolders?: string[];
  /** Written into the last invocation's `parsed_args`. */
  flags?: Record<string, unknown>;
  /** Leave `auto_retry_count` out of every other scenario (a run that predates the field), when false. */
  zeroElsewhere?: boolean;
}

export const DEFAULT_FLAGS = { auto_resume_on_stale: true, auto_resume_on_insufficient_turns: true, max_auto_retries: 2, auto_retry_backoff_secs: 5 };

/** Inserts `"key": value` lines before `"is_successful"` (or before the closing brace) of a metrics.json text. */
export function insertFields(text: string, fields: Record<string, unknown>): string {
  const lines = Object.entries(fields).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v, null, 2).replace(/\n/g, "\n  ")},`);
  const at = text.indexOf('\n  "is_successful"');
  if (at >= 0) return `${text.slice(0, at + 1)}${lines.join("\n")}\n${text.slice(at + 1)}`;
  const close = text.lastIndexOf("}");
  return `${text.slice(0, close).replace(/\s*$/, "")},\n${lines.join("\n").replace(/,$/, "")}\n}\n`;
}

/** Copies `from` to `to` and plants the retries there; returns the attempt folders made. */
export async function plantRetries(from: string, to: string, options: PlantOptions): Promise<string[]> {
  await cp(from, to, { recursive: true });
  const byName = new Map(options.retries.map((r) => [r.scenario, r.reasons]));
  const made: string[] = [];
  for (const e of await readdir(to, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name.includes(".killed.")) continue;
    const metricsPath = join(to, e.name, "metrics.json");
    let text: string;
    try {
      text = await readFile(metricsPath, "utf8");
    } catch {
      continue;
    }
    const reasons = byName.get(e.name);
    if (!reasons && options.zeroElsewhere === false) continue;
    await writeFile(metricsPath, insertFields(text, reasons ? { auto_retry_count: reasons.length, auto_retry_reasons: reasons } : { auto_retry_count: 0 }));
    for (const [i, reason] of (reasons ?? []).entries()) {
      const folder = join(to, `${e.name}.killed.autoretry${i + 1}.20260810_03${String(20 + i).padStart(2, "0")}00`);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, "__KILLED__"), "");
      await writeFile(join(folder, "bridge_log.txt"), `attempt ${i + 1} of ${e.name}: ${reason}\n`);
      made.push(folder);
    }
  }
  for (const name of options.resumeFolders ?? []) {
    const folder = join(to, `${name}.killed.20260810_031500`);
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "__KILLED__"), "");
    await writeFile(join(folder, "bridge_log.txt"), "moved aside by --resume\n");
  }
  const argsPath = join(to, "run_args.json");
  try {
    const args = JSON.parse(await readFile(argsPath, "utf8")) as { invocations: Array<{ parsed_args?: Record<string, unknown> }> };
    const last = args.invocations[args.invocations.length - 1];
    if (last) last.parsed_args = { ...(last.parsed_args ?? {}), ...(options.flags ?? DEFAULT_FLAGS) };
    await writeFile(argsPath, JSON.stringify(args, null, 2));
  } catch {
    // A run without run_args.json keeps none.
  }
  return made;
}
