/** Last activity of a run (§5.3 step 4): the log, and the in-flight scenario's growing logs. */
import "server-only";
import { inFlightScenario, type LogSession } from "@/lib/core";
import { lstatInside } from "./fs-safe";

export async function lastActivityMs(dir: string, sessions: LogSession[], logMtimeMs: number | null): Promise<number | null> {
  const session = sessions[sessions.length - 1];
  const flight = session ? inFlightScenario(session) : null;
  const times = [logMtimeMs];
  if (flight && isPlainName(flight.name)) {
    for (const file of ["bridge_log.txt", "conversation_log.txt"]) {
      const s = await lstatInside(dir, `${flight.name}/${file}`);
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
