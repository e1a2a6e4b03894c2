/** The command line behind `voice-eval-dashboard <subcommand>`: returns the process exit code. */
import { checkCommand } from "./check";
import { exportCommand } from "./export";
import { reportCommand } from "./report";
import { withS3Sources } from "./source";
import { summaryCommand } from "./summary";
import { shortUsage } from "./usage";

export { openServeSource } from "./serve-source";

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
  process.stderr.write(`${command ? `unknown command: ${command}\n` : ""}${shortUsage()}`);
  return 2;
}
