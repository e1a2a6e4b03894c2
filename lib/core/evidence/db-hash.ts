/** The one reader of `final_scenario_db_hash.txt` (ARTIFACTS.md §1.9): up to two `key: value` lines; a line of another shape is named, the others used. */
import { problem, type Problem } from "../problems";
import type { Read } from "./json-artifact";

export interface DbHashes {
  db_hash: string | null;
  user_db_hash: string | null;
}

export function readDbHashFile(text: string): Read<DbHashes> {
  const out: DbHashes = { db_hash: null, user_db_hash: null };
  const problems: Problem[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const m = /^(db_hash|user_db_hash):\s*(\S*)\s*$/.exec(line);
    if (m) out[m[1] as keyof DbHashes] = m[2] || null;
    else problems.push(problem("final_scenario_db_hash.txt", "schema", `unexpected line: ${line.slice(0, 80)}`));
  }
  return { value: out, problems };
}
