/** bridge_log.txt: loguru records of the bridge for one scenario (ARTIFACTS.md §1.13). */
import { fixed } from "@/lib/core/py";
import type { Conversation } from "../conversation";
import type { ScenarioDef } from "../model";
import type { Rng } from "../prng";
import { dumps } from "../pyjson";
import { pyRepr } from "../pytext";
import { loguruStamp, SECOND, type Micros } from "../time";

type Level = "DEBUG" | "INFO" | "WARNING" | "ERROR";

const BRIDGE = "nemo_voice_agent.evaluation.bridge";

export class BridgeLog {
  private records: Array<[Micros, number, string]> = [];
  private seq = 0;

  add(t: Micros, level: Level, where: string, msg: string): void {
    this.records.push([t, this.seq++, `${loguruStamp(t)} | ${level.padEnd(8)} | ${where} - ${msg}`]);
  }

  text(): string {
    this.records.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return this.records.map((r) => r[2] + "\n").join("");
  }

  /** Records up to (and including) time `t`: a log still being written. */
  textUntil(t: Micros): string {
    this.records.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return this.records
      .filter((r) => r[0] <= t)
      .map((r) => r[2] + "\n")
      .join("");
  }
}

export interface BridgeFacts {
  def: ScenarioDef;
  conv: Conversation;
  start: Micros;
  rng: Rng;
  /** The agent context pull timed out (file saved as `[]`). */
  contextRace: boolean;
  /** The agent bot did not answer the end-of-scenario summary pull. */
  noSummary: boolean;
  dbHash: string | null;
  userDbHash: string | null;
  /** Log the user simulator's TTS TTFB before each of its turns (no random draw: other files stay as they were). */
  userTts?: boolean;
}

export function bridgeLog(x: BridgeFacts): BridgeLog {
  const { def, conv, rng } = x;
  const log = new BridgeLog();
  const at = (sec: number) => conv.routingStart + Math.round(sec * SECOND);
  const rtvi = `${BRIDGE}:_log_rtvi_event:2146`;
  log.add(x.start, "INFO", `${BRIDGE}:init_output_dir:387`, `Initializing output directory: ${def.name}, session name: ${def.name}`);
  log.add(conv.routingStart, "INFO", `${BRIDGE}:run_scenario:1861`, `[RUN SCENARIO] Running scenario for ${def.maxDuration} seconds...`);

  for (const c of conv.calls) {
    const side = c.side === "agent" ? "AGENT" : "USER";
    if (c.side === "agent" || rng.chance(0.5))
      log.add(
        at(c.at - 0.3),
        "DEBUG",
        rtvi,
        `[${side} METRICS] ttfb processor=${c.side === "agent" ? "NvidiaLLMService#0" : "OpenAILLMService#0"} value=${fixed(c.ttfb, 3)}s`,
      );
    log.add(at(c.at), "DEBUG", rtvi, `[${side} METRICS] tokens prompt=${c.prompt} completion=${c.completion}`);
  }
  let lastUserEnd: number | undefined;
  for (const s of conv.segments) {
    if (s.role === "agent") {
      log.add(at(s.start), "DEBUG", rtvi, "[AGENT STARTED SPEAKING]");
      if (lastUserEnd !== undefined)
        log.add(at(s.start), "DEBUG", `${BRIDGE}:_on_agent_audio:1544`, `[LATENCY] Response latency: ${fixed((s.start - lastUserEnd) * 1000 - 60, 1)}ms`);
      lastUserEnd = undefined;
      log.add(at(s.start - 0.05), "DEBUG", rtvi, "[AGENT METRICS] ttfb processor=RivaTTSService#0 value=" + fixed(rng.float(0.08, 0.35), 3) + "s");
      if (s.text !== "[INTERRUPTED]") log.add(at(s.start + 0.02), "DEBUG", rtvi, `[AGENT TTS] ${s.text}`);
      if (s.complete) {
        log.add(at(s.end + 0.3), "DEBUG", rtvi, "[AGENT STOPPED SPEAKING]");
        log.add(at(s.end + 0.32), "INFO", `${BRIDGE}:_finish_segment:1602`, `[AGENT] ${s.text}`);
      }
    } else {
      if (x.userTts)
        log.add(
          at(s.start - 0.05),
          "DEBUG",
          rtvi,
          `[USER METRICS] ttfb processor=ElevenLabsTTSService#0 value=${fixed(0.11 + (Math.round(s.start * 1000) % 170) / 1000, 3)}s`,
        );
      log.add(at(s.start), "DEBUG", rtvi, "[TIMING] User started speaking");
      log.add(at(s.start + 0.02), "DEBUG", rtvi, `[USER TTS] ${s.text}`);
      if (s.heard && s.heard.length > 12 && rng.chance(0.5)) {
        log.add(at((s.start + s.end) / 2), "DEBUG", rtvi, `[AGENT STT partial] ${pyRepr(s.heard.slice(0, Math.floor(s.heard.length / 2)).trim())}`);
      }
      if (s.complete) {
        log.add(at(s.end + 0.3), "DEBUG", rtvi, "[USER STOPPED SPEAKING]");
        log.add(at(s.end + 0.32), "INFO", `${BRIDGE}:_finish_segment:1602`, `[USER] ${s.text}`);
        log.add(at(s.end + 0.45), "DEBUG", rtvi, `[AGENT STT final] ${pyRepr(s.heard ?? s.text)}`);
        lastUserEnd = s.end;
      }
    }
  }
  for (const t of conv.tools) {
    if (t.call.side !== "agent") {
      log.add(at(t.at), "DEBUG", rtvi, `[USER EVENT] type=llm-function-call name=${t.call.name}`);
      continue;
    }
    log.add(at(t.at), "DEBUG", rtvi, `[AGENT EVENT] type=llm-function-call name=${t.call.name}`);
    if (t.call.mutating && !t.call.failed) log.add(at(t.at + 0.4), "DEBUG", rtvi, `[AGENT ACTION] ${t.call.name}`);
    if (t.call.failed) log.add(at(t.at + 0.1), "WARNING", rtvi, `[AGENT SERVER MESSAGE] ${String(t.call.result)}`);
    if (t.call.push !== undefined)
      log.add(at(t.at + 0.5), "INFO", `${BRIDGE}:_handle_server_message:1733`, `[AGENT FINAL RESPONSE] <final_response>${dumps(t.call.push)}</final_response>`);
  }
  const end = conv.endTime;
  if (conv.exitAt !== undefined) {
    log.add(at(conv.exitAt + 0.05), "INFO", `${BRIDGE}:_handle_server_message:1741`, "[AGENT] Exit message received; ending conversation.");
  } else {
    log.add(
      at(def.maxDuration),
      "INFO",
      `${BRIDGE}:run_scenario:1889`,
      `[RUN SCENARIO] Scenario duration of ${def.maxDuration}s reached; stopping conversation.`,
    );
  }
  const pullAt = end - Math.round(rng.float(0.4, 1.0) * SECOND);
  if (x.contextRace) {
    log.add(
      pullAt,
      "WARNING",
      `${BRIDGE}:_request_context_history:2311`,
      "[CONTEXT HISTORY] Agent did not answer get_context_history within 5.0s; saving empty context",
    );
  } else if (conv.agentContext.length) {
    log.add(pullAt, "INFO", `${BRIDGE}:_request_context_history:2318`, `[CONTEXT HISTORY] Received ${conv.agentContext.length} messages from agent`);
  }
  if (x.noSummary) {
    log.add(
      pullAt + 1000,
      "WARNING",
      `${BRIDGE}:_request_scenario_summary:2402`,
      "[SCENARIO SUMMARY] Agent did not answer get_scenario_summary within 10.0s; falling back to pushed final responses",
    );
  } else {
    log.add(
      pullAt + 1000,
      "INFO",
      `${BRIDGE}:_request_scenario_summary:2410`,
      `[SCENARIO SUMMARY] Received scenario summary from agent (db_hash=${x.dbHash ? x.dbHash.slice(0, 12) + "..." : "None"})`,
    );
  }
  if (x.dbHash || x.userDbHash) log.add(end, "INFO", `${BRIDGE}:_save_scenario_db:2446`, "Final scenario DB hash(es) saved");
  log.add(end, "INFO", `${BRIDGE}:run_scenario:1947`, "[RUN SCENARIO] Saved audio and logs");
  return log;
}
