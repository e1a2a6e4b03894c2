/** The command line behind `voice-eval-dashboard <subcommand>`: returns the process exit code. */
import { checkCommand } from "./check";
import { summaryCommand } from "./summary";

const USAGE = `usage: voice-eval-dashboard summary <run-folder> [--json] [--min-agent-turns N]
       voice-eval-dashboard check <run-folder> --baseline <run-folder> [--max-regressed N] [--min-success-rate X] [--alpha 0.05] [--json]`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "summary") return summaryCommand(rest);
  if (command === "check") return checkCommand(rest);
  process.stderr.write(`${command ? `unknown command: ${command}\n` : ""}${USAGE}\n`);
  return 2;
}
