/** The route handlers, called directly against an index of the reference runs. */
import { cp, mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRoute, events, listRuns } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import type { RunsResponse, ScenarioPage } from "@/lib/shared/dto";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

const HARNESS = join(__dirname, "../../fixtures/harness");
const RUN = "team-a/eval_20260804_144300";

let store: Store;
let root: string;

beforeAll(async () => {
  root = await tempDir();
  await mkdir(join(root, "team-a"));
  await cp(join(HARNESS, "stalls", "run", "eval_20260804_144300"), join(root, RUN), { recursive: true });
  await cp(join(HARNESS, "judge-only", "run", "eval_20260803_223300"), join(root, "eval_20260803_223300"), { recursive: true });
  // A tiny WAV-sized file for Range requests.
  await writeFile(join(root, RUN, "qa__capital_france", "conversation_log.wav"), Buffer.from(Array.from({ length: 100 }, (_, i) => i)));
  store = createStore(root, { watch: false });
  await store.scanned;
});
afterAll(async () => closeStore(store));

const get = (path: string, init?: RequestInit) => runRoute(store, new Request(`http://localhost${path}`, init));
const enc = encodeURIComponent;

describe("HTTP API", () => {
  it("lists runs with nested ids, states and rates", async () => {
    const body = (await listRuns(store.index).json()) as RunsResponse;
    expect(body.runs.map((r) => r.id).sort()).toEqual(["eval_20260803_223300", RUN]);
    const run = body.runs.find((r) => r.id === RUN)!;
    expect(run.scenarioCount).toBe(16);
    expect(run.rates.success_rate).toEqual({ value: 0.5, numerator: 8, denominator: 16 });
    expect(run.rates.task_success_rate.numerator).toBe(9);
    expect(body.indexing).toBeUndefined();
  });

  it("serves a run by encoded id and by plain nested path", async () => {
    const a = await get(`/api/runs/${enc(RUN)}`);
    const b = await get(`/api/runs/${RUN}`);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const detail = (await a.json()) as { id: string; stalled: string[]; successBreakdown: Record<string, { failed: number }>; summary: { rates: unknown } };
    expect(detail.id).toBe(RUN);
    expect(detail.stalled).toHaveLength(5);
    expect(detail.summary.rates).toBeDefined();
    const text = await (await get(`/api/runs/${enc(RUN)}/summary.txt`)).text();
    expect(text.startsWith("EVALUATION SUMMARY\n")).toBe(true);
    expect(text).toContain("Stalled scenarios: tau2_retail__15, tau2_retail__65");
  });

  it("filters, sorts and pages scenario rows on the server", async () => {
    const all = (await (await get(`/api/runs/${enc(RUN)}/scenarios?limit=5`)).json()) as ScenarioPage;
    expect(all.total).toBe(16);
    expect(all.rows).toHaveLength(5);
    const stalled = (await (await get(`/api/runs/${enc(RUN)}/scenarios?quick=stalled`)).json()) as ScenarioPage;
    expect(stalled.matched).toBe(5);
    expect(stalled.rows.every((r) => r.stalled && r.verdict === false)).toBe(true);
    const qa = (await (await get(`/api/runs/${enc(RUN)}/scenarios?domain=qa&sort=judge_score&dir=desc`)).json()) as ScenarioPage;
    expect(qa.rows.every((r) => r.domain === "qa")).toBe(true);
    const scores = qa.rows.map((r) => r.judge_score ?? -1);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
    const search = (await (await get(`/api/runs/${enc(RUN)}/scenarios?q=ocean`)).json()) as ScenarioPage;
    expect(search.rows.map((r) => r.name)).toEqual(["qa__largest_ocean"]);
  });

  it("rejects bad queries with 400 and unknown ids with 404, with a JSON reason", async () => {
    for (const q of ["sort=nope", "limit=0", "limit=abc", "quick=bogus", "bucket=x", "judgeMin=abc"]) {
      const res = await get(`/api/runs/${enc(RUN)}/scenarios?${q}`);
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(0);
    }
    for (const path of [
      "/api/runs/nope",
      `/api/runs/${enc(RUN)}/scenarios/nope`,
      `/api/runs/${enc(RUN)}/bogus`,
      `/api/runs/${enc(RUN)}/scenarios/qa__capital_france/bogus`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toHaveProperty("error");
    }
  });

  it("returns one scenario parsed, and its audio with Range support", async () => {
    const res = await get(`/api/runs/${enc(RUN)}/scenarios/qa__capital_france`);
    expect(res.status).toBe(200);
    const d = (await res.json()) as {
      row: { name: string };
      conversation: { turns: unknown[] };
      judge: { score: number };
      files: Array<{ path: string; present: boolean }>;
    };
    expect(d.row.name).toBe("qa__capital_france");
    expect(d.conversation.turns.length).toBeGreaterThan(0);
    expect(typeof d.judge.score).toBe("number");
    expect(d.files.find((f) => f.path === "metrics.json")?.present).toBe(true);

    const whole = await get(`/api/runs/${enc(RUN)}/scenarios/qa__capital_france/audio`);
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(100);
    const part = await get(`/api/runs/${enc(RUN)}/scenarios/qa__capital_france/audio`, { headers: { range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 10-19/100");
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const bad = await get(`/api/runs/${enc(RUN)}/scenarios/qa__capital_france/audio`, { headers: { range: "bytes=500-" } });
    expect(bad.status).toBe(416);
    const none = await get(`/api/runs/${enc(RUN)}/scenarios/qa__largest_ocean/audio`);
    expect(none.status).toBe(404);
  });

  it("serves a scenario's known files as stored, with safe headers and Range; nothing else", async () => {
    const base = `/api/runs/${enc(RUN)}/scenarios/qa__capital_france/files`;
    const onDisk = await readFile(join(root, RUN, "qa__capital_france", "bot_logs_agent", "llm_context.json"), "utf8");
    const whole = await get(`${base}/bot_logs_agent/llm_context.json`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
    expect(whole.headers.get("content-disposition")).toBe('inline; filename="llm_context.json"');
    expect(await whole.text()).toBe(onDisk);
    // Encoded slashes reach the same file.
    expect((await get(`${base}/${enc("bot_logs_agent/llm_context.json")}`)).status).toBe(200);
    const head = await get(`${base}/conversation_log.txt`, { headers: { range: "bytes=0-9" } });
    expect(head.status).toBe(206);
    expect(head.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect((await head.text()).length).toBe(10);
    // Known name but not there; unknown names; a link is never followed.
    expect((await get(`${base}/analysis_report.md`)).status).toBe(404);
    for (const bad of [
      "run_args.json",
      "notes.txt",
      "bot_logs_agent",
      enc("bot_logs_agent/../metrics.json"),
      enc("scenario_config/../../../etc/passwd"),
      "%2Fetc%2Fpasswd",
    ]) {
      expect((await get(`${base}/${bad}`)).status, bad).toBeGreaterThanOrEqual(400);
    }
    await symlink("/etc/hostname", join(root, RUN, "qa__capital_france", "analysis_report.md"));
    expect((await get(`${base}/analysis_report.md`)).status).toBe(404);
  });

  it("serves one tool call whole, by its position in the scenario's tool calls", async () => {
    const base = `/api/runs/${enc(RUN)}/scenarios/qa__capital_france`;
    const all = ((await (await get(base)).json()) as { insights: { toolCalls: unknown[] } }).insights.toolCalls;
    expect(all.length).toBeGreaterThan(0);
    for (const [i, call] of all.entries()) {
      const res = await get(`${base}/tool-calls/${i}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ index: i, call });
    }
    expect((await get(`${base}/tool-calls/${all.length}`)).status).toBe(404);
    for (const bad of ["-1", "1.5", "x", "1e3", "9999999"]) expect((await get(`${base}/tool-calls/${bad}`)).status, bad).toBe(400);
    expect((await get(`${base}/tool-calls/0/extra`)).status).toBe(404);
  });

  it("streams SSE with a hello, and unsubscribes when the client goes away", async () => {
    const controller = new AbortController();
    const res = events(store.index, new Request("http://localhost/api/events", { signal: controller.signal }));
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("event: hello");
    expect(store.index.listenerCount).toBe(1);
    controller.abort();
    await waitFor(() => store.index.listenerCount === 0, 1000, "unsubscribe");
  });
});
