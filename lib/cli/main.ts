/** The command line behind `voice-eval-dashboard <subcommand>`: returns the process exit code. */
import { reportCommand } from "./report";
import { summaryCommand } from "./summary";

const USAGE = `usage: voice-eval-dashboard summary <run-folder> [--json] [--min-agent-turns N]\n       voice-eval-dashboard report <run-folder> [--scenario NAME] [--out FILE]`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "summary") return summaryCommand(rest);
  if (command === "report") return reportCommand(rest);
  process.stderr.write(`${command ? `unknown command: ${command}\n` : ""}${USAGE}\n`);
  return 2;
}
