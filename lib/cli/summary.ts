/** `summary <run-folder>`: the `all_summary.txt` the harness would write, or its aggregates as JSON. */
import { resolve } from "node:path";
import { runSummaryJson, scenarioRow } from "@/lib/core";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { NotARunFolderError } from "@/lib/server/ingest/read-run";
import { parseCommand, usageError } from "./usage";

export async function summaryCommand(args: string[]): Promise<number> {
  const parsed = parseCommand("summary", args);
  if (typeof parsed === "number") return parsed;
  const minAgentTurns = parsed.values["min-agent-turns"];
  if (minAgentTurns !== undefined && !/^\d+$/.test(minAgentTurns)) return usageError("summary", "--min-agent-turns needs a non-negative integer");
  const dir = resolve(parsed.positionals[0]!);
  try {
    const { read, analysis } = await analyzeFolder(dir, { minAgentTurnsOverride: minAgentTurns === undefined ? undefined : Number(minAgentTurns) });
    if (!parsed.values.json) {
      process.stdout.write(analysis.summaryText);
      return 0;
    }
    const problemsByName = new Map(read.scenarios.map((s) => [s.name, s.problems]));
    const json = {
      run: dir,
      ...runSummaryJson(analysis),
      scenarios: analysis.records.map((r) => scenarioRow(r, analysis.plan.minAgentTurns, problemsByName.get(r.name) ?? [])),
      unfinished: read.scenarios.filter((s) => !s.record).map((s) => ({ name: s.name, problems: s.problems })),
      outside_queue: analysis.plan.outsideQueue,
      problems: read.runLevel.problems,
    };
    process.stdout.write(JSON.stringify(json, null, 2) + "\n");
    return 0;
  } catch (error) {
    if (error instanceof NotARunFolderError) {
      process.stderr.write(`summary: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
