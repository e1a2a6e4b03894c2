/** conversation_log.txt and conversation_log.seglst.json (ARTIFACTS.md §1.10–1.11). */
import { fixed } from "@/lib/core/py";
import type { Segment } from "../conversation";
import { dumps, f } from "../pyjson";
import { isoformat, type Micros } from "../time";

const RULE = "=".repeat(80);

export function convLogHeader(start: Micros): string {
  return `RTVI Evaluation Bridge - Conversation Log\n${RULE}\nStart Time: ${isoformat(start)}\n${RULE}\n\n`;
}

export function convLogBody(segments: readonly Segment[], end: Micros, stop: string): string {
  if (segments.length === 0) return "";
  const lines: string[] = [];
  let lastUserEnd: number | undefined;
  for (const s of segments) {
    const start = fixed(s.start, 3).padStart(7, " ");
    const endT = fixed(s.end, 3).padStart(7, " ");
    lines.push(`[${start}s - ${endT}s] (${fixed(s.end - s.start, 3)}s) ${s.role.toUpperCase()}: ${s.text}`);
    if (s.role === "agent" && lastUserEnd !== undefined) lines.push(`  \u2192 Response latency: ${fixed((s.start - lastUserEnd) * 1000, 1)}ms`);
    if (s.role === "user") lastUserEnd = s.end;
  }
  return `${lines.join("\n")}\n\n\n${RULE}\nEnd time: ${isoformat(end)}\nStop reason: ${stop}\n${RULE}\n`;
}

export function seglstJson(name: string, segments: readonly Segment[]): string {
  return dumps(
    segments.map((s) => ({ session_id: name, words: s.text, speaker: s.role, start_time: f(s.start), end_time: f(s.end) })),
    2,
  );
}
