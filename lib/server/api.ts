/**
 * The HTTP JSON API as plain `Request → Response` functions; `app/api/**` route handlers only
 * delegate here, and tests call these directly.
 */
import { constants } from "node:fs";
import { lstat, open } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { runSummaryJson } from "@/lib/core";
import type { ChangeEvent } from "@/lib/shared/dto";
import { parseScenarioQuery } from "@/lib/shared/scenario-query";
import { decodeSegments, resolveRun } from "./api-paths";
import type { ResultsIndex } from "./results-index";
import type { RunEntry } from "./run-entry";
import { scenarioDetail, scenarioEvidence, SCENARIO_FILES_SERVED } from "./scenario-detail";
import { SizedCache } from "./sized-cache";
import { compareRuns } from "./compare";
import { runReportRoute, scenarioReportRoute, timingRoute } from "./timing/routes";
import { z } from "zod";

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" };

/** Serialized scenario details: a 5 MB context makes a 7–10 MB body, which is worth keeping. */
const bodies = new SizedCache<string>(96 * 1024 * 1024);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

export function error(status: number, reason: string): Response {
  return json({ error: reason }, status);
}

export function listRuns(index: ResultsIndex): Response {
  return json(index.listRuns());
}

/** `/api/runs/{id}[/summary.txt | /timing | /report.md | /scenarios[/{name}[/audio | /report.md | /files/{file} | /tool-calls/{i}]]]` */
export async function runRoute(index: ResultsIndex, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const decoded = decodeSegments(url.pathname, "/api/runs/");
  if (!decoded.ok) return error(400, decoded.reason);
  const resolved = resolveRun(index, decoded.segments);
  if (!resolved.ok) return error(resolved.status, resolved.reason);
  const { run, rest } = resolved;
  await run.ensureOrder();
  const [first, name, third, ...more] = rest;
  if (first === undefined) return json(runDetail(run));
  if (first === "summary.txt" && name === undefined) return summaryText(run);
  if (first === "timing" && name === undefined) return timingRoute(index, run);
  if (first === "report.md" && name === undefined) return runReportRoute(index, run);
  if (first !== "scenarios" || (more.length > 0 && third !== "files" && third !== "tool-calls")) return error(404, "unknown resource");
  if (name === undefined) return scenarioPage(index, run, url.searchParams);
  if (!run.scenarios.has(name)) return error(404, "unknown scenario");
  if (third === undefined) {
    const evidence = await scenarioEvidence(run, name);
    if (!evidence) return error(404, "unknown scenario");
    // The row (verdict as counted) depends on the run too: any index change re-serializes.
    const signature = `${index.version}:${evidence.signature}`;
    const key = `${run.id}\0${name}`;
    let body = bodies.get(key, signature);
    if (body === null) {
      body = JSON.stringify(evidence.detail());
      bodies.set(key, signature, body, body.length);
    }
    return new Response(body, { headers: JSON_HEADERS });
  }
  if (third === "report.md" && more.length === 0) return scenarioReportRoute(run, name);
  if (third === "audio") return scenarioFile(run, name, "conversation_log.wav", request);
  if (third === "tool-calls" && more.length === 1) return toolCall(run, name, more[0] as string);
  if (third === "files") {
    // Only the known artifact names are served: the path is looked up in a fixed list, never joined as given.
    const file = SCENARIO_FILES_SERVED.find((f) => f === more.join("/"));
    return file ? scenarioFile(run, name, file, request) : error(404, "not a known scenario file");
  }
  return error(404, "unknown resource");
}

function runDetail(run: RunEntry) {
  const detail = run.detail();
  return { ...detail, summary: runSummaryJson(run.analysis()) };
}

function summaryText(run: RunEntry): Response {
  const analysis = run.analysis();
  return new Response(analysis.summaryText, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      // Unfinished runs are summarised over the scenarios done so far (§2.6).
      "x-summary-partial": String(analysis.partial),
      "content-disposition": 'inline; filename="all_summary.txt"',
    },
  });
}

async function scenarioPage(index: ResultsIndex, run: RunEntry, params: URLSearchParams): Promise<Response> {
  const query = parseScenarioQuery(params);
  if (!query.success) return error(400, query.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; "));
  if (query.data.q) await index.ensureSearchTexts(run);
  return json(run.queryScenarios(query.data));
}

/** One tool call, whole: the scenario page shows previews and fetches a long argument or result when it is opened. */
async function toolCall(run: RunEntry, name: string, index: string): Promise<Response> {
  if (!/^\d{1,6}$/.test(index)) return error(400, "a tool call is addressed by its position, 0 or more");
  // The tool calls are derived evidence: the parsed contexts themselves are not needed.
  const detail = await scenarioDetail(run, name, { contexts: false });
  const calls = detail?.insights.toolCalls ?? null;
  const call = calls?.[Number(index)];
  if (!call) return error(404, calls === null ? "no agent context for this scenario" : `no tool call ${index} (there are ${calls.length})`);
  return json({ index: Number(index), call });
}

function contentType(file: string): string {
  if (file.endsWith(".wav")) return "audio/wav";
  if (file.endsWith(".json")) return "application/json; charset=utf-8";
  return "text/plain; charset=utf-8";
}

/** One file of a scenario folder as stored, with Range support (the audio player seeks; raw views read a part). */
async function scenarioFile(run: RunEntry, name: string, file: string, request: Request): Promise<Response> {
  const path = join(run.dir, name, file);
  const missing = file === "conversation_log.wav" ? "no audio for this scenario" : `no ${file} in this scenario`;
  let size: number;
  try {
    const info = await lstat(path);
    if (!info.isFile()) return error(404, missing);
    size = info.size;
  } catch {
    return error(404, missing);
  }
  const headers: Record<string, string> = {
    "content-type": contentType(file),
    "accept-ranges": "bytes",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-disposition": `inline; filename="${file.split("/").pop() as string}"`,
  };
  const range = request.headers.get("range");
  let start = 0;
  let end = size - 1;
  let status = 200;
  if (range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    if (!m || (m[1] === "" && m[2] === "")) return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
    if (m[1] === "") {
      start = Math.max(0, size - Number(m[2]));
    } else {
      start = Number(m[1]);
      if (m[2] !== "") end = Math.min(Number(m[2]), size - 1);
    }
    if (start >= size || start > end) return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
    status = 206;
    headers["content-range"] = `bytes ${start}-${end}/${size}`;
  }
  headers["content-length"] = String(size === 0 ? 0 : end - start + 1);
  if (size === 0) return new Response(null, { status: 200, headers });
  // O_NOFOLLOW: a file swapped for a link after the lstat is still not followed.
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return error(404, missing);
  }
  const stream = Readable.toWeb(handle.createReadStream({ start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}

const HEARTBEAT_MS = 15_000;

/** `GET /api/events`: one `change` event per index change, a `hello` with the version, and heartbeats. */
export function events(index: ResultsIndex, request: Request): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(`retry: 2000\nevent: hello\ndata: ${JSON.stringify({ version: index.version })}\n\n`);
      const unsubscribe = index.subscribe((event: ChangeEvent) => send(`id: ${event.version}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`));
      const heartbeat = setInterval(() => send(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS);
      let done = false;
      cleanup = () => {
        if (done) return;
        done = true;
        unsubscribe();
        clearInterval(heartbeat);
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", cleanup);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    },
  });
}

const CompareQuerySchema = z.object({
  base: z.string().min(1).max(1024),
  runs: z
    .string()
    .min(1)
    .transform((s) => s.split(",").map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(1024)).min(1).max(20)),
});

/** `GET /api/compare?base={id}&runs={id},{id}` */
export async function compareRoute(index: ResultsIndex, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const query = CompareQuerySchema.safeParse({ base: params.get("base") ?? undefined, runs: params.get("runs") ?? undefined });
  if (!query.success) return error(400, query.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; "));
  const result = await compareRuns(index, query.data.base, query.data.runs);
  if ("error" in result) return error(404, result.error as string);
  return json(result);
}
