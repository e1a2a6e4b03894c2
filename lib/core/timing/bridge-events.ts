/**
 * The timing events of `bridge_log.txt` (ARTIFACTS.md §1.13): side-tagged TTFB and token lines,
 * speaking start/stop lines (for aligning wall clock with transcript time) and the routing start.
 * Older logs carry metrics only in untagged frame dumps (`'ttfb': [...]`, `'tokens': [...]`): those
 * are read only when the log has no tagged metrics line at all.
 */
import { stampMs } from "./clock";

export type Side = "agent" | "user";

export type BridgeEvent =
  | { kind: "ttfb"; t: number | null; side: Side | null; processor: string; value: number }
  | { kind: "tokens"; t: number | null; side: Side | null; prompt: number | null; completion: number | null }
  | { kind: "speak"; t: number; side: Side; edge: "start" | "stop" };

export interface BridgeEvents {
  events: BridgeEvent[];
  /** Where the metrics came from: side-tagged lines, untagged dumps (old logs), or nothing. */
  source: "tagged" | "legacy" | "none";
  /** Wall time (ms) of the `[RUN SCENARIO] Running scenario` line, when present. */
  routingStartMs: number | null;
}

const TTFB = /^\[(AGENT|USER) METRICS\] ttfb processor=(\S+) value=(-?[\d.]+(?:[eE][-+]?\d+)?|None)s?\s*$/;
const TOKENS = /^\[(AGENT|USER) METRICS\] tokens prompt=(\d+|None) completion=(\d+|None)\s*$/;
const SPEAK: Record<string, [Side, "start" | "stop"]> = {
  "[AGENT STARTED SPEAKING]": ["agent", "start"],
  "[AGENT STOPPED SPEAKING]": ["agent", "stop"],
  "[USER STOPPED SPEAKING]": ["user", "stop"],
  "[TIMING] User started speaking": ["user", "start"],
};

const side = (tag: string): Side => (tag === "AGENT" ? "agent" : "user");
const count = (v: string): number | null => (v === "None" ? null : Number(v));

/** One loguru record: its stamp and message; continuation lines (dumps, tracebacks) are appended to the message. */
interface LogRecord {
  t: number | null;
  message: string;
}

function* records(text: string): Generator<LogRecord> {
  let current: LogRecord | null = null;
  let pos = 0;
  while (pos < text.length) {
    let nl = text.indexOf("\n", pos);
    if (nl < 0) nl = text.length;
    const line = text.slice(pos, nl).replace(/\r$/, "");
    pos = nl + 1;
    const bar = line.indexOf(" | ");
    const dash = bar > 0 ? line.indexOf(" - ", bar) : -1;
    const t = bar > 0 && dash > 0 ? stampMs(line) : null;
    if (t !== null) {
      if (current) yield current;
      current = { t, message: line.slice(dash + 3) };
    } else if (current) current.message += "\n" + line;
    else if (line.trim()) current = { t: null, message: line };
  }
  if (current) yield current;
}

function legacyEvents(r: LogRecord, out: BridgeEvent[]): void {
  const m = r.message;
  const ttfb = /'ttfb':\s*\[([^\]]*)\]/.exec(m);
  if (ttfb) {
    for (const obj of (ttfb[1] as string).match(/\{[^{}]*\}/g) ?? []) {
      const processor = /'processor':\s*'([^']*)'/.exec(obj)?.[1];
      const value = /'value':\s*(-?[\d.]+(?:[eE][-+]?\d+)?)/.exec(obj)?.[1];
      if (processor !== undefined && value !== undefined) out.push({ kind: "ttfb", t: r.t, side: null, processor, value: Number(value) });
    }
  }
  const tokens = /'tokens':\s*\[([^\]]*)\]/.exec(m);
  if (tokens) {
    for (const obj of (tokens[1] as string).match(/\{[^{}]*\}/g) ?? []) {
      const prompt = /'prompt_tokens':\s*(\d+|None)/.exec(obj)?.[1];
      const completion = /'completion_tokens':\s*(\d+|None)/.exec(obj)?.[1];
      if (prompt !== undefined || completion !== undefined)
        out.push({ kind: "tokens", t: r.t, side: null, prompt: count(prompt ?? "None"), completion: count(completion ?? "None") });
    }
  }
}

export function parseBridgeEvents(text: string): BridgeEvents {
  const tagged: BridgeEvent[] = [];
  const legacy: BridgeEvent[] = [];
  const speaking: BridgeEvent[] = [];
  let routingStartMs: number | null = null;
  for (const r of records(text)) {
    const m = r.message;
    if (m.startsWith("[AGENT METRICS] ") || m.startsWith("[USER METRICS] ")) {
      const first = m.split("\n", 1)[0] as string;
      const tt = TTFB.exec(first);
      if (tt) {
        // A value printed as `None` is no measurement.
        if (tt[3] !== "None") tagged.push({ kind: "ttfb", t: r.t, side: side(tt[1] as string), processor: tt[2] as string, value: Number(tt[3]) });
        continue;
      }
      const tk = TOKENS.exec(first);
      if (tk) tagged.push({ kind: "tokens", t: r.t, side: side(tk[1] as string), prompt: count(tk[2] as string), completion: count(tk[3] as string) });
      continue;
    }
    const speak = SPEAK[m.trim()];
    if (speak && r.t !== null) {
      speaking.push({ kind: "speak", t: r.t, side: speak[0], edge: speak[1] });
      continue;
    }
    if (routingStartMs === null && r.t !== null && m.startsWith("[RUN SCENARIO] Running scenario")) {
      routingStartMs = r.t;
      continue;
    }
    if (m.includes("'ttfb'") || m.includes("'tokens'")) legacyEvents(r, legacy);
  }
  const hasTagged = tagged.length > 0;
  const metrics = hasTagged ? tagged : legacy;
  return { events: [...metrics, ...speaking], source: hasTagged ? "tagged" : legacy.length ? "legacy" : "none", routingStartMs };
}
