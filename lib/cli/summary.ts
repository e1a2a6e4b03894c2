/** `summary <run-folder>`: the `all_summary.txt` the harness would write, or its aggregates as JSON. */
import { resolve } from "node:path";
import { runSummaryJson, scenarioRow } from "@/lib/core";
import { analyzeFolder } from "@/lib/server/ingest/analyze-folder";
import { NotARunFolderError } from "@/lib/server/ingest/read-run";

interface SummaryArgs {
  folder: string;
  json: boolean;
  minAgentTurns?: number;
}

function parseArgs(args: string[]): SummaryArgs | string {
  let folder: string | undefined;
  let json = false;
  let minAgentTurns: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === "--json") json = true;
    else if (a === "--min-agent-turns" || a.startsWith("--min-agent-turns=")) {
      const value = a.includes("=") ? a.slice(a.indexOf("=") + 1) : args[++i];
      if (value === undefined || !/^\d+$/.test(value)) return "--min-agent-turns needs a non-negative integer";
      minAgentTurns = Number(value);
    } else if (a.startsWith("--")) return `unknown option: ${a}`;
    else if (folder === undefined) folder = a;
    else return `unexpected argument: ${a}`;
  }
  if (folder === undefined) return "missing <run-folder>";
  return { folder, json, minAgentTurns };
}

export async function summaryCommand(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === "string") {
    process.stderr.write(`summary: ${parsed}\n`);
    return 2;
  }
  const dir = resolve(parsed.folder);
  try {
    const { read, analysis } = await analyzeFolder(dir, { minAgentTurnsOverride: parsed.minAgentTurns });
    if (!parsed.json) {
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
