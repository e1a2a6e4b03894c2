/** run_args.json (ARTIFACTS.md §1.16). */
import type { JsonObject } from "./model";
import { dumps, f, type PyJson } from "./pyjson";

export const JUDGE_URL = "http://localhost:8000/v1/chat/completions";
export const JUDGE_MODEL = "nvidia/NVIDIA-Nemotron-3-Super-120B-A12B-NVFP4";

export interface Invocation {
  startedAt: string;
  queue: readonly string[];
  domains: readonly string[];
  outputDir: string;
  judge: boolean;
  threshold: number;
  minAgentTurns: number;
  sampleRate: number;
  stringLimit?: number;
  messageLimit?: number;
  resume?: string;
  legacy: boolean;
  /** The automatic-retry switches a newer harness records (issue 45). */
  autoRetry?: boolean;
  /** `--conversation-end-policy` and `--inactivity-timeout` (issue 57). */
  end?: { policy: "tool-only" | "valid-terminal-state"; inactivitySeconds: number };
}

export function invocationJson(inv: Invocation, index: number): JsonObject {
  const single = inv.domains.length === 1 && inv.queue.length > 1;
  const argv: string[] = ["evaluation/run_evaluation.py"];
  if (inv.resume) argv.push("--resume", inv.resume);
  if (single) argv.push("--domain", inv.domains[0] as string);
  else argv.push("--scenarios", ...inv.queue);
  if (!inv.judge) argv.push("--judge-url", "");
  if (inv.minAgentTurns !== 3 && !inv.legacy) argv.push("--min-agent-turns", String(inv.minAgentTurns));
  if (inv.sampleRate !== 16000) argv.push("--output-sample-rate", String(inv.sampleRate));
  if (inv.end && inv.end.policy !== "tool-only") argv.push("--conversation-end-policy", inv.end.policy);
  const parsed: JsonObject = {
    user_url: "ws://localhost:8766",
    agent_url: "ws://localhost:8765",
    output_dir: inv.outputDir,
    scenarios: single ? null : [...inv.queue],
    list: false,
    domain: single ? (inv.domains[0] as string) : null,
    list_domains: false,
    audio_chunk_in_seconds: f(0.016),
    duration: null,
    pause: f(0.5),
    output_sample_rate: inv.sampleRate,
    judge_url: inv.judge ? JUDGE_URL : "",
    judge_model: JUDGE_MODEL,
    judge_api_key: null,
    judge_api_key_name: "JUDGE_API_KEY",
    judge_threshold: f(inv.threshold),
    judge_timeout: f(120),
  };
  if (!inv.legacy) {
    Object.assign(parsed, {
      judge_thinking_token_budget: null,
      judge_max_tokens: 100000,
      judge_temperature: f(1),
      judge_top_p: f(0.95),
      judge_seed: 42,
      judge_include_conversation: false,
      judge_compact_context: false,
      judge_context_message_limit: inv.messageLimit ?? null,
      judge_context_system_string_limit: null,
      judge_context_string_limit: inv.stringLimit ?? null,
    });
  }
  parsed.strict_match = false;
  parsed.resume = inv.resume ?? null;
  if (!inv.legacy) parsed.min_agent_turns = inv.minAgentTurns;
  if (inv.end) Object.assign(parsed, { conversation_end_policy: inv.end.policy, inactivity_timeout: f(inv.end.inactivitySeconds) });
  if (inv.autoRetry)
    Object.assign(parsed, { auto_resume_on_stale: true, auto_resume_on_insufficient_turns: true, max_auto_retries: 2, auto_retry_backoff_secs: 5 });
  const o: JsonObject = {
    started_at: inv.startedAt,
    argv,
    parsed_args: parsed,
    resolved_scenario_count: inv.queue.length,
    resolved_scenario_names: [...inv.queue] as PyJson[],
  };
  if (index > 0) o.resumed_from_invocation = index - 1;
  return o;
}

export function runArgsJson(invocations: readonly Invocation[]): string {
  return dumps({ invocations: invocations.map(invocationJson) }, 2);
}
