/**
 * Turning a request path into index lookups. Ids and names from URLs are only ever compared with
 * what the index holds; nothing from a request is joined onto a file path.
 */
import type { ResultsIndex } from "./results-index";
import type { RunEntry } from "./run-entry";

export const MAX_SEGMENT_LENGTH = 512;

export type Resolved =
  | { ok: true; run: RunEntry; rest: string[] }
  | { ok: false; status: 400 | 404; reason: string };

/** Splits the raw (still encoded) path after `prefix` into decoded segments, rejecting unsafe ones. */
export function decodeSegments(pathname: string, prefix: string): { ok: true; segments: string[] } | { ok: false; reason: string } {
  const tail = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : "";
  const raw = tail.split("/").filter((s) => s !== "");
  const segments: string[] = [];
  for (const r of raw) {
    let s: string;
    try {
      s = decodeURIComponent(r);
    } catch {
      return { ok: false, reason: "malformed percent-encoding in path" };
    }
    if (s.length > MAX_SEGMENT_LENGTH) return { ok: false, reason: "path segment too long" };
    if (s.includes("\0")) return { ok: false, reason: "NUL byte in path" };
    if (s.includes("\\")) return { ok: false, reason: "backslash in path" };
    const parts = s.split("/");
    if (parts.some((p) => p === ".." || p === ".")) return { ok: false, reason: "dot segment in path" };
    if (s.startsWith("/")) return { ok: false, reason: "absolute path" };
    segments.push(s);
  }
  return { ok: true, segments };
}

/** Finds the run whose id is the longest prefix of the segments (ids may contain `/`). */
export function resolveRun(index: ResultsIndex, segments: string[]): Resolved {
  const parts = segments.flatMap((s) => s.split("/"));
  for (let k = parts.length; k >= 1; k--) {
    const run = index.getRun(parts.slice(0, k).join("/"));
    if (run) return { ok: true, run, rest: parts.slice(k) };
  }
  return { ok: false, status: 404, reason: "unknown run" };
}
