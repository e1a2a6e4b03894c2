/**
 * The server lives as long as the command that started it (`bin/`). Killed (even by SIGKILL, which it
 * cannot pass on), the command used to leave its `next start` child behind, holding the port (and,
 * its output closed, once logging an EPIPE in a loop at 100% CPU: see `bin/ignore-closed-output.cjs`).
 * The server looks at its parent now and then: once it is no longer the command, it stops itself
 * gracefully (SIGTERM: what is pending is written, Next closes).
 */
import "server-only";

/** How often the server looks for its command. */
export const LIFELINE_EVERY_MS = 1_000;
/** After the graceful stop was asked for, the process ends anyway after this long. */
const STOP_GRACE_MS = 2_000;

/** Ends this process (as SIGTERM does) once its parent is no longer `commandPid`. */
export function endWithCommand(commandPid: number, everyMs = LIFELINE_EVERY_MS): void {
  const timer = setInterval(() => {
    if (process.ppid === commandPid) return;
    clearInterval(timer);
    setTimeout(() => process.exit(0), STOP_GRACE_MS).unref();
    process.kill(process.pid, "SIGTERM");
  }, everyMs);
  timer.unref();
}

/** The command's pid, as the command passes it (`VOICE_EVAL_COMMAND_PID`); `null` when started otherwise. */
export function commandPidFromEnv(env: NodeJS.ProcessEnv = process.env): number | null {
  const pid = Number(env.VOICE_EVAL_COMMAND_PID);
  return Number.isInteger(pid) && pid > 1 ? pid : null;
}
