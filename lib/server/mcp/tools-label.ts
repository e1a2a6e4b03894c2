/**
 * `label_scenario`: sets a scenario's triage label in the ledger, refused unless the server was
 * started with `--allow-writes`. The body goes through the web API's own schema (`LabelBodySchema`)
 * and scenario lookup, so the same input is refused for the same reason; the ledger is the only
 * thing written.
 */
import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { CAUSES, STATUSES } from "@/lib/shared/ledger";
import { lookupScenario } from "../ledger/facts";
import { issues, LabelBodySchema } from "../ledger/schemas";
import type { McpContext } from "./context";
import { runNamed, scenarioNamed, ToolError } from "./lookup";
import { answer, DATA_NOTE } from "./result";
import { q } from "./text";

export const LabelOut = z.object({
  run: z.string(),
  scenario: z.string(),
  cause: z.string(),
  secondary: z.string().nullable(),
  status: z.string(),
  note: z.string().nullable(),
  ref: z.string().nullable(),
  signalKey: z.string(),
  revision: z.number(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});

export function registerLabelTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "label_scenario",
    {
      title: "Label a scenario in the triage ledger",
      description: `Sets a scenario's triage label (root cause ${CAUSES.join(" | ")}; status ${STATUSES.join(" | ")}, default confirmed; a note; a reference such as a bug link), validated as the web API validates it. Writes only the dashboard's ledger, never the results folder, and only when the server was started with --allow-writes${ctx.allowWrites ? " (it was)" : " (it was not: this tool refuses)"}.`,
      inputSchema: {
        run: z.string().max(4096),
        name: z.string().max(1024),
        root_cause: z.enum(CAUSES),
        secondary_cause: z.enum(CAUSES).optional(),
        status: z.enum(STATUSES).default("confirmed"),
        note: z.string().max(10_000).optional(),
        reference: z.string().max(500).optional(),
      },
      outputSchema: { label: LabelOut, conflict: z.object({ previousBy: z.string(), previousAt: z.string(), previousRevision: z.number() }).nullable() },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ run: id, name, root_cause, secondary_cause, status, note, reference }) => {
      if (!ctx.allowWrites)
        throw new ToolError(
          "label_scenario is refused: this server was started without --allow-writes, so it only reads (start it with --allow-writes to let it write the triage ledger)",
        );
      const run = await runNamed(ctx.store, id);
      scenarioNamed(run, name);
      const body = LabelBodySchema.safeParse({
        run: run.id,
        scenario: name,
        cause: root_cause,
        secondary: secondary_cause ?? null,
        status,
        ref: reference ?? null,
        note: note ?? null,
      });
      if (!body.success) throw new ToolError(`label refused: ${issues(body.error)}`);
      const found = await lookupScenario(ctx.store.index, run.id, name);
      if (!found.ok) throw new ToolError(found.reason);
      const { run: runId, scenario, baseRevision: _base, ...fields } = body.data;
      let ledger;
      try {
        ledger = await ctx.ledger();
      } catch (err) {
        throw new ToolError(`the triage ledger is unavailable: ${(err as Error).message}`);
      }
      const written = await ledger.setLabel({ run: runId, scenario, signalKey: found.facts.signalKey }, fields, { author: ctx.user });
      const l = written.value;
      const label = {
        run: l.run,
        scenario: l.scenario,
        cause: l.cause,
        secondary: l.secondary,
        status: l.status,
        note: l.note,
        ref: l.ref,
        signalKey: l.signalKey,
        revision: l.revision,
        updatedBy: l.updatedBy,
        updatedAt: l.updatedAt,
      };
      const text = [
        `Labelled ${q(scenario, 200)} of ${q(runId)}: ${l.cause}${l.secondary ? ` (also ${l.secondary})` : ""}, ${l.status}, revision ${l.revision}, by ${q(l.updatedBy, 100)}.`,
        DATA_NOTE,
        ...(written.conflict
          ? [
              `Note: ${q(written.conflict.previousBy, 100)} had changed this label since (revision ${written.conflict.previousRevision}); this write is the latest.`,
            ]
          : []),
      ].join("\n");
      return answer({ label, conflict: written.conflict }, text);
    },
  );
}
