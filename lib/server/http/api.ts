/**
 * The HTTP JSON API as plain `Request → Response` functions; `app/api/**` route handlers only
 * delegate here, and tests call these directly.
 */
import "server-only";
import { audioAnalysis } from "@/lib/server/audio/analysis";
import { runSetupDiff } from "@/lib/server/views/setup";
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { z } from "zod";
import { attemptFoldersOf } from "@/lib/core";
import type { ChangeEvent } from "@/lib/shared/dto";
import { decodeSegments, parseRunPath } from "@/lib/shared/routes";
import { parseScenarioQuery } from "@/lib/shared/scenario-query";
import { lstatInside } from "../ingest/fs-safe";
import { ensureRecording } from "../source/lazy-recordings";
import { SCENARIO_FILES } from "../ingest/layout";
import type { ResultsIndex } from "../model/results-index";
import type { RunModel } from "../model/run-model";
import type { Store } from "../live/store";
import { compareRuns } from "../views/compare";
import { stoppingSignal } from "../stopping";
import { runAnalysis } from "../views/run-views";
import { runChanges } from "../views/run-changes";
import { runBody, scenarioRowsPage } from "../queries/run-detail";
import { runsList } from "../views/runs-list";
import { sseResponse } from "./sse";
import { runReportRoute, scenarioReportRoute, timingRoute } from "./timing-routes";
import { error, json, JSON_HEADERS } from "./respond";
import { fullText, scenarioDetail, scenarioDetailJson } from "../views/scenario-detail";

export function listRuns(index: ResultsIndex): Response {
  return json(runsList(index));
}

/** `/api/runs/{id}[/summary.txt | /timing | /report.md | /changes | /scenarios[/{name}[/audio | /text | /report.md | /files/{file} | /tool-calls/{i}]]]` */
export async function runRoute(store: Store, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const decoded = decodeSegments(url.pathname, "/api/runs/");
  if (!decoded.ok) return error(400, decoded.reason);
  await store.listed();
  const route = parseRunPath(decoded.segments, (id) => store.index.runs.has(id));
  if (route.kind === "error") return error(route.status, route.reason);
  const run = await store.openRun(route.run);
  if (!run) return error(404, "unknown run");
  if (route.kind === "run") return json(runBody(run));
  if (route.kind === "summary-text") return summaryText(run);
  if (route.kind === "timing") return timingRoute(store.index, run);
  if (route.kind === "report") return runReportRoute(store.index, run);
  if (route.kind === "scenarios") return scenarioPage(store, run, url.searchParams);
  if (route.kind === "changes") return json(await runChanges(store.index, run));
  if (!run.hasScenario(route.name)) return error(404, "unknown scenario");
  switch (route.kind) {
    case "scenario": {
      const body = await scenarioDetailJson(run, route.name);
      return body === null ? error(404, "unknown scenario") : new Response(body, { headers: JSON_HEADERS });
    }
    case "scenario-report":
      return scenarioReportRoute(run, route.name);
    case "audio":
      return scenarioFile(run, route.name, "conversation_log.wav", request);
    case "audio-analysis": {
      const answer = await audioAnalysis(run, route.name);
      return answer.status === 200 ? json(answer.analysis) : error(answer.status, answer.reason);
    }
    case "text":
      return textField(run, route.name, url.searchParams.get("field"));
    case "tool-call":
      return toolCall(run, route.name, route.index);
    case "file": {
      // Only the known artifact names are served: the path is looked up in a fixed list, never joined as given.
      const file = SCENARIO_FILES.find((f) => f === route.file);
      return file ? scenarioFile(run, route.name, file, request) : error(404, "not a known scenario file");
    }
    case "attempt-file": {
      // A discarded attempt's folder is found in the run's listing by scenario and number, never built from the URL.
      const folder = attemptFoldersOf(route.name, run.killedFolders).find((a) => a.attempt === route.attempt);
      if (!folder) return error(404, `no attempt ${route.attempt} kept for this scenario`);
      const file = SCENARIO_FILES.find((f) => f === route.file);
      return file ? scenarioFile(run, folder.folder, file, request) : error(404, "not a known scenario file");
    }
  }
}

function summaryText(run: RunModel): Response {
  const analysis = runAnalysis(run);
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

async function scenarioPage(store: Store, run: RunModel, params: URLSearchParams): Promise<Response> {
  const query = parseScenarioQuery(params);
  if (!query.success) return error(400, query.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; "));
  return json(await scenarioRowsPage(store, run, query.data));
}

/** One tool call, whole: the scenario page shows previews and fetches a long argument or result when it is opened. */
async function toolCall(run: RunModel, name: string, index: string): Promise<Response> {
  if (!/^\d{1,6}$/.test(index)) return error(400, "a tool call is addressed by its position, 0 or more");
  // The tool calls are derived evidence: the parsed contexts themselves are not needed.
  const detail = await scenarioDetail(run, name, { contexts: false });
  const calls = detail?.insights.toolCalls ?? null;
  const call = calls?.[Number(index)];
  if (!call) return error(404, calls === null ? "no agent context for this scenario" : `no tool call ${index} (there are ${calls.length})`);
  return json({ index: Number(index), call });
}

/** A long text of the scenario page whole (the page carries its start): `field` is one of `fullText`'s names. */
async function textField(run: RunModel, name: string, field: string | null): Promise<Response> {
  if (!field || field.length > 200) return error(400, "field is required");
  const text = await fullText(run, name, field);
  if (text === null) return error(404, `no field ${field} in this scenario`);
  return new Response(text, { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" } });
}

function contentType(file: string): string {
  if (file.endsWith(".wav")) return "audio/wav";
  if (file.endsWith(".json")) return "application/json; charset=utf-8";
  return "text/plain; charset=utf-8";
}

/** The byte range a `Range` header asks for; `null` when it is to be ignored (not bytes, several ranges), `"unsatisfiable"` past the end. */
export function byteRange(header: string | null, size: number): { start: number; end: number } | null | "unsatisfiable" {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Other units and multiple ranges may be ignored (RFC 9110 §14.2): the whole file is sent.
  if (!m || (m[1] === "" && m[2] === "")) return null;
  let start: number;
  let end = size - 1;
  if (m[1] === "") {
    start = Math.max(0, size - Number(m[2]));
  } else {
    start = Number(m[1]);
    if (m[2] !== "") end = Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/** One file of a scenario folder as stored, with Range support (the audio player seeks; raw views read a part). */
async function scenarioFile(run: RunModel, name: string, file: string, request: Request): Promise<Response> {
  const missing = file === "conversation_log.wav" ? "no audio for this scenario" : `no ${file} in this scenario`;
  // An object-storage source's recording is fetched on its first request, the player's first Range (a no-op for a folder).
  if (file.endsWith(".wav")) await ensureRecording(join(run.dir, name, file));
  // The scenario folder and any sub-folder on the way are checked: nothing is served through a link.
  const found = await lstatInside(run.dir, `${name}/${file}`);
  if (found.kind !== "file" || !found.info) return error(404, missing);
  const size = found.info.size;
  const headers: Record<string, string> = {
    "content-type": contentType(file),
    "accept-ranges": "bytes",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-disposition": `inline; filename="${file.split("/").pop() as string}"`,
  };
  const range = byteRange(request.headers.get("range"), size);
  if (range === "unsatisfiable") return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) headers["content-range"] = `bytes ${start}-${end}/${size}`;
  headers["content-length"] = String(size === 0 ? 0 : end - start + 1);
  const status = range ? 206 : 200;
  if (size === 0 || request.method === "HEAD") return new Response(null, { status, headers });
  // O_NOFOLLOW: a file swapped for a link after the lstat is still not followed.
  let handle;
  try {
    handle = await open(join(run.dir, name, file), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return error(404, missing);
  }
  const stream = Readable.toWeb(handle.createReadStream({ start, end })) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}

/** `GET /api/events`: one `change` event per index change, a `hello` with the version, and heartbeats. `HEAD`: headers only. */
export function events(index: ResultsIndex, request: Request): Response {
  return sseResponse(request, `event: hello\ndata: ${JSON.stringify({ version: index.version })}\n\n`, (send) =>
    index.subscribe((event: ChangeEvent) => send(`id: ${event.version}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`)),
  );
}

const CompareQuerySchema = z.object({
  base: z.string().min(1).max(4096),
  runs: z
    .string()
    .min(1)
    .transform((s) =>
      s
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(4096)).min(1).max(20)),
});

/** `GET /api/compare?base={id}&runs={id},{id}` */
export async function compareRoute(store: Store, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const query = CompareQuerySchema.safeParse({ base: params.get("base") ?? undefined, runs: params.get("runs") ?? undefined });
  if (!query.success) return error(400, query.error.issues.map((i) => `${i.path.join(".") || "query"}: ${i.message}`).join("; "));
  const ids = [query.data.base, ...query.data.runs];
  const runs = await Promise.all(ids.map((id) => store.openRun(id)));
  const missing = ids.filter((_, i) => !runs[i]);
  if (missing.length) return error(404, `unknown run: ${missing.join(", ")}`);
  const [base, ...others] = runs as RunModel[];
  try {
    return json(await compareRuns(base as RunModel, others));
  } catch (err) {
    // A compare gives up when the server stops (see `stopping.ts`): said so, not as a failure of the compare.
    if (stoppingSignal().aborted) return error(503, "the server is stopping");
    throw err;
  }
}

/** `GET /api/setup?base={id}&run={id}`: what changed in the setup (run arguments, prompts, tools, judge) between two runs. */
export async function setupRoute(store: Store, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const ids = [params.get("base"), params.get("run")];
  if (ids.some((id) => !id || id.length > 4096)) return error(400, "base and run: required, one run id each");
  const runs = await Promise.all(ids.map((id) => store.openRun(id as string)));
  const missing = ids.filter((_, i) => !runs[i]);
  if (missing.length) return error(404, `unknown run: ${missing.join(", ")}`);
  return json(await runSetupDiff(runs[0] as RunModel, runs[1] as RunModel));
}
