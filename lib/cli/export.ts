/** `export <run-folder> [--compare <run-folder>] [--filter <query>] --out <dir> [--audio]`: a static, server-less copy of a run's pages. */
import { ExportError, writeExport } from "@/lib/server/export/write-export";
import { LinkRefusedError } from "@/lib/server/write-guard";

const USAGE = "usage: voice-eval-dashboard export <run-folder> [--compare <run-folder>] [--filter <query>] --out <dir> [--audio]";

interface ExportArgs {
  run: string;
  compare?: string;
  filter?: string;
  out: string;
  audio: boolean;
}

export function parseExportArgs(args: string[]): ExportArgs | string {
  let run: string | undefined;
  let compare: string | undefined;
  let filter: string | undefined;
  let out: string | undefined;
  let audio = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const eq = a.indexOf("=");
    const flag = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    const value = () => (a.startsWith("--") && eq > 0 ? a.slice(eq + 1) : args[++i]);
    if (flag === "--audio") audio = true;
    else if (flag === "--compare" || flag === "--filter" || flag === "--out") {
      const v = value();
      if (v === undefined || (v === "" && flag !== "--filter")) return `${flag} needs a value`;
      if (flag === "--compare") compare = v;
      else if (flag === "--filter") filter = v.replace(/^\?/, "");
      else out = v;
    } else if (a.startsWith("--")) return `unknown option: ${a}`;
    else if (run === undefined) run = a;
    else return `unexpected argument: ${a}`;
  }
  if (run === undefined) return "missing <run-folder>";
  if (out === undefined) return "missing --out <dir>";
  return { run, compare, filter, out, audio };
}

export async function exportCommand(args: string[]): Promise<number> {
  const parsed = parseExportArgs(args);
  if (typeof parsed === "string") {
    process.stderr.write(`export: ${parsed}\n${USAGE}\n`);
    return 2;
  }
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
