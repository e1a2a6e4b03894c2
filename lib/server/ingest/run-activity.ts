/** Last activity of a run (§5.3 step 4): the log, and the in-flight scenario's growing logs. */
import "server-only";
import { lstatInside } from "./fs-safe";
import type { RunLevel } from "./read-run-level";

export async function lastActivityMs(dir: string, level: Pick<RunLevel, "inFlight" | "logMtimeMs">): Promise<number | null> {
  const flight = level.inFlight;
  const times = [level.logMtimeMs];
  if (flight !== null && isPlainName(flight)) {
    for (const file of ["bridge_log.txt", "conversation_log.txt"]) {
      const s = await lstatInside(dir, `${flight}/${file}`);
      times.push(s.kind === "file" && s.info ? s.info.mtimeMs : null);
    }
  }
  const known = times.filter((t): t is number => t !== null);
  return known.length ? Math.max(...known) : null;
}

/** A name from a log line is only joined onto a path when it cannot leave the run folder. */
function isPlainName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && !/[\\/\0]/.test(name);
}
