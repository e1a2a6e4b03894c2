/** The command line behind `voice-eval-dashboard <subcommand>`: returns the process exit code. */
import { checkCommand } from "./check";
import { exportCommand } from "./export";
import { reportCommand } from "./report";
import { withS3Sources } from "./source";
import { summaryCommand } from "./summary";

export { openServeSource } from "./serve-source";

const USAGE = `usage: voice-eval-dashboard summary <run-folder> [--json] [--min-agent-turns N]
       voice-eval-dashboard check <run-folder> --baseline <run-folder> [--max-regressed N] [--min-success-rate X] [--alpha 0.05] [--stable-runs 3] [--history <results-folder>] [--without-retries] [--json]
       voice-eval-dashboard export <run-folder> [--compare <run-folder>] [--filter <query>] --out <dir> [--audio]
       voice-eval-dashboard ledger export|import [--format jsonl|csv] [--database <url>] [--state-dir <dir>]
       voice-eval-dashboard report <run-folder> [--scenario NAME] [--out FILE]
       voice-eval-dashboard mcp [results-folder] [--state-dir <dir> | --database <url>] [--allow-writes]
A folder may be s3://bucket/prefix (read-only; credentials and endpoint from the AWS_* environment).`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // `s3://bucket/prefix` wherever a folder is accepted (lib/cli/source.ts).
  if (command === "summary") return withS3Sources(command, rest, summaryCommand);
  if (command === "check") return withS3Sources(command, rest, checkCommand);
  if (command === "export") return withS3Sources(command, rest, exportCommand, { recordings: rest.includes("--audio") });
  // Loaded on demand: the database drivers stay out of `summary`'s start-up.
  if (command === "ledger") return (await import("./ledger")).ledgerCommand(rest);
  if (command === "report") return withS3Sources(command, rest, reportCommand, { recordings: true });
  // Loaded on demand: the MCP SDK stays out of the other commands' start-up.
  if (command === "mcp") {
    const { mcpCommand } = await import("./mcp");
    return withS3Sources(command, rest, (args) => mcpCommand(args, process.env.VOICE_EVAL_EXAMPLE_DIR ?? "examples/results"), { follow: true });
  }
  process.stderr.write(`${command ? `unknown command: ${command}\n` : ""}${USAGE}\n`);
  return 2;
}
