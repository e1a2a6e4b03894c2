/**
 * Export and import of the ledger as JSON lines or CSV (one record per label or override), so labels
 * can be reviewed in a pull request or moved between databases.
 */
import "server-only";
import { z } from "zod";
import { parseCsv, toCsvText } from "@/lib/shared/csv";
import { CAUSES, STATUSES, type Label, type Override, type OverrideTarget } from "@/lib/shared/ledger";
import { OverrideTargetSchema } from "./schemas";
import type { LedgerStore } from "./store";

export type TransferFormat = "jsonl" | "csv";

export const CSV_COLUMNS = [
  "type",
  "run",
  "scenario",
  "signal_key",
  "cause",
  "secondary",
  "status",
  "ref",
  "note",
  "target",
  "reason",
  "revision",
  "updated_by",
  "updated_at",
] as const;

const text = z.string().max(10_000);
const nullable = text.nullish().transform((v) => (v === undefined || v === "" ? null : v));

const LabelRecord = z.object({
  type: z.literal("label"),
  run: text.min(1),
  scenario: text.min(1),
  signal_key: z.string().max(2000).default(""),
  cause: z.enum(CAUSES),
  secondary: z
    .enum(CAUSES)
    .nullish()
    .or(z.literal(""))
    .transform((v) => (v ? v : null)),
  status: z.enum(STATUSES),
  ref: nullable,
  note: nullable,
  updated_by: text.min(1).default("import"),
  updated_at: text.optional(),
});

const OverrideRecord = z.object({
  type: z.literal("override"),
  run: text.min(1),
  scenario: text.min(1),
  target: OverrideTargetSchema,
  reason: text.min(1),
  updated_by: text.min(1).default("import"),
  updated_at: text.optional(),
});

export const TransferRecord = z.discriminatedUnion("type", [LabelRecord, OverrideRecord]);
export type TransferRecord = z.infer<typeof TransferRecord>;

/** One exported record: its type, its row's key, its own fields, then its revision and stamp (in the order of the files). */
function record(type: TransferRecord["type"], row: Label | Override, fields: Record<string, unknown>) {
  return { type, run: row.run, scenario: row.scenario, ...fields, revision: row.revision, updated_by: row.updatedBy, updated_at: row.updatedAt };
}

const labelRecord = (l: Label) =>
  record("label", l, { signal_key: l.signalKey, cause: l.cause, secondary: l.secondary, status: l.status, ref: l.ref, note: l.note });

const overrideRecord = (o: Override) => record("override", o, { target: o.target, reason: o.reason });

export async function exportLedger(ledger: LedgerStore, format: TransferFormat, run?: string): Promise<string> {
  const filter = run === undefined ? {} : { run };
  const records: Record<string, unknown>[] = [
    ...(await ledger.listLabels(filter)).map(labelRecord),
    ...(await ledger.listOverrides(filter)).map(overrideRecord),
  ];
  if (format === "jsonl") return records.map((r) => JSON.stringify(r)).join("\n") + (records.length ? "\n" : "");
  return toCsvText(
    CSV_COLUMNS,
    records.map((r) => CSV_COLUMNS.map((c) => (r[c] ?? null) as string | number | null)),
  );
}

export interface ImportResult {
  labels: number;
  overrides: number;
  unchanged: number;
  errors: string[];
}

/** Parses an export; each bad line is a named error, the good ones are kept. */
export function parseTransfer(input: string, format: TransferFormat): { records: TransferRecord[]; errors: string[] } {
  const records: TransferRecord[] = [];
  const errors: string[] = [];
  const take = (raw: unknown, where: string) => {
    const r = TransferRecord.safeParse(raw);
    if (r.success) records.push(r.data);
    else errors.push(`${where}: ${r.error.issues.map((i) => `${i.path.join(".") || "record"}: ${i.message}`).join("; ")}`);
  };
  if (format === "jsonl") {
    input.split(/\r?\n/).forEach((line, i) => {
      if (line.trim() === "") return;
      try {
        take(JSON.parse(line), `line ${i + 1}`);
      } catch {
        errors.push(`line ${i + 1}: not JSON`);
      }
    });
    return { records, errors };
  }
  let rows: string[][];
  try {
    rows = parseCsv(input);
  } catch (err) {
    return { records, errors: [`CSV: ${(err as Error).message}`] };
  }
  const [header, ...body] = rows;
  if (!header) return { records, errors };
  const missing = ["type", "run", "scenario"].filter((c) => !header.includes(c));
  if (missing.length) return { records, errors: [`CSV header lacks ${missing.join(", ")}`] };
  body.forEach((cells, i) => {
    const raw: Record<string, string> = {};
    header.forEach((h, j) => {
      if (cells[j] !== undefined && cells[j] !== "") raw[h] = cells[j] as string;
    });
    take(raw, `row ${i + 2}`);
  });
  return { records, errors };
}

/**
 * Writes the records (history action `import`); a record equal to what is stored is skipped. The
 * history's author is `importer` (who ran the import); the record's `updated_by` is kept on the row
 * and shown as "imported from".
 */
export async function importLedger(ledger: LedgerStore, records: TransferRecord[], importer: string): Promise<Omit<ImportResult, "errors">> {
  let labels = 0;
  let overrides = 0;
  let unchanged = 0;
  for (const r of records) {
    if (r.type === "label") {
      const cur = await ledger.getLabel(r.run, r.scenario);
      if (
        cur &&
        cur.signalKey === r.signal_key &&
        cur.cause === r.cause &&
        cur.secondary === r.secondary &&
        cur.status === r.status &&
        cur.ref === r.ref &&
        cur.note === r.note
      ) {
        unchanged++;
        continue;
      }
      await ledger.setLabel(
        { run: r.run, scenario: r.scenario, signalKey: r.signal_key },
        { cause: r.cause, secondary: r.secondary, status: r.status, ref: r.ref, note: r.note },
        { author: importer, action: "import", importedFrom: r.updated_by },
      );
      labels++;
    } else {
      const cur = (await ledger.listOverrides({ run: r.run, scenario: r.scenario })).find((o) => o.target === r.target);
      if (cur && cur.reason === r.reason) {
        unchanged++;
        continue;
      }
      await ledger.setOverride(r.run, r.scenario, r.target as OverrideTarget, r.reason, { author: importer, action: "import", importedFrom: r.updated_by });
      overrides++;
    }
  }
  return { labels, overrides, unchanged };
}
