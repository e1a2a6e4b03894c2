/**
 * Every page and API URL of the dashboard, built and parsed here. Run ids contain `/`; in a URL they
 * are one `encodeURIComponent`-ed segment (several plain segments are accepted too). Nothing parsed
 * here is ever joined onto a file path: ids and names are only looked up in the index.
 */

/** Segments longer than this are refused; run ids (up to 8 folder names) fit well inside. */
export const MAX_SEGMENT_LENGTH = 4096;
/** How many folder names a run id may have (the scan's depth limit). */
export const MAX_RUN_ID_PARTS = 8;

const q = (query?: string) => (query ? `?${query}` : "");
const enc = encodeURIComponent;

// ---- pages ------------------------------------------------------------------------------------

/** The href of a run page; the id is one encoded segment even when it contains `/`. */
export const runHref = (id: string, query?: string) => `/runs/${enc(id)}${q(query)}`;
/** The href of a scenario page; `query` is the run page's view, which previous/next then walk. */
export const scenarioHref = (runId: string, name: string, query?: string) => `/runs/${enc(runId)}/scenarios/${enc(name)}${q(query)}`;
export const compareHref = (base: string, runs: readonly string[], extra: Record<string, string | null | undefined> = {}) => {
  const parts = [`base=${enc(base)}`, `runs=${runs.map(enc).join(",")}`];
  for (const [k, v] of Object.entries(extra)) if (v) parts.push(`${k}=${enc(v)}`);
  return `/compare?${parts.join("&")}`;
};
export const compareScenarioHref = (base: string, run: string, name: string) => `/compare/scenario?base=${enc(base)}&run=${enc(run)}&name=${enc(name)}`;

// ---- API --------------------------------------------------------------------------------------

export const apiRunPath = (id: string) => `/api/runs/${enc(id)}`;
export const apiScenarioPath = (runId: string, name: string) => `${apiRunPath(runId)}/scenarios/${enc(name)}`;
export const apiScenariosHref = (runId: string, query: string) => `${apiRunPath(runId)}/scenarios?${query}`;
export const apiAudioHref = (runId: string, name: string) => `${apiScenarioPath(runId, name)}/audio`;
export const apiAudioAnalysisHref = (runId: string, name: string) => `${apiScenarioPath(runId, name)}/audio-analysis`;
export const apiFileHref = (runId: string, name: string, file: string) => `${apiScenarioPath(runId, name)}/files/${file.split("/").map(enc).join("/")}`;
/** A file an automatically retried scenario's discarded attempt `attempt` (1-based) kept in its own folder. */
export const apiAttemptFileHref = (runId: string, name: string, attempt: number, file: string) =>
  `${apiScenarioPath(runId, name)}/attempts/${attempt}/files/${file.split("/").map(enc).join("/")}`;
export const apiToolCallHref = (runId: string, name: string, index: number) => `${apiScenarioPath(runId, name)}/tool-calls/${index}`;
export const apiSummaryTextHref = (runId: string) => `${apiRunPath(runId)}/summary.txt`;
export const apiTimingHref = (runId: string) => `${apiRunPath(runId)}/timing`;
export const apiRunReportHref = (runId: string) => `${apiRunPath(runId)}/report.md`;
/** What changed since the previous run of the suite (`views/run-changes.ts`). */
export const apiRunChangesHref = (runId: string) => `${apiRunPath(runId)}/changes`;
export const apiScenarioReportHref = (runId: string, name: string) => `${apiScenarioPath(runId, name)}/report.md`;
export const apiTextHref = (runId: string, name: string, field: string) => `${apiScenarioPath(runId, name)}/text?field=${enc(field)}`;

/** What a path under `/api/runs/` or `/runs/` asks for, the run id resolved against the index. */
export type RunRoute =
  | { kind: "run"; run: string }
  | { kind: "summary-text"; run: string }
  | { kind: "timing"; run: string }
  | { kind: "report"; run: string }
  | { kind: "changes"; run: string }
  | { kind: "scenario-report"; run: string; name: string }
  | { kind: "scenarios"; run: string }
  | { kind: "scenario"; run: string; name: string }
  | { kind: "audio"; run: string; name: string }
  | { kind: "audio-analysis"; run: string; name: string }
  | { kind: "file"; run: string; name: string; file: string }
  | { kind: "attempt-file"; run: string; name: string; attempt: number; file: string }
  | { kind: "tool-call"; run: string; name: string; index: string }
  | { kind: "text"; run: string; name: string };

export type RouteError = { kind: "error"; status: 400 | 404; reason: string };

/** Splits the raw (still encoded) path after `prefix` into decoded segments, refusing unsafe ones. */
export function decodeSegments(pathname: string, prefix: string): { ok: true; segments: string[] } | { ok: false; reason: string } {
  const tail = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : "";
  const segments: string[] = [];
  for (const raw of tail.split("/")) {
    if (raw === "") continue;
    if (raw.length > MAX_SEGMENT_LENGTH * 3) return { ok: false, reason: "path segment too long" };
    let s: string;
    try {
      s = decodeURIComponent(raw);
    } catch {
      return { ok: false, reason: "malformed percent-encoding in path" };
    }
    if (s.length > MAX_SEGMENT_LENGTH) return { ok: false, reason: "path segment too long" };
    if (s.includes("\0")) return { ok: false, reason: "NUL byte in path" };
    if (s.includes("\\")) return { ok: false, reason: "backslash in path" };
    if (s.startsWith("/")) return { ok: false, reason: "absolute path" };
    if (s.split("/").some((p) => p === ".." || p === ".")) return { ok: false, reason: "dot segment in path" };
    segments.push(s);
  }
  return { ok: true, segments };
}

/**
 * Parses the segments after `/api/runs/` (or `/runs/`). The run id is the longest prefix of at most
 * `MAX_RUN_ID_PARTS` folder names that `isRun` knows: a bounded number of lookups, whatever the URL.
 */
export function parseRunPath(segments: readonly string[], isRun: (id: string) => boolean): RunRoute | RouteError {
  const parts = segments.flatMap((s) => s.split("/"));
  let k = Math.min(parts.length, MAX_RUN_ID_PARTS);
  while (k >= 1 && !isRun(parts.slice(0, k).join("/"))) k--;
  if (k === 0) return { kind: "error", status: 404, reason: "unknown run" };
  const run = parts.slice(0, k).join("/");
  const [first, name, third, ...more] = parts.slice(k);
  if (first === undefined) return { kind: "run", run };
  if (first === "summary.txt" && name === undefined) return { kind: "summary-text", run };
  if (first === "timing" && name === undefined) return { kind: "timing", run };
  if (first === "report.md" && name === undefined) return { kind: "report", run };
  if (first === "changes" && name === undefined) return { kind: "changes", run };
  if (first !== "scenarios") return { kind: "error", status: 404, reason: "unknown resource" };
  if (name === undefined) return { kind: "scenarios", run };
  if (third === undefined) return { kind: "scenario", run, name };
  if (third === "audio" && more.length === 0) return { kind: "audio", run, name };
  if (third === "audio-analysis" && more.length === 0) return { kind: "audio-analysis", run, name };
  if (third === "text" && more.length === 0) return { kind: "text", run, name };
  if (third === "report.md" && more.length === 0) return { kind: "scenario-report", run, name };
  if (third === "tool-calls" && more.length === 1) return { kind: "tool-call", run, name, index: more[0] as string };
  if (third === "files" && more.length > 0) return { kind: "file", run, name, file: more.join("/") };
  if (third === "attempts" && more.length > 2 && /^[1-9]\d{0,5}$/.test(more[0] as string) && more[1] === "files")
    return { kind: "attempt-file", run, name, attempt: Number(more[0]), file: more.slice(2).join("/") };
  return { kind: "error", status: 404, reason: "unknown resource" };
}
