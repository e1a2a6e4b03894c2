/**
 * Load: SSE clients and page/API requests during a burst of new files. Every change event reaches
 * every client in order, no request fails, and listeners go back to zero when the clients leave.
 * `LOAD_PROFILE=full` (used by the benchmark) runs 50 clients, 200 requests and 5,000 files.
 */
import { expect, test } from "@playwright/test";
import { mkdir, mkdtemp, rename, writeFile, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startDashboard, type Dashboard } from "./helpers/server";

const FULL = process.env.LOAD_PROFILE === "full";
const CLIENTS = FULL ? 50 : 10;
const REQUESTS = FULL ? 200 : 60;
const SCENARIOS = FULL ? 1000 : 100; // five files each
const RUN = "eval_20261130_100000";
const METRICS = fileURLToPath(new URL("../fixtures/harness/small-2-domains/run/eval_20260810_031700/tau2_airline__34/metrics.json", import.meta.url));

test.setTimeout(FULL ? 600_000 : 180_000);

interface Client {
  versions: number[];
  names: Set<string>;
  errors: string[];
  close(): void;
}

function connect(url: string): Promise<Client> {
  const controller = new AbortController();
  const client: Client = { versions: [], names: new Set(), errors: [], close: () => controller.abort() };
  return fetch(`${url}api/events`, { signal: controller.signal }).then((res) => {
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    void (async () => {
      for (;;) {
        const chunk = await reader.read().catch((e: Error) => {
          if (!controller.signal.aborted) client.errors.push(String(e));
          return { done: true, value: undefined };
        });
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let at: number;
        while ((at = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          if (!block.includes("event: change")) continue;
          const data = JSON.parse(block.slice(block.indexOf("data: ") + 6)) as { version: number; scenarios: Array<{ name: string }> };
          client.versions.push(data.version);
          for (const s of data.scenarios) client.names.add(s.name);
        }
      }
    })();
    return client;
  });
}

let dashboard: Dashboard | null = null;
test.afterEach(async () => {
  await dashboard?.stop();
  dashboard = null;
});

test(`${CLIENTS} SSE clients and ${REQUESTS} requests during a burst of ${SCENARIOS * 5} files`, async () => {
  const root = await mkdtemp(join(tmpdir(), "ved-load-"));
  const staging = await mkdtemp(join(tmpdir(), "ved-load-staging-"));
  const names = Array.from({ length: SCENARIOS }, (_, i) => `tau2_retail__load_${i}`);
  await mkdir(join(root, RUN));
  const invocation = {
    started_at: "2026-11-30T10:00:00",
    argv: ["run_evaluation.py"],
    parsed_args: { min_agent_turns: 3 },
    resolved_scenario_count: SCENARIOS,
    resolved_scenario_names: names,
  };
  await writeFile(join(root, RUN, "run_args.json"), JSON.stringify({ invocations: [invocation] }));
  await writeFile(join(root, RUN, "evaluation_log.txt"), `2026-11-30 10:00:00 | run_evaluation.py:main:455 | [INFO]: Queued ${SCENARIOS} scenario(s): []\n`);
  const metrics = await readFile(METRICS, "utf8");

  const spawned = Date.now();
  dashboard = await startDashboard(root);
  const { url, health } = dashboard;
  await expect.poll(async () => (await health()).indexing, { timeout: 30_000 }).toBeNull();
  const before = await health();
  // When the first scan finished, by the server's clock (what the bench times a start by): after the spawn, before this answer.
  expect(before.scan?.finishedAt, "the first scan's finish time").toBeGreaterThanOrEqual(spawned);
  expect(before.scan?.finishedAt).toBeLessThanOrEqual(Date.now());
  expect(before.scan?.finishedAt, "the scan began after the spawn: its finish less its duration").toBeGreaterThanOrEqual(spawned + (before.scan?.ms ?? 0));
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => connect(url)));
  await expect.poll(async () => (await health()).listeners, { timeout: 10_000 }).toBe(CLIENTS);
  // Events before every client was connected (the first scan's) are not part of the comparison.
  const startVersion = (await health()).version;

  // The burst: each scenario folder renamed into place with four files, then metrics.json.
  const burst = (async () => {
    for (const name of names) {
      const dir = join(staging, name);
      await mkdir(join(dir, "bot_logs_agent"), { recursive: true });
      await writeFile(join(dir, "bridge_log.txt"), "log\n");
      await writeFile(join(dir, "conversation_log.txt"), "RTVI Evaluation Bridge - Conversation Log\n");
      await writeFile(join(dir, "judge_result.json"), '{"score": 0.9, "reason": "ok"}');
      await writeFile(join(dir, "bot_logs_agent", "llm_context.json"), "[]");
      await rename(dir, join(root, RUN, name));
      await writeFile(join(root, RUN, name, "metrics.json"), metrics.replace('"tau2_airline__34"', JSON.stringify(name)));
    }
  })();
  const paths = ["", "api/runs", `runs/${RUN}`, `api/runs/${RUN}`, `api/runs/${RUN}/scenarios?limit=50&sort=judge_score`, `api/runs/${RUN}/summary.txt`];
  const failures: string[] = [];
  const requests = (async () => {
    for (let i = 0; i < REQUESTS; i++) {
      const path = paths[i % paths.length] as string;
      const res = await fetch(`${url}${path}`);
      await res.arrayBuffer();
      if (res.status !== 200) failures.push(`${res.status} ${path}`);
    }
  })();
  await Promise.all([burst, requests]);
  expect(failures).toEqual([]);

  // Every scenario reaches every client, and every client saw the same contiguous event sequence.
  await expect.poll(() => clients.every((c) => names.every((n) => c.names.has(n))), { timeout: 60_000 }).toBe(true);
  const during = (c: Client) => c.versions.filter((v) => v > startVersion);
  const reference = during(clients[0]!);
  expect(reference[0]).toBe(startVersion + 1);
  for (const c of clients) {
    expect(c.errors).toEqual([]);
    expect(during(c)).toEqual(reference);
    expect(reference.every((v, i) => i === 0 || v === (reference[i - 1] as number) + 1)).toBe(true);
  }
  const summary = await (await fetch(`${url}api/runs/${RUN}`)).json();
  expect(summary.scenarioCount).toBe(SCENARIOS);

  for (const c of clients) c.close();
  await expect.poll(async () => (await health()).listeners, { timeout: 10_000 }).toBe(0);
  const after = await health();
  console.log(
    `load: ${CLIENTS} clients, ${REQUESTS} requests, ${SCENARIOS * 5} files, ${reference.length} events each; rss ${before.rssMb} → ${after.rssMb} MB`,
  );
  expect(after.rssMb).toBeLessThan(before.rssMb + (FULL ? 400 : 250));
});
