/**
 * The one reader of `conversation_log.txt` (ARTIFACTS.md §1.10): its turns for the scenario page and
 * the timing pass (`parseConversationLog`), and its own clock for the run's activity
 * (`conversationClock`, which reads a tail of the file too). A log without its header is named, its turns still used.
 */
import { problem, type Problem } from "../problems";
import { logTimeMs } from "../run-state";

export interface ConversationTurn {
  role: "user" | "agent";
  /** Seconds since the bridge started routing audio. */
  start: number;
  end: number;
  duration: number;
  text: string;
  interrupted: boolean;
  /** The `→ Response latency` line after an agent turn, in ms (negative = barge-in). */
  responseLatencyMs: number | null;
}

export interface ConversationLog {
  startTime: string | null;
  endTime: string | null;
  stopReason: string | null;
  turns: ConversationTurn[];
}

const ENTRY = /^\[\s*(-?[\d.]+)s\s*-\s*(-?[\d.]+)s\]\s*\((-?[\d.]+)s\)\s*(USER|AGENT):\s?(.*)$/;
const LATENCY = /^\s+\u2192 Response latency: (-?[\d.]+|nan|-?inf)ms\s*$/;
const RULE = /^={80}$/;

export function parseConversationLog(text: string): { value: ConversationLog; problems: Problem[] } {
  const log: ConversationLog = { startTime: null, endTime: null, stopReason: null, turns: [] };
  const problems: Problem[] = [];
  const lines = text.split("\n");
  let inEndBlock = false;
  let sawHeader = false;
  let headerRuleSeen = false;
  let headerless = false;
  for (const line of lines) {
    if (!sawHeader) {
      const start = /^Start Time: (.*)$/.exec(line);
      if (start) {
        log.startTime = (start[1] as string).trim();
        sawHeader = true;
        continue;
      }
      if (!ENTRY.test(line)) continue;
      // A log without its header (named below): its turns are still read.
      headerless = sawHeader = headerRuleSeen = true;
    }
    if (!headerRuleSeen && RULE.test(line)) {
      headerRuleSeen = true;
      continue;
    }
    if (inEndBlock) {
      const end = /^End time: (.*)$/.exec(line);
      if (end) log.endTime = (end[1] as string).trim();
      const stop = /^Stop reason: (.*)$/.exec(line);
      if (stop) log.stopReason = (stop[1] as string).trim();
      continue;
    }
    const entry = ENTRY.exec(line);
    if (entry) {
      const text = entry[5] as string;
      log.turns.push({
        role: entry[4] === "USER" ? "user" : "agent",
        start: Number(entry[1]),
        end: Number(entry[2]),
        duration: Number(entry[3]),
        text,
        interrupted: text.trim() === "[INTERRUPTED]",
        responseLatencyMs: null,
      });
      continue;
    }
    const latency = LATENCY.exec(line);
    const last = log.turns[log.turns.length - 1];
    if (latency && last) {
      last.responseLatencyMs = Number(latency[1]);
      continue;
    }
    if (RULE.test(line)) {
      inEndBlock = true;
      continue;
    }
    // A line that is neither blank nor a known entry continues the previous turn's text (TTS text with newlines).
    if (line.trim() !== "" && last) last.text += "\n" + line;
  }
  if ((headerless || !sawHeader) && text.trim() !== "") problems.push(problem("conversation_log.txt", "schema", "no `Start Time:` header line"));
  return { value: log, problems };
}

/** A conversation log's newest own time: its `End time:`, else its `Start Time:` (§1.5: the header is written first). */
export function conversationClock(text: string): number | null {
  let newest: number | null = null;
  for (const m of text.matchAll(/^(?:Start Time|End time): (\S+)/gm)) {
    const t = logTimeMs(m[1]);
    if (t !== null && (newest === null || t > newest)) newest = t;
  }
  return newest;
}
