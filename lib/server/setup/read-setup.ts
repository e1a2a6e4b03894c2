/**
 * Reads what a scenario was set up with (`scenario_config/`: the two prompts and the two tool lists)
 * through the safe reader: no link followed, size-limited, every unreadable or malformed file a named
 * problem. The tools files are read by their one reader (`lib/core/evidence/tools-file.ts`).
 */
import "server-only";
import { createHash } from "node:crypto";
import { lstat } from "node:fs/promises";
import { join } from "node:path";
import { readToolsFile, toolNamesOf } from "@/lib/core/evidence/tools-file";
import type { ScenarioSetup } from "@/lib/core/setup/diff";
import { readInside } from "../ingest/fs-safe";
import { mapLimit } from "../ingest/pool";

const PROMPT_BYTES = 2 * 1024 * 1024;
const SETUP_FILES = ["agent_prompt.txt", "user_prompt.txt", "agent_tools.json", "user_tools.json"] as const;

async function text(runDir: string, name: string, file: string, problems: string[]): Promise<string | null> {
  const read = await readInside(runDir, `${name}/scenario_config/${file}`, file, PROMPT_BYTES);
  if (read.text === null && !read.missing) problems.push(`${file}: ${read.problem.message}`);
  return read.text;
}

/** Through the one reader of the tools files; its problems are named here as the setup names them. */
function toolNames(raw: string | null, file: string, problems: string[]): string[] | null {
  if (raw === null) return null;
  const read = readToolsFile(file, raw);
  for (const p of read.problems) problems.push(`${file}: ${p.message}`);
  return toolNamesOf(read);
}

export async function readScenarioSetup(runDir: string, name: string): Promise<ScenarioSetup> {
  const problems: string[] = [];
  const [agentPrompt, userPrompt, agentTools, userTools] = await Promise.all([
    text(runDir, name, "agent_prompt.txt", problems),
    text(runDir, name, "user_prompt.txt", problems),
    text(runDir, name, "agent_tools.json", problems),
    text(runDir, name, "user_tools.json", problems),
  ]);
  return {
    agentPrompt,
    userPrompt,
    agentTools: toolNames(agentTools, "agent_tools.json", problems),
    userTools: toolNames(userTools, "user_tools.json", problems),
    problems,
  };
}

export async function readRunSetup(runDir: string, names: readonly string[]): Promise<Map<string, ScenarioSetup>> {
  const setups = await mapLimit([...names], 16, (n) => readScenarioSetup(runDir, n));
  return new Map(names.map((n, i) => [n, setups[i] as ScenarioSetup]));
}

/**
 * A hash of the scenarios' config files' sizes and mtimes (absent files too): what the setup diff is
 * kept under besides the runs' revisions. `lstat` only: the files are read through `readInside`.
 */
export async function setupSignature(runDir: string, names: readonly string[]): Promise<string> {
  const parts = await mapLimit([...names], 32, async (n) => {
    const stats = await Promise.all(
      SETUP_FILES.map((f) =>
        lstat(join(runDir, n, "scenario_config", f), { bigint: true }).then(
          (s) => `${s.size}@${s.mtimeNs}@${s.ino}`,
          () => "-",
        ),
      ),
    );
    return stats.join(",");
  });
  const hash = createHash("sha256");
  names.forEach((n, i) => hash.update(`${n}\0${parts[i]}\n`));
  return hash.digest("hex");
}
