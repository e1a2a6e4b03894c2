/** A file that could not be used, and why. Problems are data: the core never throws on bad input. */
import { z } from "zod";

export const PROBLEM_KINDS = [
  "unreadable", // the file system refused (permissions, a directory where a file should be, …)
  "empty",
  "invalid-json",
  "schema", // parsed, but a field has a type the reader does not expect
  "inconsistent", // parsed, but disagrees with a sibling file
  "too-large",
  "unsafe", // a key that could reach an object's prototype, dropped, or a symbolic link, not followed
] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];

/** The contract of a problem on every surface (API, MCP). */
export const ProblemSchema = z.object({
  /** Path of the file relative to its scenario (or run) folder, e.g. `judge_result.json`. */
  file: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  message: z.string(),
});
export type Problem = z.infer<typeof ProblemSchema>;

export function problem(file: string, kind: ProblemKind, message: string): Problem {
  return { file, kind, message };
}

/** The problem for keys `parseJson` dropped, if any. */
export function droppedKeysProblem(file: string, dropped: readonly string[]): Problem[] {
  if (dropped.length === 0) return [];
  const keys = [...new Set(dropped)].map((k) => `"${k}"`).join(", ");
  return [problem(file, "unsafe", `ignored ${dropped.length} ${keys} key${dropped.length === 1 ? "" : "s"}: such keys could change how every object behaves`)];
}
