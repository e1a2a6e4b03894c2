/**
 * The ledger's HTTP API as `Request → Response` functions (app/api/ledger/** delegates here):
 * labels and judge overrides (read, write, delete), export, and a live stream of changes.
 * Writes pass refuseWrite() first; nothing here touches the results folder.
 */
import "server-only";
import { error, json } from "@/lib/server/http/respond";
import type { ResultsIndex } from "@/lib/server/model/results-index";
import type { OverrideTarget, ScenarioLedger } from "@/lib/shared/ledger";
import type { RunModel } from "@/lib/server/model/run-model";
import { scenarioDetail } from "@/lib/server/views/scenario-detail";
import { judgeFields, type StoredJudge } from "@/lib/core/evidence/judge";
import type { z } from "zod";
import { lookupScenario, runFacts } from "./facts";
import { refuseWrite } from "./guard";
import { csrfToken, getLedger } from "./instance";
import { triager } from "./config";
import { watchRevision } from "./live";
import { DeleteLabelSchema, DeleteOverrideSchema, ExportQuerySchema, issues, LabelBodySchema, OverrideBodySchema } from "./schemas";
import type { LedgerStore } from "./store";
import { suggestionFor } from "./suggest";
import { summarize } from "./summary";
import { exportLedger } from "./transfer";
import { sseResponse } from "@/lib/server/http/sse";

export interface LedgerDeps {
  ledger: LedgerStore;
  csrf: string;
  user: string;
  token: string | null;
  /** `host:port` the server is bound to (VOICE_EVAL_BIND, set by the CLI). */
  bind?: string;
}

export async function serverDeps(): Promise<LedgerDeps> {
  return { ledger: await getLedger(), csrf: csrfToken(), user: triager(), token: process.env.VOICE_EVAL_TOKEN || null, bind: process.env.VOICE_EVAL_BIND };
}

/** Runs a handler with the server's ledger; an unreachable database is a named 503, not a crash. */
export async function withServerDeps(fn: (deps: LedgerDeps) => Promise<Response>): Promise<Response> {
  let deps: LedgerDeps;
  try {
    deps = await serverDeps();
  } catch (err) {
    return error(503, `the triage ledger is unavailable: ${(err as Error).message}`);
  }
  return fn(deps);
}

const MAX_BODY = 64 * 1024;

async function body<S extends z.ZodType>(request: Request, schema: S): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: Response }> {
  if (!(request.headers.get("content-type") ?? "").includes("application/json"))
    return { ok: false, response: error(415, "send the body as application/json") };
  const text = await request.text();
  if (text.length > MAX_BODY) return { ok: false, response: error(413, "body too large") };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, response: error(400, "body is not JSON") };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, response: error(400, issues(parsed.error)) };
}

export async function scenarioLedger(
  index: ResultsIndex,
  deps: LedgerDeps,
  run: string,
  scenario: string,
): Promise<ScenarioLedger | { status: 404; reason: string }> {
  const found = await lookupScenario(index, run, scenario);
  if (!found.ok) return { status: 404, reason: found.reason };
  const { ledger } = deps;
  const [label, overrides, history, suggestion, ledgerRevision] = await Promise.all([
    ledger.getLabel(run, scenario),
    ledger.listOverrides({ run, scenario }),
    ledger.history(run, scenario),
    suggestionFor(ledger, run, scenario, found.facts.signalKey, found.facts.failing),
    ledger.revision(),
  ]);
  return { run, scenario, signalKey: found.facts.signalKey, label, overrides, history, suggestion, ledgerRevision, user: deps.user };
}

export async function runLedger(index: ResultsIndex, deps: LedgerDeps, runId: string) {
  const run = index.runs.get(runId);
  if (!run) return null;
  const [labels, overrides, revision] = await Promise.all([
    deps.ledger.listLabels({ run: runId }),
    deps.ledger.listOverrides({ run: runId }),
    deps.ledger.revision(),
  ]);
  return { run: runId, labels, overrides, summary: summarize(runFacts(run), labels, overrides), ledgerRevision: revision };
}

/** `GET|POST|DELETE /api/ledger/labels` */
export async function labelsRoute(index: ResultsIndex, request: Request, deps: LedgerDeps): Promise<Response> {
  if (request.method === "GET") {
    const params = new URL(request.url).searchParams;
    const run = params.get("run");
    const scenario = params.get("scenario");
    if (!run) return error(400, "run: required");
    if (scenario) {
      const view = await scenarioLedger(index, deps, run, scenario);
      return "status" in view ? error(view.status, view.reason) : json(view);
    }
    const view = await runLedger(index, deps, run);
    return view ? json(view) : error(404, "unknown run");
  }
  const refused = refuseWrite(request, deps);
  if (refused) return refused;
  if (request.method === "POST") {
    const b = await body(request, LabelBodySchema);
    if (!b.ok) return b.response;
    const { run, scenario, baseRevision, ...fields } = b.data;
    const found = await lookupScenario(index, run, scenario);
    if (!found.ok) return error(found.status, found.reason);
    return json(await deps.ledger.setLabel({ run, scenario, signalKey: found.facts.signalKey }, fields, { author: deps.user, baseRevision }));
  }
  if (request.method === "DELETE") {
    const b = await body(request, DeleteLabelSchema);
    if (!b.ok) return b.response;
    return json({ deleted: await deps.ledger.deleteLabel(b.data.run, b.data.scenario, deps.user) });
  }
  return error(405, "method not allowed");
}

/** Why an override's target is not in the scenario's judge result (`nl:9999` of three assertions), or null. */
async function missingTarget(run: RunModel, scenario: string, target: OverrideTarget): Promise<string | null> {
  if (target === "overall") return null;
  const detail = await scenarioDetail(run, scenario, { contexts: false });
  const count = judgeFields(detail?.judge as StoredJudge | undefined)?.verdicts.length ?? 0;
  return Number(target.slice(3)) < count ? null : `target: ${target} names no NL assertion (the judge gave ${count})`;
}

/** `GET|POST|DELETE /api/ledger/overrides` */
export async function overridesRoute(index: ResultsIndex, request: Request, deps: LedgerDeps): Promise<Response> {
  if (request.method === "GET") {
    const params = new URL(request.url).searchParams;
    const run = params.get("run");
    if (!run) return error(400, "run: required");
    return json(await deps.ledger.listOverrides({ run, scenario: params.get("scenario") ?? undefined }));
  }
  const refused = refuseWrite(request, deps);
  if (refused) return refused;
  if (request.method === "POST") {
    const b = await body(request, OverrideBodySchema);
    if (!b.ok) return b.response;
    const found = await lookupScenario(index, b.data.run, b.data.scenario);
    if (!found.ok) return error(found.status, found.reason);
    const missing = await missingTarget(found.run, b.data.scenario, b.data.target);
    if (missing) return error(400, missing);
    return json(
      await deps.ledger.setOverride(b.data.run, b.data.scenario, b.data.target, b.data.reason, { author: deps.user, baseRevision: b.data.baseRevision }),
    );
  }
  if (request.method === "DELETE") {
    const b = await body(request, DeleteOverrideSchema);
    if (!b.ok) return b.response;
    return json({ deleted: await deps.ledger.deleteOverride(b.data.run, b.data.scenario, b.data.target, deps.user) });
  }
  return error(405, "method not allowed");
}

/** `GET /api/ledger/export?run=…&format=jsonl|csv` */
export async function exportRoute(request: Request, deps: LedgerDeps): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const q = ExportQuerySchema.safeParse({ run: params.get("run") ?? undefined, format: params.get("format") ?? undefined });
  if (!q.success) return error(400, issues(q.error));
  const text = await exportLedger(deps.ledger, q.data.format, q.data.run);
  const file = `ledger${q.data.run ? `-${q.data.run.replace(/[^A-Za-z0-9_.-]+/g, "_")}` : ""}.${q.data.format}`;
  return new Response(text, {
    headers: {
      "content-type": q.data.format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
      "content-disposition": `attachment; filename="${file}"`,
    },
  });
}

/** `GET /api/ledger/events`: a `ledger` event with the revision whenever any instance writes. */
export async function ledgerEvents(request: Request, deps: LedgerDeps): Promise<Response> {
  const start = await deps.ledger.revision();
  return sseResponse(request, `event: hello\ndata: ${JSON.stringify({ revision: start })}\n\n`, (send) =>
    watchRevision(deps.ledger, start, (revision) => send(`id: ${revision}\nevent: ledger\ndata: ${JSON.stringify({ revision })}\n\n`)),
  );
}
