/** Writes small run folders into temp directories for tests. */
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface ScenarioSpec {
  metrics?: Record<string, unknown> | string;
  judge?: Record<string, unknown> | string;
  agentContext?: unknown[] | string;
  /** `bridge_log.txt` content; `null` writes no bridge log. */
  bridgeLog?: string | null;
  /** Further files inside the scenario folder, by relative path (parent folders are created). */
  files?: Record<string, string>;
}

export interface RunSpec {
  queue?: string[];
  minAgentTurns?: number | null;
  invocations?: Record<string, unknown>[];
  log?: string;
  scenarios: Record<string, ScenarioSpec>;
  extraFolders?: string[];
  /** Further run-level files (e.g. `all_metrics.json`, `all_summary.txt`), or files inside extra folders, by relative path. */
  files?: Record<string, string>;
  /** Write no `run_args.json`. */
  noRunArgs?: boolean;
}

export async function tempDir(prefix = "ved-"): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v, null, 2));

export async function writeRun(dir: string, spec: RunSpec): Promise<string> {
  await mkdir(dir, { recursive: true });
  const queue = spec.queue ?? Object.keys(spec.scenarios);
  const parsedArgs = spec.minAgentTurns === null ? {} : { min_agent_turns: spec.minAgentTurns ?? 3 };
  const invocations = spec.invocations ?? [
    {
      started_at: "2026-06-18T07:23:25",
      argv: ["run_evaluation.py"],
      parsed_args: parsedArgs,
      resolved_scenario_count: queue.length,
      resolved_scenario_names: queue,
    },
  ];
  if (!spec.noRunArgs) await writeFile(join(dir, "run_args.json"), JSON.stringify({ invocations }, null, 2));
  if (spec.log !== undefined) await writeFile(join(dir, "evaluation_log.txt"), spec.log);
  for (const [name, s] of Object.entries(spec.scenarios)) {
    const sdir = join(dir, name);
    await mkdir(sdir, { recursive: true });
    if (s.bridgeLog !== null) await writeFile(join(sdir, "bridge_log.txt"), s.bridgeLog ?? "");
    for (const [rel, content] of Object.entries(s.files ?? {})) await writeNested(sdir, rel, content);
    if (s.judge !== undefined) await writeFile(join(sdir, "judge_result.json"), text(s.judge));
    if (s.agentContext !== undefined) {
      await mkdir(join(sdir, "bot_logs_agent"), { recursive: true });
      await writeFile(join(sdir, "bot_logs_agent", "llm_context.json"), text(s.agentContext));
    }
    if (s.metrics !== undefined) await writeFile(join(sdir, "metrics.json"), text(s.metrics));
  }
  for (const f of spec.extraFolders ?? []) await mkdir(join(dir, f), { recursive: true });
  for (const [rel, content] of Object.entries(spec.files ?? {})) await writeNested(dir, rel, content);
  return dir;
}

async function writeNested(root: string, rel: string, content: string): Promise<void> {
  const path = join(root, rel);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

/** A current-format `metrics.json` with sensible defaults. */
export function metrics(name: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    total_turns: 4,
    duration_seconds: 60.0,
    turns: [],
    latency_stats: { count: 0, mean_ms: 0, p50_ms: 0, p95_ms: 0, min_ms: 0, max_ms: 0 },
    latencies: [],
    scenario_name: name,
    scenario_directory: `./eval_results/eval_x/${name}`,
    scenario_duration: 60.5,
    stop_reason: "[EXIT]",
    clean_exit: true,
    is_action_match: "N/A",
    token_usage: { agent: { n_calls: 5, prompt: 100, completion: 10 }, user: { n_calls: 4, prompt: 50, completion: 5 } },
    success_breakdown: { passed: ["clean_exit"], failed: [], not_applicable: [], excluded: [] },
    is_successful: true,
    is_task_successful: true,
    ...over,
  };
}

export function logLine(message: string, time = "2026-06-18 07:23:25"): string {
  return `${time} | runner.py:run_dynamic_evaluation:408 | [INFO]: ${message}\n`;
}

/** A fold record built in memory (no files): `nl` = truthiness of the judge verdicts, `ctx` = assistant messages in the agent context. */
export function scenarioRecord(
  m: Record<string, unknown>,
  side: { nl?: boolean[] | null; ctx?: number | null; name?: string } = {},
): { name: string; metrics: Record<string, unknown>; nlPassed: boolean[] | null; agentContextAssistantCount: number | null } {
  const name = side.name ?? (typeof m.scenario_name === "string" ? m.scenario_name : "?");
  return { name, metrics: m, nlPassed: side.nl ?? null, agentContextAssistantCount: side.ctx ?? null };
}

/** A minimal `metrics.json` with no signal keys at all; tests add exactly the keys they exercise. */
export function bareMetrics(name: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    total_turns: 4,
    duration_seconds: 59.5,
    turns: [],
    latency_stats: { count: 0, mean_ms: 0, p50_ms: 0, p95_ms: 0, min_ms: 0, max_ms: 0 },
    latencies: [],
    scenario_name: name,
    scenario_directory: `./eval_results/eval_x/${name}`,
    scenario_duration: 60.0,
    ...over,
  };
}

/** `latencies` entries for the given values. */
export function latencies(values: number[]): Array<{ user_transcript: string; agent_transcript: string; latency_ms: number }> {
  return values.map((v, i) => ({ user_transcript: `u${i}`, agent_transcript: `a${i}`, latency_ms: v }));
}

/** Bool lists with `trues` leading `true`s out of `total`. */
export function bools(trues: number, total: number): boolean[] {
  return Array.from({ length: total }, (_, i) => i < trues);
}
