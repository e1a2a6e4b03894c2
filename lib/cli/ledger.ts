/**
 * `ledger export|import`: the triage ledger as JSON lines or CSV, to review in a pull request or move
 * between databases (`--database postgres://…`, else the SQLite file in `--state-dir`).
 */
import { isUtf8 } from "node:buffer";
import { readFile, writeFile } from "node:fs/promises";
import { ledgerConfig, LedgerConfigError, triager } from "@/lib/server/ledger/config";
import { openLedger } from "@/lib/server/ledger/open";
import { MissingLedgerError } from "@/lib/server/ledger/sqlite";
import { exportLedger, importLedger, parseTransfer, type TransferFormat } from "@/lib/server/ledger/transfer";
import { parseCommand, usageError } from "./usage";

function formatOf(value: string | undefined, file: string | undefined): TransferFormat | null {
  const f = value ?? (file?.endsWith(".csv") ? "csv" : "jsonl");
  return f === "jsonl" || f === "csv" ? f : null;
}

async function readInput(file: string): Promise<Buffer> {
  if (file !== "-") return readFile(file);
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Lines (1-based) whose bytes are not valid UTF-8: they are read with U+FFFD in place of the bad bytes, and said. */
export function invalidUtf8Lines(bytes: Buffer): number[] {
  const bad: number[] = [];
  let start = 0;
  for (let line = 1; start <= bytes.length; line++) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end === -1 ? bytes.length : end;
    if (!isUtf8(bytes.subarray(start, stop))) bad.push(line);
    if (end === -1) break;
    start = end + 1;
  }
  return bad;
}

export async function ledgerCommand(argv: string[]): Promise<number> {
  const parsed = parseCommand("ledger", argv);
  if (typeof parsed === "number") return parsed;
  const { values } = parsed;
  const [action, ...positionals] = parsed.positionals;
  if (action !== "export" && action !== "import") return usageError("ledger", `unknown ledger command: ${action}`);
  const file = action === "import" ? positionals[0] : values.out;
  if (action === "import" && file === undefined) return usageError("ledger", "ledger import needs one file (or - for stdin)");
  const format = formatOf(values.format, file);
  if (!format) return usageError("ledger", "--format must be jsonl or csv");
  let ledger;
  try {
    ledger = await openLedger(ledgerConfig({ database: values.database, stateDir: values["state-dir"] }), { create: action === "import" });
  } catch (err) {
    const named = err instanceof LedgerConfigError || err instanceof MissingLedgerError;
    process.stderr.write(`voice-eval-dashboard: ${named ? "" : "cannot open the ledger: "}${(err as Error).message}\n`);
    return named ? 2 : 1;
  }
  try {
    if (action === "export") {
      const text = await exportLedger(ledger, format, values.run);
      if (file) await writeFile(file, text);
      else process.stdout.write(text);
      return 0;
    }
    let bytes: Buffer;
    try {
      bytes = await readInput(file as string);
    } catch (err) {
      process.stderr.write(`voice-eval-dashboard: cannot read ${file}: ${(err as Error).message}\n`);
      return 1;
    }
    const badUtf8 = invalidUtf8Lines(bytes);
    if (badUtf8.length)
      process.stderr.write(
        `voice-eval-dashboard: ${badUtf8.length} line(s) with invalid UTF-8 (read with U+FFFD for the bad bytes): line ${badUtf8.slice(0, 10).join(", ")}${badUtf8.length > 10 ? ", …" : ""}\n`,
      );
    const { records, errors } = parseTransfer(bytes.toString("utf8"), format);
    for (const e of errors) process.stderr.write(`voice-eval-dashboard: skipped ${e}\n`);
    // The history names who ran the import; each record's own author is kept as "imported from".
    const result = await importLedger(ledger, records, triager());
    process.stdout.write(
      `imported ${result.labels} label(s) and ${result.overrides} override(s); ${result.unchanged} unchanged; ${errors.length} error(s); ${badUtf8.length} line(s) with invalid UTF-8\n`,
    );
    return errors.length > 0 ? 1 : 0;
  } finally {
    await ledger.close();
  }
}
