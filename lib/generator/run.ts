/** One run directory: its sessions, scenario attempts, evaluation_log.txt, run_args.json and aggregates. */
import { allLatenciesChunks, allMetricsChunks, completionRecap, summaryText, type RunRecord } from "./aggregates";
import { BridgeLog } from "./artifacts/bridgelog";
import { convLogHeader } from "./artifacts/convlog";
import { scenarioConfigFiles } from "./artifacts/config";
import { chooseOutcome, chooseRerunOutcome } from "./outcome";
import { hashSeed, Rng } from "./prng";
import { JUDGE_MODEL, JUDGE_URL, runArgsJson, type Invocation } from "./runargs";
import { RunLog, scenarioComplete } from "./runlog";
import { runScenario, type ScenarioResult, type ScenarioSettings } from "./scenario";
import { buildSuite, type SuiteEntry } from "./suite";
import { compactStamp, floorSecond, isoformat, makeTime, parseIso, SECOND, timeFromRunName, toMtimeMs, type Micros } from "./time";
import type { GeneratedFile, OutcomeKind, RunOptions, SpeechPlant, SpeechSynth } from "./types";

/** Join text chunks; very large texts become bytes (a JS string tops out near 512 MB). */
export function joinChunks(chunks: readonly string[]): string | Uint8Array {
  let total = 0;
  for (const c of chunks) total += c.length;
  if (total < 64 * 1024 * 1024) return chunks.join("");
  const enc = new TextEncoder();
  const parts = chunks.map((c) => enc.encode(c));
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

/** Lean trees keep judge evidence short, as `--judge-context-string-limit` / `--judge-context-message-limit` do. */
const LEAN_STRING_LIMIT = 240;
const LEAN_MESSAGE_LIMIT = 8;

interface RunContext {
  run: RunOptions;
  seed: number;
  suite: SuiteEntry[];
  queue: string[];
  outcomes: OutcomeKind[];
  runDir: string;
  base: string;
  settings: (index: number, attempt: number) => ScenarioSettings;
}

function file(ctx: RunContext, path: string, content: string | Uint8Array, at: Micros | undefined): GeneratedFile {
  const f: GeneratedFile = { path: `${ctx.run.name}/${path}`, content };
  if (at !== undefined) f.mtimeMs = toMtimeMs(at);
  return f;
}

function* scenarioFiles(ctx: RunContext, res: ScenarioResult, dir: string): Generator<GeneratedFile> {
  for (const f of res.files) yield file(ctx, `${dir}/${f.path}`, f.content, f.at);
}

/** The files of an attempt that was stopped at `stop` (no metrics.json). */
function* partialFiles(ctx: RunContext, entry: SuiteEntry, res: ScenarioResult, dir: string, stop: Micros, live: boolean): Generator<GeneratedFile> {
  if (!ctx.run.lean) {
    for (const [name, content] of scenarioConfigFiles(entry.def, res.conv.agentPrompt))
      yield file(ctx, `${dir}/scenario_config/${name}`, content, res.start + 400_000);
    yield file(ctx, `${dir}/conversation_log.txt`, convLogHeader(res.start), res.start);
  }
  let bridge = res.bridge;
  if (!bridge) {
    bridge = new BridgeLog();
    bridge.add(
      res.start,
      "INFO",
      "nemo_voice_agent.evaluation.bridge:init_output_dir:387",
      `Initializing output directory: ${res.name}, session name: ${res.name}`,
    );
    bridge.add(
      res.routingStart,
      "INFO",
      "nemo_voice_agent.evaluation.bridge:run_scenario:1861",
      `[RUN SCENARIO] Running scenario for ${entry.def.maxDuration} seconds...`,
    );
  }
  yield file(ctx, `${dir}/bridge_log.txt`, bridge.textUntil(stop), live ? undefined : stop);
}

function record(res: ScenarioResult): RunRecord {
  const side = (path: string) => {
    const f = res.files.find((x) => x.path === path);
    return f && typeof f.content === "string" ? f.content : null;
  };
  return {
    name: res.name,
    metrics: res.metrics,
    text: res.metricsText,
    judgeText: side("judge_result.json"),
    agentContextText: side("bot_logs_agent/llm_context.json"),
  };
}

function inFlightReason(res: ScenarioResult, m: number): string | undefined {
  if (res.conv.turns.length === 0) return "total_turns=0";
  if (m > 0 && res.metrics.agentCalls < m) return `only ${res.metrics.agentCalls} agent LLM message(s) < min_agent_turns=${m}`;
  return undefined;
}

/** The reasons a scenario of a run with `autoRetries` was retried for (`[]`: accepted at its first attempt). */
function retryReasons(run: RunOptions, name: string, index: number): string[] {
  return run.autoRetries?.[name] ?? run.autoRetries?.[`#${index}`] ?? [];
}

/**
 * The folders of a scenario's discarded attempts (each with its log and a `__KILLED__` marker), moved
 * aside at `t`, just before the accepted attempt starts; the log says why each was retried.
 */
function* discardedAttempts(ctx: RunContext, log: RunLog, index: number, t: Micros): Generator<GeneratedFile> {
  const name = ctx.queue[index] as string;
  const reasons = retryReasons(ctx.run, name, index);
  for (const [k, reason] of reasons.entries()) {
    const dir = `${name}.killed.autoretry${k + 1}.${compactStamp(t)}`;
    log.runner(t, 612, `[AUTO-RETRY] ${name}: attempt ${k + 1} discarded (${reason}); moved to ${dir}/ and retrying.`);
    yield file(ctx, `${dir}/bridge_log.txt`, `${isoformat(t).replace("T", " ")} | bridge.py:run:88 | [WARNING]: ${reason}\n`, t);
    yield file(ctx, `${dir}/__KILLED__`, "", t);
  }
}

export function* generateRun(run: RunOptions, globalSeed: number, synth?: SpeechSynth): Generator<GeneratedFile> {
  const segments = run.name.split("/").filter(Boolean);
  const base = segments[segments.length - 1] ?? "eval_results";
  const parent = segments.slice(0, -1).join("/");
  const outputDir = run.outputDir ?? (parent ? `./eval_results/${parent}` : "./eval_results");
  const runDir = `${outputDir}/${base}`;
  const seed = run.seed ?? hashSeed(globalSeed, `run:${run.name}`);
  const suite = buildSuite(globalSeed, run.domains, run.scenarios);
  const queue = suite.map((e) => e.def.name);
  const n = queue.length;
  const state = run.state ?? "finished";
  const m = run.minAgentTurns ?? 3;
  const judgeOn = run.judge ?? true;
  const threshold = run.judgeThreshold ?? 0.9;
  const audio = run.audio ? { sampleRate: 16000, secondsPerTurn: 1.5, ...(run.audio === true ? {} : run.audio) } : undefined;
  const legacyAll = run.legacy === true;
  const legacyFraction = typeof run.legacy === "number" ? run.legacy : 0;
  const contextKB = run.agentContextKB ?? 24;
  const large = new Set<number>();
  if (run.largeContexts && n > 0) {
    const lr = Rng.of(seed, "large");
    while (large.size < Math.min(run.largeContexts.count, n)) large.add(lr.int(0, n - 1));
  }
  let audioLeft = audio ? (typeof run.audio === "object" && run.audio.maxScenarios !== undefined ? run.audio.maxScenarios : Infinity) : 0;

  const judgeStringLimit = run.lean ? Math.min(run.judgeContextStringLimit ?? LEAN_STRING_LIMIT, LEAN_STRING_LIMIT) : run.judgeContextStringLimit;
  const judgeMessageLimit = run.lean ? LEAN_MESSAGE_LIMIT : undefined;
  const outcomes = suite.map((e, i) => chooseOutcome(run, e.def, e.kit, i, Rng.of(seed, "outcome", e.def.name)));
  const ctx: RunContext = {
    run,
    seed,
    suite,
    queue,
    outcomes,
    runDir,
    base,
    settings: (i, attempt) => {
      const name = queue[i] as string;
      const chosen = audio?.scenarios ? audio.scenarios.includes(name) || audio.scenarios.includes(`#${i}`) : audioLeft > 0;
      const withAudio = audio && chosen && outcomes[i] !== "zero_turn";
      if (withAudio && !audio.scenarios) audioLeft--;
      const plants = Object.entries(audio?.plants ?? {})
        .filter(([, where]) => where === name || where === `#${i}`)
        .map(([plant]) => plant as SpeechPlant);
      return {
        seed,
        attempt,
        lean: !!run.lean && !(run.full ?? []).some((f) => f === name || f === `#${i}`),
        // Lean trees keep judge evidence short (as with --judge-context-string-limit).
        judge: judgeOn ? { threshold, stringLimit: judgeStringLimit, messageLimit: judgeMessageLimit } : null,
        minAgentTurns: legacyAll ? 0 : m,
        legacy: legacyAll || (legacyFraction > 0 && Rng.of(seed, "legacy", name).chance(legacyFraction)),
        contextBytes: (large.has(i) ? (run.largeContexts?.kb ?? 1024) : contextKB) * 1024,
        audio: withAudio
          ? {
              sampleRate: audio.sampleRate,
              secondsPerTurn: audio.secondsPerTurn,
              ...(audio.fullCall || audio.speech ? { fullCall: true } : {}),
              ...(audio.speech ? { speech: { synth, plants } } : {}),
            }
          : undefined,
        ...(run.responseDelay ? { responseDelay: run.responseDelay } : {}),
        ...(run.userTtsTtfb ? { userTtsTtfb: true } : {}),
        directory: `${runDir}/${name}`,
        ...(run.autoRetries ? { autoRetryReasons: retryReasons(run, name, i) } : {}),
        ...(run.conversationEnd && !legacyAll ? { end: run.conversationEnd } : {}),
      };
    },
  };

  const start = floorSecond(run.startedAt ? parseIso(run.startedAt) : (timeFromRunName(base) ?? makeTime(2026, 11, 20, 9, 15, 0)));
  const rng = Rng.of(seed, "timeline");
  const log = new RunLog();
  const invocations: Invocation[] = [];
  const inv = (startedAt: Micros, resume?: string): Invocation => ({
    startedAt: isoformat(startedAt),
    queue,
    domains: run.domains,
    outputDir,
    judge: judgeOn,
    threshold,
    minAgentTurns: m,
    sampleRate: audio?.sampleRate ?? 16000,
    stringLimit: judgeStringLimit,
    messageLimit: judgeMessageLimit,
    resume,
    legacy: legacyAll,
    ...(run.autoRetries ? { autoRetry: true } : {}),
    ...(run.conversationEnd && !legacyAll ? { end: run.conversationEnd } : {}),
  });
  const judgeInfo = judgeOn ? { url: JUDGE_URL, model: JUDGE_MODEL } : null;
  const judgeDependent = suite.filter((e) => e.def.successSignals.some((s) => s === "judge_passed" || s === "nl_assertion")).length;

  // ---- Session 1 -------------------------------------------------------------------------
  invocations.push(inv(start));
  log.sessionStart(start, queue, judgeInfo, undefined, judgeDependent);
  log.runner(start, 396, `${n} scenario(s) to run, 0 already completed.`);
  const stopIndex = state === "finished" ? n : Math.max(0, Math.min(n - 1, run.completedBeforeStop ?? Math.floor(n * 0.6)));
  const resumed = state === "resumed";
  const resumeStartPlanned = run.resumedAt ? floorSecond(parseIso(run.resumedAt)) : undefined;
  const records: RunRecord[] = [];
  const movedAside: Array<{ index: number; reason: string }> = [];
  const loaded: number[] = [];
  const loadedRecords = new Map<number, RunRecord>();
  let t = start;
  let resumeStamp = "";

  const runOne = (i: number, attempt: number, outcome: OutcomeKind, k: number): ScenarioResult => {
    const entry = suite[i] as SuiteEntry;
    log.scenarioStart(t, k, n, entry.def.name);
    const res = runScenario(entry.def, entry.kit, outcome, t, ctx.settings(i, attempt));
    log.running(res.routingStart, entry.def.maxDuration);
    for (const [line, note] of res.logNotes) log.runner(res.saved, line, note);
    scenarioComplete(log, res.saved, res.recap);
    t = res.saved + Math.round(rng.float(0.02, 1.1) * SECOND);
    return res;
  };

  // Session-1 results are emitted at once, except those a resume will move aside.
  const pendingAside: Array<{ index: number; res: ScenarioResult; reason: string }> = [];
  for (let i = 0; i < stopIndex; i++) {
    yield* discardedAttempts(ctx, log, i, t);
    const res = runOne(i, 0, outcomes[i] as OutcomeKind, i + 1);
    const reason = resumed ? inFlightReason(res, m) : undefined;
    if (reason) {
      pendingAside.push({ index: i, res, reason });
    } else {
      if (resumed) {
        loaded.push(i);
        loadedRecords.set(i, record(res));
      } else records.push(record(res));
      yield* scenarioFiles(ctx, res, queue[i] as string);
    }
  }

  if (state !== "finished") {
    // The in-flight scenario: started, conversation running when the session stopped.
    const i = stopIndex;
    const entry = suite[i] as SuiteEntry;
    log.scenarioStart(t, i + 1, n, entry.def.name);
    const res = runScenario(entry.def, entry.kit, outcomes[i] as OutcomeKind, t, ctx.settings(i, 0));
    log.running(res.routingStart, entry.def.maxDuration);
    const stop = res.routingStart + Math.round((res.conv.endTime - res.routingStart) * rng.float(0.25, 0.7));
    const live = state === "running";
    if (!resumed) {
      yield* partialFiles(ctx, entry, res, queue[i] as string, stop, live);
    } else {
      const resumeStart = resumeStartPlanned ?? floorSecond(stop + Math.round(rng.float(3, 9) * 3600 * SECOND));
      resumeStamp = compactStamp(resumeStart);
      const aside = (name: string) => `${name}.killed.${resumeStamp}`;
      yield* partialFiles(ctx, entry, res, aside(queue[i] as string), stop, false);
      yield file(ctx, `${aside(queue[i] as string)}/__KILLED__`, "", resumeStart);
      movedAside.push({ index: i, reason: "no metrics.json" });
      for (const p of pendingAside) {
        yield* scenarioFiles(ctx, p.res, aside(queue[p.index] as string));
        yield file(ctx, `${aside(queue[p.index] as string)}/__KILLED__`, "", resumeStart);
        movedAside.push({ index: p.index, reason: p.reason });
      }

      // ---- Session 2 (resume) --------------------------------------------------------------
      t = resumeStart;
      invocations.push(inv(resumeStart, base.replace(/^eval_/, "")));
      log.sessionStart(t, queue, judgeInfo, base, judgeDependent);
      const asideSet = new Map(movedAside.map((x) => [x.index, x.reason]));
      const loadedSet = new Set(loaded);
      for (let q = 0; q < n; q++) {
        const name = queue[q] as string;
        if (loadedSet.has(q)) log.runner(t, 370, `[SKIP] ${name}: already complete, loaded metrics.json from disk.`);
        else if (asideSet.has(q))
          log.runner(t, 381, `[CLEANUP] ${name}: subdir was in-flight (${asideSet.get(q) as string}); moved to ${aside(name)}/ and will re-run.`);
      }
      log.runner(t, 396, `${n - loaded.length} scenario(s) to run, ${loaded.length} already completed.`);
      const fresh: RunRecord[] = [];
      for (let q = 0; q < n; q++) {
        if (loadedSet.has(q)) {
          log.runner(t, 402, `[SKIP ${q + 1}/${n}] ${queue[q] as string} (loaded from previous run)`);
          continue;
        }
        const e = suite[q] as SuiteEntry;
        const outcome = asideSet.has(q) ? chooseRerunOutcome(run, e.def, e.kit, Rng.of(seed, "rerun", e.def.name)) : (outcomes[q] as OutcomeKind);
        const res = runOne(q, asideSet.has(q) ? 1 : 0, outcome, q + 1);
        fresh.push(record(res));
        yield* scenarioFiles(ctx, res, queue[q] as string);
      }
      for (const q of loaded) records.push(loadedRecords.get(q) as RunRecord);
      records.push(...fresh);
    }
    if (!resumed) {
      yield file(ctx, "run_args.json", runArgsJson(invocations), start);
      yield file(ctx, "evaluation_log.txt", joinChunks(log.chunks), live ? undefined : log.last);
      return;
    }
  }

  // ---- End of a finished session -----------------------------------------------------------
  const end = t;
  if (run.aggregates ?? true) {
    yield file(ctx, "all_metrics.json", joinChunks(allMetricsChunks(records)), end);
    yield file(ctx, "all_latencies.csv", joinChunks(allLatenciesChunks(records)), end);
    yield file(ctx, "all_summary.txt", summaryText(records, m), end);
  }
  completionRecap(log, end, records, runDir, base.replace(/^eval_/, ""), m);
  yield file(ctx, "run_args.json", runArgsJson(invocations), parseIso(invocations[invocations.length - 1]?.startedAt ?? isoformat(start)));
  yield file(ctx, "evaluation_log.txt", joinChunks(log.chunks), log.last);
}
