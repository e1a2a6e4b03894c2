/**
 * Which richer sources a transcript lacks, in one line (issue 43): metrics.json always has the
 * turns; the others add detail when present, and their absence changes what is shown, never
 * whether the turns are.
 */

const RICHER: ReadonlyArray<{ files: readonly string[]; name: string; adds: string }> = [
  { files: ["conversation_log.txt", "conversation_log.seglst.json"], name: "conversation_log.txt / .seglst.json", adds: "per-segment times" },
  { files: ["bridge_log.txt"], name: "bridge_log.txt", adds: "stage timing" },
  { files: ["bot_logs_agent/llm_context.json"], name: "agent LLM context", adds: "tool calls" },
  { files: ["bot_logs_user/llm_context.json"], name: "user LLM context", adds: "heard vs meant" },
  { files: ["conversation_log.wav"], name: "conversation_log.wav", adds: "the recording" },
];

/** The richer sources absent (none of a group's files present), each with what it would add. */
export function absentSources(present: (path: string) => boolean): Array<{ name: string; adds: string }> {
  return RICHER.filter((r) => !r.files.some(present)).map(({ name, adds }) => ({ name, adds }));
}

/** "Turns from metrics.json; absent: bridge_log.txt (stage timing), …" ("Absent: …" without `from`) — `null` when nothing is absent. */
export function absentSourcesLine(present: (path: string) => boolean, from: string | null): string | null {
  const absent = absentSources(present);
  if (absent.length === 0) return null;
  const list = absent.map((a) => `${a.name} (${a.adds})`).join(", ");
  return from ? `Turns from ${from}; absent: ${list}.` : `Absent: ${list}.`;
}
