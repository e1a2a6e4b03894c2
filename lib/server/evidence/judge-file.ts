/**
 * A scenario's `judge_result.json` read from disk by the one reader (`lib/core/evidence/judge.ts`),
 * without following links, and kept under the file's signature (size and mtime): the run's themes,
 * compare, the reports, `check` and `--notify` read a file once until it changes.
 */
import "server-only";
import { readJudge, type JudgeRead } from "@/lib/core/evidence/judge";
import { lstatInside, readInside } from "../ingest/fs-safe";
import { processCaches } from "../process-caches";

const FILE = "judge_result.json";

const kept = () =>
  processCaches().lru<{ signature: string; read: JudgeRead; bytes: number }>("judge-files", {
    maxBytes: 32 * 1024 * 1024,
    sizeOf: (v) => v.bytes,
  });

/** A name from the index is joined onto a path only when it cannot leave the run folder. */
const plain = (name: string) => name !== "" && name !== "." && name !== ".." && !/[\\/\0]/.test(name);

/** `null`: the scenario has no judge file. An unreadable file is a read with its problem and no fields. */
export async function readJudgeFile(runDir: string, scenario: string): Promise<JudgeRead | null> {
  if (!plain(scenario)) return null;
  const rel = `${scenario}/${FILE}`;
  const key = `${runDir}\0${scenario}`;
  const entry = await lstatInside(runDir, rel);
  if (entry.kind === "missing") return null;
  const signature = entry.info ? `${entry.info.size}@${entry.info.mtimeMs}` : null;
  const hit = kept().get(key);
  if (hit && signature !== null && hit.signature === signature) return hit.read;
  const r = await readInside(runDir, rel, FILE);
  if (r.text === null) return r.missing ? null : { stored: undefined, fields: null, problems: [r.problem] };
  const read = readJudge(r.text);
  kept().set(key, { signature: `${r.size}@${r.mtimeMs}`, read, bytes: r.text.length * 2 + 256 });
  return read;
}

/** The judge's reason of a scenario (`null`: no file, or no reason in it), for the reports, `check` and `--notify`. */
export async function judgeReasonOf(runDir: string, scenario: string): Promise<string | null> {
  return (await readJudgeFile(runDir, scenario))?.fields?.reason ?? null;
}
