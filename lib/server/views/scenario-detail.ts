/**
 * Everything about one scenario, read on demand when it is opened (heavy artifacts are never held
 * by the index). Parsed results are cached with a size bound, keyed by file mtimes.
 */
import { join } from "node:path";
import {
  parseConversationLog,
  readDbHashFile,
  readFinalAgentResponse,
  readLlmContext,
  readMetadata,
  readMetrics,
  readSegLst,
  readToolsFile,
  readTraceMetrics,
  scenarioRow,
  actionDiff,
  asrDiff,
  hints,
  quotedTurns,
  toolCalls,
  judgeSeen,
  attemptFoldersOf,
  scenarioRetries,
  type Problem,
} from "@/lib/core";
import { flowHints, scenarioTiming } from "@/lib/core/timing";
import { redactStrings } from "@/lib/core/redact";
import { metricsTurns } from "@/lib/core/transcript";
import { callEndOf, callEndStory } from "@/lib/core/call-end";
import { unknownFields } from "@/lib/core/metrics-fields";
import type { ScenarioDetail, ScenarioRetriesView } from "@/lib/shared/dto";
import { processCaches } from "../process-caches";
import "server-only";
import type { JsonValue, StoredJudge } from "@/lib/core/evidence/judge";
import { readJudgeFile } from "../evidence/judge-file";
import { readReferenceFile } from "../evidence/reference-file";
import { lazyRecording } from "../source/lazy-recordings";
import { lstatInside, readInside, type TextRead } from "../ingest/fs-safe";
import { maxBytesOf, SCENARIO_FILES, type ScenarioFile } from "../ingest/layout";
import type { RunModel } from "../model/run-model";
import { runAnalysis } from "./run-views";

export type { ScenarioDetail };
const KNOWN_FILES = SCENARIO_FILES;

const BRIDGE_TAIL_BYTES = 64 * 1024;

/** What a scenario's files say, independent of the run around it: cached while the files are unchanged. */
type FileEvidence = Omit<
  ScenarioDetail,
  "run" | "name" | "row" | "insights" | "agentContext" | "userContext" | "truncated" | "retries" | "callEnd" | "unknownFields"
> & {
  insights: Omit<ScenarioDetail["insights"], "hints">;
  /**
   * The LLM contexts as text, parsed again when asked for: a multi-megabyte context kept as tens of
   * thousands of parsed objects would be copied by every garbage collection while it is cached.
   */
  contextTexts: { agent: string | null; user: string | null };
  judgeReason: string | null;
  hasAudio: boolean;
  offersDomainTools: boolean;
  /** The API's serialized answer, for the run revision it was made at (the row depends on the run). */
  body?: { revision: number; text: string };
};

/** Parsed scenario files, kept while their signature holds (64 MB; a multi-megabyte context is parsed once). */
const evidenceCache = () =>
  processCaches().lru<{ signature: string; evidence: FileEvidence; bytes: number }>("scenario-evidence", {
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (v) => v.bytes,
  });

/** `capTexts`: cut long texts for the page (see `ScenarioDetail.truncated`). */
type DetailOptions = { contexts?: boolean; capTexts?: boolean };

/** How much of one long text (a judge reason, a turn, a prompt) a page carries. */
export const PAGE_TEXT_CHARS = 20_000;

/**
 * Everything about one scenario. `contexts: false` leaves `agentContext` and `userContext` null:
 * the scenario page shows what is derived from them (tool calls, heard vs meant), not the messages.
 */
export async function scenarioDetail(run: RunModel, name: string, options: DetailOptions = {}): Promise<ScenarioDetail | null> {
  return (await scenarioEvidence(run, name))?.detail(options) ?? null;
}

/** The scenario API's JSON text: serialized once per file signature and run revision. */
export async function scenarioDetailJson(run: RunModel, name: string): Promise<string | null> {
  const evidence = await scenarioEvidence(run, name);
  if (!evidence) return null;
  const cached = evidence.cached.body;
  if (cached && cached.revision === run.revision) return cached.text;
  const text = JSON.stringify(evidence.detail());
  evidence.cached.body = { revision: run.revision, text };
  return text;
}

/**
 * The scenario's files, read (or taken from the cache), with their signature; the detail is only
 * assembled when asked for.
 */
async function scenarioEvidence(run: RunModel, name: string): Promise<{ cached: FileEvidence; detail(options?: DetailOptions): ScenarioDetail } | null> {
  const indexed = run.scenarios.get(name);
  if (!indexed) return null;
  // `name` is a key of the index, i.e. a folder name read from disk, never a URL value.
  const dir = join(run.dir, name);
  const stats = await statKnownFiles(dir);
  // Every file this reads, by kind, size and mtime: any rewrite, removal or new file changes it.
  const signature = stats.map((s) => (s ? `${s.kind}${s.size}@${s.mtimeMs}` : "-")).join(",");
  const hit = evidenceCache().get(dir);
  let evidence = hit?.signature === signature ? hit.evidence : undefined;
  if (!evidence) {
    evidence = await readEvidence(run.dir, name, stats);
    const bytes = stats.reduce((sum, s, i) => sum + (s && KNOWN_FILES[i] !== "conversation_log.wav" ? s.size : 0), 0);
    evidenceCache().set(dir, { signature, evidence, bytes });
  }
  const cached = evidence;
  const attempts = await attemptFiles(run, name);
  const { judgeReason, hasAudio, offersDomainTools, insights, contextTexts, body: _body, ...files } = evidence;
  const detail = ({ contexts = true, capTexts = false }: DetailOptions = {}): ScenarioDetail => {
    // The row (verdict as counted) and the hints depend on the run too (its min_agent_turns), so they are never cached.
    const record = indexed.record;
    const row = record ? scenarioRow(record, runAnalysis(run).plan.minAgentTurns, [...indexed.problems], attempts.folders) : null;
    const whole: ScenarioDetail = {
      run: run.id,
      name,
      row,
      ...files,
      retries: record ? retriesView(record.metrics, attempts) : null,
      callEnd: files.metrics ? { ...callEndOf(files.metrics), story: callEndStory(callEndOf(files.metrics)) } : null,
      unknownFields: unknownFields(files.metrics),
      truncated: {},
      agentContext: contexts ? contextMessages("bot_logs_agent/llm_context.json", contextTexts.agent) : null,
      userContext: contexts ? contextMessages("bot_logs_user/llm_context.json", contextTexts.user) : null,
      insights: {
        ...insights,
        hints:
          row && record
            ? [
                ...hints({
                  row,
                  metrics: record.metrics,
                  judgeReason,
                  toolCalls: insights.toolCalls,
                  actions: insights.actions,
                  asr: insights.asr,
                  hasAudio,
                  offersDomainTools,
                }),
                ...(files.timing ? flowHints(files.timing.flow, row.stalled) : []),
              ]
            : [],
      },
    };
    return capTexts ? capped(whole) : whole;
  };
  return { cached, detail };
}

/** A scenario's attempt folders (its `.killed.autoretry<N>.` entries of the run's listing) and the known files each kept. */
async function attemptFiles(run: RunModel, name: string) {
  const folders = attemptFoldersOf(name, run.killedFolders);
  const files = await Promise.all(
    folders.map(async (f) => {
      // The folder is an entry of the run's listing, never a URL value; each file is checked as a scenario's own are.
      const found = await Promise.all(
        KNOWN_FILES.map(async (path) => ({ path, entry: await lstatInside(/*turbopackIgnore: true*/ run.dir, `${f.folder}/${path}`) })),
      );
      return found.filter((x) => x.entry.kind === "file").map((x) => ({ path: x.path, size: x.entry.info?.size ?? 0 }));
    }),
  );
  return { folders, files };
}

function retriesView(metrics: Record<string, unknown>, attempts: Awaited<ReturnType<typeof attemptFiles>>): ScenarioRetriesView {
  const r = scenarioRetries(metrics, attempts.folders);
  return {
    count: r.count,
    attempts: r.attempts.map((a) => ({
      ...a,
      files: a.folder === null ? [] : (attempts.files[attempts.folders.findIndex((f) => f.folder === a.folder)] ?? []),
    })),
  };
}

/** Each long text field of a detail, by name, with a way to put a shorter one in its place. */
function* longTexts(d: ScenarioDetail): Generator<[string, string, (text: string) => void]> {
  const judge = d.judge && typeof d.judge === "object" ? (d.judge as Record<string, unknown>) : null;
  if (judge && typeof judge.reason === "string") yield ["judge.reason", judge.reason, (t) => (judge.reason = t)];
  const verdicts = judge && Array.isArray(judge.nl_assertion_verdicts) ? (judge.nl_assertion_verdicts as unknown[]) : [];
  for (const [i, v] of verdicts.entries()) {
    if (v && typeof v === "object" && typeof (v as Record<string, unknown>).reason === "string") {
      const verdict = v as Record<string, unknown>;
      yield [`judge.verdicts.${i}.reason`, verdict.reason as string, (t) => (verdict.reason = t)];
    }
  }
  const logTurns = d.conversation?.turns ?? [];
  for (const [i, turn] of logTurns.entries()) yield [`turn.${i}`, turn.text, (t) => (turn.text = t)];
  // Without the log (or the segLST), the page's turns are metrics.json's: the same field names, their texts.
  if (logTurns.length === 0 && !d.segments?.length && d.metrics && Array.isArray(d.metrics.turns)) {
    // Numbered as the transcript numbers them: entries it leaves out (no object, no role) take no number.
    let shown = 0;
    for (const turn of d.metrics.turns as unknown[]) {
      const entry = turn && typeof turn === "object" && !Array.isArray(turn) ? (turn as Record<string, unknown>) : null;
      if (!entry || (entry.role !== "user" && entry.role !== "agent")) continue;
      const i = shown++;
      if (typeof entry.text === "string") yield [`turn.${i}`, entry.text, (t) => (entry.text = t)];
    }
  }
  for (const side of ["user", "agent"] as const) {
    const text = d.prompts[side];
    if (text !== null) yield [`prompt.${side}`, text, (t) => (d.prompts[side] = t)];
  }
}

/** A copy of the detail whose long texts are cut to `PAGE_TEXT_CHARS` (the cached evidence stays whole). */
function capped(d: ScenarioDetail): ScenarioDetail {
  const copy: ScenarioDetail = {
    ...d,
    judge: shallowJudgeCopy(d.judge),
    conversation: d.conversation ? { ...d.conversation, turns: d.conversation.turns.map((t) => ({ ...t })) } : null,
    metrics:
      d.metrics && Array.isArray(d.metrics.turns)
        ? { ...d.metrics, turns: (d.metrics.turns as unknown[]).map((t) => (t && typeof t === "object" && !Array.isArray(t) ? { ...t } : t)) }
        : d.metrics,
    prompts: { ...d.prompts },
    truncated: {},
  };
  for (const [field, text, replace] of longTexts(copy)) {
    if (text.length <= PAGE_TEXT_CHARS) continue;
    copy.truncated[field] = text.length;
    replace(text.slice(0, PAGE_TEXT_CHARS));
  }
  return copy;
}

/** The judge object and its verdicts copied one level deep: enough to replace their `reason`s. */
function shallowJudgeCopy(judge: StoredJudge | null): StoredJudge | null {
  if (!judge || typeof judge !== "object" || Array.isArray(judge)) return judge;
  const j: Record<string, JsonValue> = { ...(judge as Record<string, JsonValue>) };
  if (Array.isArray(j.nl_assertion_verdicts)) j.nl_assertion_verdicts = j.nl_assertion_verdicts.map((v) => (v && typeof v === "object" ? { ...v } : v));
  return j;
}

/** One long text whole, by its field name (see `ScenarioDetail.truncated`); `null` when there is no such field. */
export async function fullText(run: RunModel, name: string, field: string): Promise<string | null> {
  const detail = await scenarioDetail(run, name, { contexts: false });
  if (!detail) return null;
  for (const [f, text] of longTexts(detail)) if (f === field) return text;
  return null;
}

/** The messages of an LLM context (problems were named when the evidence was read). */
function contextMessages(file: string, text: string | null): unknown[] | null {
  if (text === null) return null;
  return redactStrings(readLlmContext(file, text).value);
}

type FileStat = { kind: "f" | "d" | "l" | "o"; size: number; mtimeMs: number } | null;

/** One lstat per known file, folders on the way checked: whether it is there (a link or a folder is not a file) and what the cache keys on. */
async function statKnownFiles(dir: string): Promise<FileStat[]> {
  return Promise.all(
    KNOWN_FILES.map(async (file): Promise<FileStat> => {
      const { kind, info } = await lstatInside(/*turbopackIgnore: true*/ dir, file);
      // An object-storage source's recording is fetched on first request: listed by its object's size and time, which the fetched file keeps.
      const lazy = kind === "missing" && file === "conversation_log.wav" ? lazyRecording(join(dir, file)) : null;
      if (lazy) return { kind: "f", size: lazy.size, mtimeMs: lazy.lastModified };
      if (kind === "missing" || kind === "unreadable") return null;
      const short = kind === "file" ? "f" : kind === "dir" ? "d" : kind === "link" ? "l" : "o";
      return { kind: short, size: info?.size ?? 0, mtimeMs: info?.mtimeMs ?? 0 };
    }),
  );
}

/** Reads every named file at once; the result keeps the names, so no read depends on its position. */
async function readNamed<K extends string>(
  files: Record<K, ScenarioFile>,
  read: (file: ScenarioFile) => Promise<string | null>,
): Promise<Record<K, string | null>> {
  const names = Object.keys(files) as K[];
  const texts = await Promise.all(names.map((k) => read(files[k])));
  return Object.fromEntries(names.map((k, i) => [k, texts[i] ?? null])) as Record<K, string | null>;
}

async function readEvidence(runDir: string, name: string, stats: FileStat[]): Promise<FileEvidence> {
  const dir = join(runDir, name);
  const problems: Problem[] = [];
  const files = KNOWN_FILES.map((path, i) => {
    const s = stats[i];
    return { path, present: s?.kind === "f", size: s?.kind === "f" ? s.size : null };
  });
  const read = async (file: ScenarioFile): Promise<string | null> => {
    // Absent at the lstat: nothing to open (a link or a folder is still opened, to be named as a problem).
    if (stats[KNOWN_FILES.indexOf(file)] === null) return null;
    const r: TextRead = await readInside(dir, file, file, maxBytesOf(file));
    if (r.text !== null) return r.text;
    if (!r.missing) problems.push(r.problem);
    return null;
  };
  // Named, not positional: adding a file cannot shift another into its slot.
  const text = await readNamed(
    {
      metrics: "metrics.json",
      finalAgentResponse: "final_agent_response.json",
      dbHash: "final_scenario_db_hash.txt",
      conversation: "conversation_log.txt",
      segments: "conversation_log.seglst.json",
      agentContext: "bot_logs_agent/llm_context.json",
      userContext: "bot_logs_user/llm_context.json",
      metadata: "scenario_config/metadata.json",
      userPrompt: "scenario_config/user_prompt.txt",
      agentPrompt: "scenario_config/agent_prompt.txt",
      userTools: "scenario_config/user_tools.json",
      agentTools: "scenario_config/agent_tools.json",
      traceRoot: "trace_metrics.json",
      traceAgent: "bot_logs_agent/trace_metrics.json",
      bridge: "bridge_log.txt",
    },
    read,
  );
  const take = <T>(r: { value: T | null; problems: Problem[] }): T | null => {
    problems.push(...r.problems);
    return r.value;
  };
  // The judge file and the reference answer through their kept readers, which other views share.
  const present = (file: ScenarioFile) => stats[KNOWN_FILES.indexOf(file)] !== null;
  const [judgeRead, referenceRead] = await Promise.all([
    present("judge_result.json") ? readJudgeFile(runDir, name) : null,
    present("scenario_config/reference_answer.json") ? readReferenceFile(runDir, name) : null,
  ]);
  if (judgeRead) problems.push(...judgeRead.problems);
  const agentRead = text.agentContext === null ? null : readLlmContext("bot_logs_agent/llm_context.json", text.agentContext);
  if (agentRead) problems.push(...agentRead.problems);
  const userRead = text.userContext === null ? null : readLlmContext("bot_logs_user/llm_context.json", text.userContext);
  if (userRead) problems.push(...userRead.problems);
  const segRead = text.segments === null ? null : readSegLst(text.segments);
  if (segRead) problems.push(...segRead.problems);
  const agentMessages = agentRead?.value ?? null;
  const userMessages = userRead?.value ?? null;
  const conversationRead = text.conversation === null ? null : parseConversationLog(text.conversation);
  if (conversationRead) problems.push(...conversationRead.problems);
  const conversation = conversationRead?.value ?? null;
  const judge = judgeRead?.fields ?? null;
  const metricsRead = text.metrics === null ? null : readMetrics(text.metrics);
  // Entries of metrics.json's turns the transcript cannot use are named on the scenario (issue 43).
  problems.push(...metricsTurns(metricsRead?.value ?? null).problems);
  const seen = judgeRead ? judgeSeen(judgeRead.stored, metricsRead?.value ?? null, referenceRead?.value ?? null) : null;
  if (seen) problems.push(...seen.problems);
  const calls = agentMessages && agentMessages.length > 0 ? toolCalls(agentMessages) : null;
  const reference = referenceRead?.value ?? null;
  const prediction = text.finalAgentResponse === null ? null : readFinalAgentResponse(text.finalAgentResponse).value;
  const actions = reference !== null ? actionDiff(reference, prediction ?? []) : null;
  const asr = agentMessages && userMessages ? asrDiff(userMessages, agentMessages) : null;
  const agentToolsRead = text.agentTools === null ? null : readToolsFile("scenario_config/agent_tools.json", text.agentTools);
  const offeredTools = agentToolsRead?.value ?? null;
  // Every text of the evidence without its secret-shaped values (a key in a prompt, a transcript, a
  // tool call), for every surface at once; the contexts stay text here and are redacted once parsed.
  const evidence: Omit<FileEvidence, "contextTexts"> = redactStrings({
    files,
    metrics: metricsRead === null ? null : take(metricsRead),
    judgeSeen: seen,
    // Shown as stored, whatever a field holds (a malformed field is a listed problem, the rest still used).
    judge: judgeRead?.stored ?? null,
    finalAgentResponse: text.finalAgentResponse === null ? null : take(readFinalAgentResponse(text.finalAgentResponse)),
    dbHashes: text.dbHash === null ? null : take(readDbHashFile(text.dbHash)),
    conversation,
    segments: segRead ? (segRead.value ?? null) : null,
    metadata: text.metadata === null ? null : take(readMetadata(text.metadata)),
    referenceAnswer: referenceRead === null ? null : take(referenceRead),
    prompts: { user: text.userPrompt, agent: text.agentPrompt },
    tools: {
      user: text.userTools === null ? null : take(readToolsFile("scenario_config/user_tools.json", text.userTools)),
      agent: agentToolsRead === null ? null : take(agentToolsRead),
    },
    traceMetrics:
      text.traceRoot !== null
        ? take(readTraceMetrics("trace_metrics.json", text.traceRoot))
        : text.traceAgent !== null
          ? take(readTraceMetrics("bot_logs_agent/trace_metrics.json", text.traceAgent))
          : null,
    // Issue #13: latency by stage, turn-taking and the flow audit, from the files read above.
    timing:
      conversation || text.bridge !== null
        ? scenarioTiming({ conversation, segments: segRead?.value ?? null, bridgeLog: text.bridge, agentContext: agentMessages }).timing
        : null,
    bridgeLogTail: text.bridge === null ? null : text.bridge.length > BRIDGE_TAIL_BYTES ? text.bridge.slice(-BRIDGE_TAIL_BYTES) : text.bridge,
    insights: {
      toolCalls: calls,
      asr,
      actions,
      verdictTurns: (judge?.verdicts ?? []).map((v) => (typeof v?.reason === "string" && conversation ? quotedTurns(v.reason, conversation.turns) : [])),
    },
    judgeReason: judge?.reason ?? null,
    hasAudio: files.some((f) => f.path === "conversation_log.wav" && f.present),
    offersDomainTools: offeredTools !== null && Object.keys(offeredTools).some((t) => t !== "EndConversationTool"),
    problems,
  });
  return { ...evidence, contextTexts: { agent: text.agentContext, user: text.userContext } };
}
