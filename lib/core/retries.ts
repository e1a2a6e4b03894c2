/**
 * Automatic retries (the harness's "Automatic Retry Provenance"): `metrics.json` carries
 * `auto_retry_count` (0 = the first attempt was accepted) and `auto_retry_reasons` (one per discarded
 * attempt); each discarded attempt keeps its folder `<scenario>.killed.autoretry<N>.<timestamp>/`.
 * The field is the authority: a folder name only points at an attempt the field counts. Discarded
 * attempts never count in the rates, so nothing here changes them; the rate "without retries"
 * counts a retried scenario as the failure its first attempt was.
 */
import { cutText, ROW_BOUNDS } from "./bounded-text";
import type { ScenarioRecord } from "./fold";
import { recordIsStalled } from "./fold";
import { problem, type Problem } from "./problems";
import { wilson, type Interval } from "./stats";

/** What a scenario's `metrics.json` says of its retries. `count` is `null` when the file predates the field or holds a bad value. */
export interface RetryFields {
  count: number | null;
  reasons: string[];
  /** The file carries `auto_retry_count` at all (a bad value too). */
  present: boolean;
  problems: Problem[];
}

const FILE = "metrics.json";

export function retryFields(metrics: Record<string, unknown>): RetryFields {
  const present = Object.hasOwn(metrics, "auto_retry_count");
  const raw = present ? metrics.auto_retry_count : undefined;
  const problems: Problem[] = [];
  let count: number | null = null;
  if (present) {
    if (typeof raw === "number" && Number.isInteger(raw) && raw >= 0) count = raw;
    else problems.push(problem(FILE, "schema", `auto_retry_count is ${describe(raw)}, not a count of 0 or more: this scenario's retries are unknown`));
  }
  const rawReasons = Object.hasOwn(metrics, "auto_retry_reasons") ? metrics.auto_retry_reasons : undefined;
  let reasons: string[] = [];
  if (rawReasons !== undefined) {
    if (Array.isArray(rawReasons)) reasons = rawReasons.map((r) => (typeof r === "string" ? r : (JSON.stringify(r) ?? String(r))));
    else problems.push(problem(FILE, "schema", `auto_retry_reasons is ${describe(rawReasons)}, not a list`));
  }
  if (count !== null && rawReasons !== undefined && Array.isArray(rawReasons) && reasons.length !== count) {
    problems.push(
      problem(FILE, "inconsistent", `auto_retry_count is ${count} but auto_retry_reasons lists ${reasons.length} reason${reasons.length === 1 ? "" : "s"}`),
    );
  } else if (count !== null && count > 0 && rawReasons === undefined) {
    problems.push(problem(FILE, "inconsistent", `auto_retry_count is ${count} but there is no auto_retry_reasons`));
  }
  return { count, reasons, present, problems };
}

function describe(v: unknown): string {
  if (typeof v === "string") return `the string ${JSON.stringify(v.slice(0, 40))}`;
  if (typeof v === "number") return String(v);
  if (v === null) return "null";
  return Array.isArray(v) ? "a list" : typeof v;
}

/** One discarded attempt's folder. */
export interface AttemptFolder {
  folder: string;
  scenario: string;
  /** N of `autoretry<N>` (1 = the first attempt). */
  attempt: number;
  /** `YYYY-MM-DDTHH:MM:SS` from the folder's timestamp, when it has the harness's form. */
  at: string | null;
}

const ATTEMPT = /^(.+)\.killed\.autoretry(\d{1,6})\.(.+)$/;
const STAMP = /^(\d{4})(\d\d)(\d\d)_(\d\d)(\d\d)(\d\d)$/;

/** `<scenario>.killed.autoretry<N>.<timestamp>` → its parts; `null` for another name (a `--resume` folder is `<scenario>.killed.<timestamp>`). */
export function parseAttemptFolder(folder: string): AttemptFolder | null {
  const m = ATTEMPT.exec(folder);
  if (!m) return null;
  const [, scenario, n, stamp] = m as unknown as [string, string, string, string];
  const t = STAMP.exec(stamp);
  return { folder, scenario, attempt: Number(n), at: t ? `${t[1]}-${t[2]}-${t[3]}T${t[4]}:${t[5]}:${t[6]}` : null };
}

/** Every attempt folder of a run by its scenario, each list by attempt number: built once per run, not scanned per scenario. */
export function attemptIndex(killedFolders: readonly string[]): Map<string, AttemptFolder[]> {
  const out = new Map<string, AttemptFolder[]>();
  for (const f of killedFolders) {
    const parsed = parseAttemptFolder(f);
    if (!parsed) continue;
    const list = out.get(parsed.scenario);
    if (list) list.push(parsed);
    else out.set(parsed.scenario, [parsed]);
  }
  for (const list of out.values()) list.sort((a, b) => a.attempt - b.attempt || (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0));
  return out;
}

/** The attempt folders of one scenario, by attempt number (then folder name). */
export function attemptFoldersOf(name: string, killedFolders: readonly string[]): AttemptFolder[] {
  return attemptIndex(killedFolders.filter((f) => f.startsWith(`${name}.killed.autoretry`))).get(name) ?? [];
}

/** A discarded attempt as the scenario page lists it: the field's reason beside the folder that kept its files. */
export interface RetryAttempt {
  attempt: number;
  reason: string | null;
  folder: string | null;
  at: string | null;
}

export interface ScenarioRetries {
  count: number | null;
  present: boolean;
  attempts: RetryAttempt[];
  problems: Problem[];
}

/** The field and the folders of one scenario, matched: attempt i has reason i and the folder `autoretry<i>`. */
export function scenarioRetries(metrics: Record<string, unknown>, folders: readonly AttemptFolder[]): ScenarioRetries {
  const fields = retryFields(metrics);
  const problems = [...fields.problems, ...folderProblems(fields, folders)];
  const n = Math.max(fields.count ?? 0, fields.reasons.length, folders.length ? (folders[folders.length - 1] as AttemptFolder).attempt : 0);
  const attempts: RetryAttempt[] = [];
  for (let i = 1; i <= n; i++) {
    const folder = folders.find((f) => f.attempt === i) ?? null;
    const reason = fields.reasons[i - 1] ?? null;
    if (folder || reason !== null || (fields.count !== null && i <= fields.count))
      attempts.push({ attempt: i, reason, folder: folder?.folder ?? null, at: folder?.at ?? null });
  }
  return { count: fields.count, present: fields.present, attempts, problems };
}

/** Where the field and the attempt folders disagree (the field's own problems aside). */
export function folderProblems(fields: RetryFields, folders: readonly AttemptFolder[]): Problem[] {
  if (fields.count === null) {
    return folders.length && !fields.present
      ? [
          problem(
            FILE,
            "inconsistent",
            `${folders.length} automatic-retry folder${folders.length === 1 ? "" : "s"} beside a metrics.json without auto_retry_count: its retries are unknown`,
          ),
        ]
      : [];
  }
  if (folders.length === fields.count) return [];
  return [
    problem(
      FILE,
      "inconsistent",
      `auto_retry_count is ${fields.count} but ${folders.length} attempt folder${folders.length === 1 ? " was" : "s were"} kept (${folders.map((f) => f.folder).join(", ") || "none"})`,
    ),
  ];
}

/** A run's retries, for its header, compare, trends, `check` and `report`. */
export interface RunRetries {
  /** Counted scenarios whose `metrics.json` carries a valid `auto_retry_count`. */
  known: number;
  /** Counted scenarios (the records of the aggregate). */
  scenarios: number;
  /** `unknown`: no counted scenario carries the field (the run predates it); `partial`: some do not. */
  provenance: "known" | "partial" | "unknown";
  /** Retried scenarios in summary order. */
  retried: Array<{ name: string; count: number; reasons: string[] }>;
  /** Discarded attempts in all. */
  attempts: number;
  /** Each reason with how many discarded attempts gave it, most first. */
  reasons: Array<{ reason: string; count: number }>;
  /**
   * The composite success rate with every retried scenario counted as a failure (its first attempt
   * was), over the harness's own denominator; `null` when provenance is unknown.
   */
  withoutRetries: { value: number | null; numerator: number; denominator: number; interval: Interval | null } | null;
  /** Attempt folders whose scenario is not a scenario of this run. */
  orphans: string[];
}

export function runRetries(
  records: readonly ScenarioRecord[],
  minAgentTurns: number,
  killedFolders: readonly string[],
  scenarioNames: ReadonlySet<string> | { has(name: string): boolean },
): RunRetries {
  let known = 0;
  let attempts = 0;
  let numerator = 0;
  let denominator = 0;
  const retried: RunRetries["retried"] = [];
  const reasons = new Map<string, number>();
  for (const r of records) {
    const f = retryFields(r.metrics);
    if (f.count !== null) known++;
    const count = f.count ?? 0;
    if (count > 0) {
      // Each reason as a row shows it (issue 54: a reason may be a traceback of any length).
      const shown = f.reasons.map((reason) => cutText(reason));
      retried.push({ name: r.name, count, reasons: shown.slice(0, ROW_BOUNDS.items) });
      attempts += count;
      for (const reason of shown.length ? shown : ["(no reason recorded)"]) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    // The composite bucket's own rule (fold.ts): a stall is a failure, a non-bool verdict is left out.
    const stalled = recordIsStalled(r, minAgentTurns);
    const verdict = r.metrics.is_successful;
    if (!stalled && typeof verdict !== "boolean") continue;
    denominator++;
    if (!stalled && verdict === true && count === 0) numerator++;
  }
  const provenance = known === 0 ? "unknown" : known < records.length ? "partial" : "known";
  const orphans = killedFolders.filter((folder) => {
    const a = parseAttemptFolder(folder);
    return a !== null && !scenarioNames.has(a.scenario);
  });
  return {
    known,
    scenarios: records.length,
    provenance,
    retried,
    attempts,
    reasons: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0)),
    withoutRetries:
      provenance === "unknown"
        ? null
        : { value: denominator ? numerator / denominator : null, numerator, denominator, interval: wilson(numerator, denominator) },
    orphans,
  };
}

/**
 * Whether a `parsed_args` key is one of the retry switches (`--no-auto-resume-on-stale`,
 * `--auto-resume-on-insufficient-turns`, `--max-auto-retries`, `--auto-retry-backoff-secs`), under
 * whichever destination name argparse gave it (`auto_resume_on_stale` or `no_auto_resume_on_stale`).
 */
export function isRetryArg(key: string): boolean {
  return /auto_retr|auto_resume/.test(key);
}

/** The retry switches and `min_agent_turns` of a run's last invocation (`null`: no run_args.json), keys in name order. */
export function retrySwitches(parsedArgs: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!parsedArgs) return null;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(parsedArgs).sort()) if (isRetryArg(key) || key === "min_agent_turns") out[key] = parsedArgs[key];
  return out;
}
