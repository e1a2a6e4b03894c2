/** A file that could not be used, and why. Problems are data: the core never throws on bad input. */
export type ProblemKind =
  | "unreadable" // the file system refused (permissions, a directory where a file should be, …)
  | "empty"
  | "invalid-json"
  | "schema" // parsed, but a field has a type the reader does not expect
  | "inconsistent" // parsed, but disagrees with a sibling file
  | "too-large";

export interface Problem {
  /** Path of the file relative to its scenario (or run) folder, e.g. `judge_result.json`. */
  file: string;
  kind: ProblemKind;
  message: string;
}

export function problem(file: string, kind: ProblemKind, message: string): Problem {
  return { file, kind, message };
}
