/**
 * A scenario's `judge_result.json` read from disk by the one reader (`lib/core/evidence/judge.ts`)
 * and kept under the file's signature: the scenario page, the run's themes and judge sections,
 * compare, the reports, `check` and `--notify` read a file once until it changes.
 */
import "server-only";
import { readJudge, type JudgeRead } from "@/lib/core/evidence/judge";
import { keptFileReader } from "./kept-file";

/** `null`: the scenario has no judge file. An unreadable file is a read with its problem and no fields. */
export const readJudgeFile = keptFileReader<JudgeRead>({
  cache: "judge-files",
  file: "judge_result.json",
  maxBytes: 32 * 1024 * 1024,
  read: (text) => readJudge(text),
  unreadable: (problem) => ({ stored: undefined, fields: null, problems: [problem] }),
});

/** The judge's reason of a scenario (`null`: no file, or no reason in it), for the reports, `check` and `--notify`. */
export async function judgeReasonOf(runDir: string, scenario: string): Promise<string | null> {
  return (await readJudgeFile(runDir, scenario))?.fields?.reason ?? null;
}
