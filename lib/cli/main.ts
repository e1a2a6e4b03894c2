/** The command line behind `voice-eval-dashboard <subcommand>`: returns the process exit code. */
import { summaryCommand } from "./summary";

const USAGE = `usage: voice-eval-dashboard summary <run-folder> [--json] [--min-agent-turns N]
       voice-eval-dashboard ledger export|import [--format jsonl|csv] [--database <url>] [--state-dir <dir>]`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "summary") return summaryCommand(rest);
  // Loaded on demand: the database drivers stay out of `summary`'s start-up.
  if (command === "ledger") return (await import("./ledger")).ledgerCommand(rest);
  process.stderr.write(`${command ? `unknown command: ${command}\n` : ""}${USAGE}\n`);
  return 2;
}
