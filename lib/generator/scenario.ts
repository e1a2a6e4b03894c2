/** One scenario attempt: plays the script, scores it, and renders every per-scenario artifact. */
import { bridgeLog, type BridgeLog } from "./artifacts/bridgelog";
import { scenarioConfigFiles } from "./artifacts/config";
import { convLogBody, convLogHeader, seglstJson } from "./artifacts/convlog";
import type { ConversationEnd } from "./conversation";
import { buildMetrics, type DbaVerdict, type MetricsResult } from "./artifacts/metrics";
import { speechWav, synthWav } from "./artifacts/wav";
import { play, type Conversation } from "./conversation";
import { runJudge, type JudgeOutput } from "./judge";
import type { DomainKit, JsonObject, ScenarioDef, ToolCall } from "./model";
import { Rng } from "./prng";
import { dumps, f, plain, type PyJson } from "./pyjson";
import type { Recap } from "./runlog";
import { actionMatch } from "./scoring";
import { SECOND, type Micros } from "./time";
import { applyOutcome } from "./transform";
import type { OutcomeKind, SpeechPlant, SpeechSynth } from "./types";

export interface ScenarioSettings {
  seed: number;
  /** Distinguishes a re-run from the first attempt. */
  attempt: number;
  lean: boolean;
  judge: { threshold: number; stringLimit?: number; messageLimit?: number } | null;
  minAgentTurns: number;
  legacy: boolean;
  contextBytes: number;
  audio?: { sampleRate: number; secondsPerTurn: number; fullCall?: boolean; speech?: { synth?: SpeechSynth; plants: SpeechPlant[] } };
  /** Seconds added to every agent response. */
  responseDelay?: number;
  /** Log the user side's TTS TTFB too. */
  userTtsTtfb?: boolean;
  /** `scenario_directory` as the runner writes it. */
  directory: string;
  /** A newer harness's retry reasons for this scenario (`[]`: none); absent: an older harness. */
  autoRetryReasons?: string[];
  /** A newer harness's conversation-end settings (issue 57); absent: an older harness. */
  end?: ConversationEnd;
}

export interface ScenarioFile {
  /** Relative to the scenario directory. */
  path: string;
  content: string | Uint8Array;
  at: Micros;
}

export interface ScenarioResult {
  name: string;
  start: Micros;
  routingStart: Micros;
  /** Time metrics.json was written (end of the attempt). */
  saved: Micros;
  files: ScenarioFile[];
  metrics: MetricsResult;
  metricsText: string;
  recap: Recap;
  logNotes: Array<[number, string]>;
  conv: Conversation;
  /** The bridge log, for partial (in-flight) copies. */
  bridge?: BridgeLog;
  judge?: JudgeOutput;
}

const NO_USER_DB =
  "No user DB available \u2014 scenario declared side='user' but the bridge didn't pull a user_db dict back. Check that the bot returned include_db=True payload.";

function actionKey(a: { name: PyJson | undefined; arguments?: PyJson; args?: PyJson }): string {
  return `${String(a.name)} ${dumps((a.arguments ?? a.args ?? {}) as PyJson)}`;
}

function sameActions(done: ToolCall[], gold: JsonObject[]): boolean {
  const a = done.map((c) => actionKey({ name: c.name, args: c.args })).sort();
  const b = gold.map((g) => actionKey({ name: g.name, arguments: g.arguments })).sort();
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function recorded(c: ToolCall): JsonObject {
  return { side: c.side, action_type: c.name, name: c.name, arguments: c.args, result: c.result };
}

export function runScenario(def: ScenarioDef, kit: DomainKit, outcome: OutcomeKind, start: Micros, s: ScenarioSettings): ScenarioResult {
  const rng = Rng.of(s.seed, "scenario", def.name, s.attempt);
  const script = applyOutcome(kit.script({ def, outcome, rng: Rng.of(s.seed, "script", def.name, s.attempt) }), outcome, rng);
  const zeroTurn = outcome === "zero_turn";
  const playSeed = Rng.of(s.seed, "play", def.name, s.attempt).hex(8);
  const playRng = () => new Rng(parseInt(playSeed, 16));
  const delay = { ...(s.responseDelay ? { responseDelay: s.responseDelay } : {}), ...(s.end && !s.legacy ? { end: s.end } : {}) };
  let conv = play(def, script, start, playRng(), { zeroTurn, ...delay });
  if (!s.lean && !zeroTurn && s.contextBytes > 0) {
    const size = dumps(conv.agentContext, 2).length;
    if (size < s.contextBytes) {
      const padding = kit.padding(def, Rng.of(s.seed, "pad", def.name), (s.contextBytes - size) / 1.12);
      conv = play(def, script, start, playRng(), { zeroTurn, padding, ...delay });
    }
  }

  const contextRace = !zeroTurn && outcome !== "stall" && rng.chance(0.05);
  const done = conv.tools.map((t) => t.call).filter((c) => c.mutating && !c.failed);
  const agentDone = done.filter((c) => c.side === "agent");
  const userDone = done.filter((c) => c.side === "user");
  const noSummary = outcome === "null_hash";

  let prediction: PyJson;
  if (zeroTurn || (kit.kind !== "push" && noSummary)) prediction = [];
  else if (kit.kind !== "push") prediction = [{ actions: [...agentDone, ...userDone].map(recorded) }];
  else if (outcome === "summary_not_captured") prediction = [{ actions: [] }];
  else prediction = conv.tools.filter((t) => t.call.push !== undefined && !t.call.failed).map((t) => t.call.push as PyJson);

  let dbHash: string | null = null;
  let userDbHash: string | null = null;
  if (def.expectedDbHash && !zeroTurn && !noSummary) {
    dbHash = sameActions(
      agentDone,
      def.gold.filter((g) => g.side === "agent"),
    )
      ? def.expectedDbHash
      : rng.hex(64);
  }
  const userOk = sameActions(
    userDone,
    def.gold.filter((g) => g.side === "user"),
  );
  if (def.expectedUserDbHash && !zeroTurn) userDbHash = userOk ? def.expectedUserDbHash : rng.hex(64);

  const dba: DbaVerdict[] = def.dbAssertions.map((a, i) => {
    const given = script.dbAssertionResults?.[i];
    let actual: PyJson = given ? given.actual : userOk ? a.assert_value : typeof a.assert_value === "boolean" ? !a.assert_value : "no_service";
    let error = given ? given.error : null;
    if (zeroTurn) {
      actual = null;
      error = NO_USER_DB;
    }
    const passed = error === null && JSON.stringify(plain(actual)) === JSON.stringify(plain(a.assert_value));
    return { func_name: a.func_name, side: a.side, passed, expected: a.assert_value, actual, message: a.message, error };
  });

  const isActionMatch: boolean | "N/A" =
    def.reference === null
      ? "N/A"
      : actionMatch(def.reference, prediction, {
          strict: def.disallowExtraItems,
          ignoreCapitalization: def.ignoreCapitalization,
          ignorePunctuation: def.ignorePunctuation,
        });

  const agentLines = conv.segments.filter((x) => x.role === "agent" && x.text !== "[INTERRUPTED]").map((x) => x.text);
  const judge = s.judge
    ? runJudge({
        def,
        outcome,
        rng: Rng.of(s.seed, "judge", def.name, s.attempt),
        prediction,
        agentContext: contextRace ? [] : conv.agentContext,
        userContext: conv.userContext,
        stringLimit: s.judge.stringLimit,
        messageLimit: s.judge.messageLimit,
        agentLines,
      })
    : undefined;

  const end = conv.endTime;
  const saved = end + Math.round(((judge?.seconds ?? 0.05) + rng.float(0.01, 0.2)) * SECOND);
  let scenarioDuration = (end - conv.routingStart) / SECOND + rng.float(0.3, 2.4);
  if (rng.chance(0.06)) scenarioDuration = Math.floor(scenarioDuration) + 0.25;
  else scenarioDuration = Math.round(scenarioDuration * 1e6) / 1e6;
  const traceMetrics: PyJson | undefined =
    !s.lean && rng.chance(0.02)
      ? {
          tracer: "external-agent",
          llm_spans: conv.calls.length,
          tool_spans: conv.tools.length,
          llm_time_ms_total: f(Math.round(rng.float(2000, 30000) * 1000) / 1000),
        }
      : undefined;

  const metrics = buildMetrics({
    def,
    conv,
    scenarioDirectory: s.directory,
    scenarioDuration,
    judge,
    threshold: s.judge?.threshold ?? 0.9,
    isActionMatch,
    actualHash: dbHash,
    dba,
    minAgentTurns: s.minAgentTurns,
    legacy: s.legacy,
    traceMetrics,
    ...(s.autoRetryReasons ? { autoRetryReasons: s.autoRetryReasons } : {}),
    ...(s.end && !s.legacy ? { end: s.end } : {}),
  });
  const metricsText = dumps(metrics.obj, 2);

  const files: ScenarioFile[] = [];
  const add = (path: string, content: string | Uint8Array, at: Micros) => files.push({ path, content, at });
  let bridge: BridgeLog | undefined;
  if (!s.lean) {
    for (const [name, content] of scenarioConfigFiles(def, conv.agentPrompt)) add(`scenario_config/${name}`, content, start + 400_000);
    add("final_agent_response.json", dumps(prediction, 2), end);
    if (dbHash || userDbHash)
      add("final_scenario_db_hash.txt", (dbHash ? `db_hash: ${dbHash}\n` : "") + (userDbHash ? `user_db_hash: ${userDbHash}\n` : ""), end);
    add("conversation_log.txt", convLogHeader(start) + convLogBody(conv.segments, end, conv.stop), conv.segments.length ? end : start);
    if (s.audio && conv.segments.length)
      add(
        "conversation_log.wav",
        s.audio.speech ? speechWav(conv.segments, { sampleRate: s.audio.sampleRate, ...s.audio.speech }) : synthWav(conv.segments, s.audio),
        end,
      );
    if (conv.segments.length) add("conversation_log.seglst.json", seglstJson(def.name, conv.segments), end);
    add("bot_logs_user/llm_context.json", dumps(conv.userContext, 2), end);
    add("bot_logs_agent/llm_context.json", dumps(contextRace ? [] : conv.agentContext, 2), end);
    if (traceMetrics !== undefined) add("bot_logs_agent/trace_metrics.json", dumps(traceMetrics, 2), end);
    // Push-shaped predictions exist only when the end-of-scenario pull failed (§1.8).
    const pullFailed = noSummary || zeroTurn || (kit.kind === "push" && outcome !== "summary_not_captured");
    bridge = bridgeLog({ def, conv, start, rng, contextRace, noSummary: pullFailed, dbHash, userDbHash, userTts: s.userTtsTtfb });
    if (judge?.error) bridge.add(saved - 20_000, "ERROR", "nemo_voice_agent.evaluation.utils:evaluate:512", `LLM judge request failed: ${judge.error}`);
    add("bridge_log.txt", bridge.text(), judge?.error ? saved : end);
  }
  if (judge) add("judge_result.json", dumps(judge.json, 2), saved - 5_000);
  add("metrics.json", metricsText, saved);

  const notes: Array<[number, string]> = [];
  if (def.reference === null) notes.push([611, `Reference file ${s.directory}/scenario_config/reference_answer.json not found; action-match is N/A.`]);
  if (def.expectedDbHash && dbHash === null) notes.push([634, "Bot did not report a db_hash in get_scenario_summary; DB-state match = False."]);

  const m = metrics.obj;
  const stats = m.latency_stats as JsonObject;
  const num = (v: PyJson | undefined) => (v === undefined ? undefined : (plain(v) as number));
  const recap: Recap = {
    name: def.name,
    metricsPath: `${s.directory}/metrics.json`,
    isSuccessful: metrics.isSuccessful,
    isActionMatch,
    dbMatch: m.db_state_match as boolean | undefined,
    dbaRate: num(m.db_state_assertion_pass_rate),
    nlRate: num(m.nl_assertion_pass_rate),
    judgeScore: num(m.judge_score),
    judgePassed: m.judge_passed as boolean | undefined,
    failed: metrics.breakdown?.failed ?? [],
    turns: conv.turns.length,
    stalledCalls: metrics.stalled ? metrics.agentCalls : undefined,
    minAgentTurns: s.minAgentTurns,
    duration: scenarioDuration,
    latencyCount: conv.latencies.length,
    mean: num(stats.mean_ms),
    p50: num(stats.p50_ms),
    p95: num(stats.p95_ms),
  };
  return { name: def.name, start, routingStart: conv.routingStart, saved, files, metrics, metricsText, recap, logNotes: notes, conv, bridge, judge };
}
