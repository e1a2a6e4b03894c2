/**
 * Last activity of a run (§5.3 step 4): the log, and the in-flight scenario's growing logs, by their
 * file times and by the times written on their lines (`activityOf`: a copied run keeps its old words).
 */
import "server-only";
import { join } from "node:path";
import { conversationClock } from "@/lib/core/evidence/conversation-log";
import { activityOf, logTimeMs } from "@/lib/core/run-state";
import { lstatInside } from "./fs-safe";
import { readTextTailSync } from "./fs-sync";
import type { RunLevel } from "./read-run-level";

/** Enough of a log's end for its last full record line (or a conversation log's end block). */
const TAIL_BYTES = 8 * 1024;

/**
 * Each file's activity is its modification time, unless the file's own words say it was last written
 * earlier (`activityOf`): the evaluation log's last line, the bridge log's last record, the conversation
 * log's `Start Time:` / `End time:`. The run's activity is the newest of them.
 */
export async function lastActivityMs(dir: string, level: Pick<RunLevel, "inFlight" | "logMtimeMs" | "sessions">): Promise<number | null> {
  const flight = level.inFlight;
  const sessions = level.sessions;
  const times = [activityOf(level.logMtimeMs, level.logMtimeMs === null ? null : logTimeMs(sessions[sessions.length - 1]?.lastTime))];
  if (flight !== null && isPlainName(flight)) {
    for (const file of ["bridge_log.txt", "conversation_log.txt"] as const) {
      const s = await lstatInside(dir, `${flight}/${file}`);
      if (s.kind !== "file" || !s.info) continue;
      const text = readTextTailSync(join(/* turbopackIgnore: true */ dir, flight, file), file, TAIL_BYTES).text;
      times.push(activityOf(s.info.mtimeMs, text === null ? null : file === "bridge_log.txt" ? lastLineTime(text) : conversationClock(text)));
    }
  }
  const known = times.filter((t): t is number => t !== null);
  return known.length ? Math.max(...known) : null;
}

/** The time on the last line that starts with one (loguru's format, §1.13). */
function lastLineTime(text: string): number | null {
  const lines = text.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const t = logTimeMs(lines[i]);
    if (t !== null) return t;
  }
  return null;
}

/** A name from a log line is only joined onto a path when it cannot leave the run folder. */
function isPlainName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !/[\\/\0]/.test(name);
}
