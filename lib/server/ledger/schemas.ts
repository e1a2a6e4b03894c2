/** The ledger API's request bodies and queries, validated with zod. */
import "server-only";
import { z } from "zod";
import { CAUSES, STATUSES, type OverrideTarget } from "@/lib/shared/ledger";

const name = z.string().min(1).max(1024);
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((s) => (s === undefined || s === null || s.trim() === "" ? null : s.trim()));

export const LabelBodySchema = z
  .object({
    run: name,
    scenario: name,
    cause: z.enum(CAUSES),
    secondary: z
      .enum(CAUSES)
      .nullish()
      .transform((v) => v ?? null),
    status: z.enum(STATUSES),
    ref: optionalText(500),
    note: optionalText(10_000),
    /** The label revision the client based its edit on (0: it saw none). */
    baseRevision: z.number().int().min(0).optional(),
  })
  .strict()
  .refine((b) => b.secondary === null || b.secondary !== b.cause, { message: "secondary must differ from cause", path: ["secondary"] });

export const OverrideTargetSchema = z
  .union([z.literal("overall"), z.string().regex(/^nl:\d{1,4}$/, "expected overall or nl:<index>")])
  .transform((t) => t as OverrideTarget);

export const OverrideBodySchema = z
  .object({
    run: name,
    scenario: name,
    target: OverrideTargetSchema,
    reason: z.string().trim().min(1, "a reason is required").max(10_000),
    baseRevision: z.number().int().min(0).optional(),
  })
  .strict();

export const DeleteLabelSchema = z.object({ run: name, scenario: name }).strict();
export const DeleteOverrideSchema = z.object({ run: name, scenario: name, target: OverrideTargetSchema }).strict();

export const ExportQuerySchema = z.object({
  run: name.optional(),
  format: z.enum(["jsonl", "csv"]).default("jsonl"),
});

export function issues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ");
}
