/** The command line behind `voice-eval-dashboard <subcommand>`: returns the process exit code. */
import { summaryCommand } from "./summary";

const USAGE = `usage: voice-eval-dashboard summary <run-folder> [--json] [--min-agent-turns N]`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "summary") return summaryCommand(rest);
  process.stderr.write(`${command ? `unknown command: ${command}\n` : ""}${USAGE}\n`);
  return 2;
}
