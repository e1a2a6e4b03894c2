/**
 * Last activity of a run (§5.3 step 4): the log, and the in-flight scenario's growing logs, by their
 * file times and by the times written on their lines (`activityOf`: a copied run keeps its old words).
 */
import "server-only";
import { join } from "node:path";
import { activityOf, logTimeMs } from "@/lib/core/run-state";
import { lstatInside } from "./fs-safe";
import { readTextTailSync } from "./fs-sync";
import type { RunLevel } from "./read-run-level";

/** Enough of a bridge log's end for its last full record line. */
const BRIDGE_TAIL_BYTES = 8 * 1024;

export async function lastActivityMs(dir: string, level: Pick<RunLevel, "inFlight" | "logMtimeMs" | "sessions">): Promise<number | null> {
  const flight = level.inFlight;
  const times = [level.logMtimeMs];
  const sessions = level.sessions;
  const clocks = [logTimeMs(sessions[sessions.length - 1]?.lastTime)];
  if (flight !== null && isPlainName(flight)) {
    for (const file of ["bridge_log.txt", "conversation_log.txt"]) {
      const s = await lstatInside(dir, `${flight}/${file}`);
      times.push(s.kind === "file" && s.info ? s.info.mtimeMs : null);
      if (file === "bridge_log.txt" && s.kind === "file") clocks.push(lastLineTime(join(dir, flight, file)));
    }
  }
  const known = times.filter((t): t is number => t !== null);
  const said = clocks.filter((t): t is number => t !== null);
  return activityOf(known.length ? Math.max(...known) : null, said.length ? Math.max(...said) : null);
}

/** The time on the last line of a log that starts its lines with one (loguru's format, §1.13). */
function lastLineTime(path: string): number | null {
  const read = readTextTailSync(path, "bridge_log.txt", BRIDGE_TAIL_BYTES);
  if (read.text === null) return null;
  const lines = read.text.split("\n");
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
