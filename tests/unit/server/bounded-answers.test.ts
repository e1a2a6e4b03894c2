/**
 * Answers bounded in bytes whatever the results hold (issue 54): 60 scenarios whose metrics.json each
 * carry a legal 1 MB `stop_reason`. A row carries the reason's start and names its full length; the
 * scenario API's page of 100 rows, one MCP batch of 20 `list_scenarios` (before: 525 MB for 10) and
 * one of 100 (before: the heap ran out) stay within their bounds, the server answering meanwhile;
 * `get_file` of a 64 KB chunk of characters JSON escapes stays near 64 KB twice (before: 852 KB).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROW_BOUNDS, ROW_BYTES } from "@/lib/core/bounded-text";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { REQUEST_ANSWER_BYTES } from "@/lib/server/mcp/bounded";
import { mcpRoute } from "@/lib/server/mcp/http";
import type { ScenarioPage } from "@/lib/shared/dto";
import { metrics, tempDir, writeRun } from "../../helpers/run-builder";

const RUN = "eval_20261201_020000";
const N = 60;
const MB = 1024 * 1024;
/** A traceback's worth of text, 1 MB, every line different. */
const stopReason = (i: number) =>
  Array.from({ length: MB / 64 }, (_, k) => `Traceback line ${i}.${k}: "quoted" \\ and a tab\t`.padEnd(63, ".") + "\n").join("");
/** 64 KB of bytes JSON escapes the most: control characters and quotes. */
const ESCAPED = '\u0001\u0002"\\'.repeat(16 * 1024);

let root: string;
let store: Store;
let server: Server;
let url: string;

beforeAll(async () => {
  root = await tempDir("ved-bounded-");
  const names = Array.from({ length: N }, (_, i) => `tau2_retail__${i}`);
  await writeRun(join(root, RUN), {
    scenarios: Object.fromEntries(
      names.map((name, i) => [
        name,
        {
          bridgeLog: i === 0 ? ESCAPED : null,
          metrics: metrics(name, { stop_reason: stopReason(i), auto_retry_count: 30, auto_retry_reasons: Array.from({ length: 30 }, () => "x".repeat(5000)) }),
        },
      ]),
    ),
  });
  store = createStore(root, { watch: false });
  await store.scanned;
  const ctx = { store, ledger: async () => Promise.reject(new Error("no ledger in this test")), allowWrites: false, user: "t" };
  // `/mcp` and a liveness answer on one event loop, as in the server.
  server = createServer((req, res) => {
    if (req.url?.startsWith("/api/health")) return void res.end('{"ok":true}');
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const request = new Request(new URL(req.url ?? "/", "http://127.0.0.1"), {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks),
      });
      void mcpRoute(request, ctx, { token: null }).then(async (answer) => {
        res.statusCode = answer.status;
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (store) await closeStore(store);
  await rm(root, { recursive: true, force: true });
});

type RpcAnswer = { id: number; result: { isError?: boolean; content: Array<{ text: string }>; structuredContent?: Record<string, unknown> } };

/** One POST of `calls` as a JSON-RPC batch; its status, body bytes and answers, with how many health answers came back before it. */
async function batch(calls: Array<{ name: string; arguments: Record<string, unknown> }>) {
  const body = JSON.stringify(calls.map((params, i) => ({ jsonrpc: "2.0", id: i + 1, method: "tools/call", params })));
  let done = false;
  let healthAnswers = 0;
  const poll = (async () => {
    while (!done) {
      await (await fetch(`${url}/api/health`)).arrayBuffer();
      healthAnswers++;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const res = await fetch(`${url}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
    body,
  });
  const text = await res.text();
  // Counted before the poll in flight ends: those the server answered while it worked on the batch.
  const during = healthAnswers;
  done = true;
  await poll;
  // The transport answers a batch of one with the answer alone.
  const answers = ([] as RpcAnswer[]).concat(JSON.parse(text) as RpcAnswer | RpcAnswer[]);
  return { status: res.status, bytes: Buffer.byteLength(text), answers, healthAnswers: during };
}

describe("answers bounded in bytes over 1 MB stop reasons", () => {
  it("a row carries the reason's start and names its full length", async () => {
    const res = await runRoute(store, new Request(`http://localhost/api/runs/${RUN}/scenarios?limit=100`));
    expect(res.status).toBe(200);
    const body = await res.text();
    const page = JSON.parse(body) as ScenarioPage;
    expect(page.rows).toHaveLength(N);
    const row = page.rows.find((r) => r.name === "tau2_retail__7")!;
    expect(row.stop_reason!.startsWith("Traceback line 7.0:")).toBe(true);
    expect(row.stop_reason!.length).toBeLessThanOrEqual(ROW_BOUNDS.text);
    expect(row.cut?.stop_reason).toBe(stopReason(7).length);
    // 30 reasons of 5,000 characters: the first ones, cut, and both lengths named.
    expect(row.retry_reasons.length).toBeLessThan(30);
    expect(row.cut?.retry_reasons).toBe(30);
    expect(row.cut?.["retry_reasons[0]"]).toBe(5000);
    for (const r of page.rows) expect(Buffer.byteLength(JSON.stringify(r))).toBeLessThanOrEqual(ROW_BYTES);
    // The run's detail counts stop reasons and retry reasons as the rows show them (cut): it was 9 MB.
    const detail = await (await runRoute(store, new Request(`http://localhost/api/runs/${RUN}`))).text();
    expect(Buffer.byteLength(detail)).toBeLessThanOrEqual(1024 * 1024);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(100 * ROW_BYTES + 1024);
  });

  it("one batch of 20 list_scenarios answers every call within 5 MB", async () => {
    const r = await batch(Array.from({ length: 20 }, () => ({ name: "list_scenarios", arguments: { run: RUN } })));
    expect(r.status).toBe(200);
    expect(r.bytes).toBeLessThanOrEqual(5 * MB);
    expect(r.answers).toHaveLength(20);
    for (const a of r.answers) {
      expect(a.result.isError ?? false).toBe(false);
      expect((a.result.structuredContent?.rows as unknown[]).length).toBe(50);
    }
  });

  it("one batch of 100 answers every call, those past the request's bound by saying so", async () => {
    const r = await batch(Array.from({ length: 100 }, () => ({ name: "list_scenarios", arguments: { run: RUN, limit: 500 } })));
    expect(r.status).toBe(200);
    expect(r.bytes).toBeLessThanOrEqual(REQUEST_ANSWER_BYTES + 100 * 1024);
    expect(r.answers.map((a) => a.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const refused = r.answers.filter((a) => a.result.isError);
    expect(refused.length).toBeGreaterThan(0);
    expect(r.answers.length - refused.length).toBeGreaterThan(0);
    expect(refused[0]!.result.content[0]!.text).toMatch(/request of its own/);
    // Call by call: other requests were answered between the calls.
    expect(r.healthAnswers).toBeGreaterThanOrEqual(1);
  });

  it("get_file's 64 KB chunk of escaped characters answers near 64 KB twice, and continues where it stopped", async () => {
    const r = await batch([{ name: "get_file", arguments: { run: RUN, name: "tau2_retail__0", file: "bridge_log.txt" } }]);
    expect(r.answers[0]!.result.isError ?? false).toBe(false);
    expect(r.bytes).toBeLessThanOrEqual(2.5 * 64 * 1024);
    const out = r.answers[0]!.result.structuredContent as { bytes: number; nextOffset: number | null; text: string };
    expect(out.bytes).toBeLessThan(ESCAPED.length);
    expect(out.nextOffset).toBe(out.bytes);
    expect(out.text).toBe(ESCAPED.slice(0, out.bytes));
  });
});
