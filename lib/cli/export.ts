/** `export <run-folder> [--compare <run-folder>] [--filter <query>] --out <dir> [--audio]`: a static, server-less copy of a run's pages. */
import { ExportError, writeExport } from "@/lib/server/export/write-export";
import { LinkRefusedError } from "@/lib/server/write-guard";
import { parseCommand, usageError } from "./usage";

export async function exportCommand(args: string[]): Promise<number> {
  const cli = parseCommand("export", args);
  if (typeof cli === "number") return cli;
  const { compare, filter, out } = cli.values;
  for (const [flag, v] of [
    ["--out", out],
    ["--compare", compare],
  ] as const)
    if (v === "") return usageError("export", `${flag} needs a value`);
  const parsed = { run: cli.positionals[0]!, compare, filter: filter?.replace(/^\?/, ""), out: out!, audio: cli.values.audio === true };
  try {
    const r = await writeExport({ runDir: parsed.run, compareDir: parsed.compare, filter: parsed.filter, outDir: parsed.out, audio: parsed.audio });
    const audio = r.audioIncluded
      ? `, ${r.audioIncluded} recording(s)`
      : r.audioLeftOut
        ? `; audio left out (${r.audioLeftOut} recording(s); add --audio to include them)`
        : "";
    process.stdout.write(
      `export: ${r.scenarios} of ${r.total} scenarios, ${r.files} files, ${(r.bytes / 1024).toFixed(0)} KB${audio}\nexport: open ${r.outDir}/index.html in a browser\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ExportError || error instanceof LinkRefusedError) {
      process.stderr.write(`export: ${error.message}\n`);
      return 2;
    }
    // A folder that cannot be written (a file or link in the way, no permission, a full disk): one line, not a stack trace.
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string" && typeof (error as NodeJS.ErrnoException).syscall === "string") {
      process.stderr.write(`export: cannot write ${parsed.out}: ${code} (${(error as Error).message})\n`);
      return 2;
    }
    throw error;
  }
}
