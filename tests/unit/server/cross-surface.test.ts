/**
 * One fact, one number (issue 55): on a generated suite the run page's data (the views), the HTTP API,
 * `report`, `check --json` and MCP state the same figures: every rate as k/n, the changes since the
 * previous run in one vocabulary (new, fixed, still failing, was stalled, now stalled, with names), the
 * setup changes, and a killed run compared like for like.
 *
 * Five nights of 12 lean scenarios (metrics.json and judge_result.json only; #0 written whole, with its
 * logs). Night 4 against night 3: #5 new, #6 fixed, #8 still failing, #3 was stalled (stalled on night
 * 3, passes now: not a fix), #10 now stalled (not a new failure), `output_sample_rate 16000 → 4000`, and
 * #5's judge file scores the text "0.2". Night 5 was killed after 6 scenarios: #1 new, #5 fixed.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangesLine } from "@/components/changes/changes-line";
import { RATE_NAMES, type Rate } from "@/lib/core";
import type { OutcomeKind } from "@/lib/generator";
import { compareRoute, listRuns, runRoute, setupRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { mcpRoute } from "@/lib/server/mcp/http";
import { comparePair } from "@/lib/server/views/compare";
import { runChanges } from "@/lib/server/views/run-changes";
import { runDetail } from "@/lib/server/views/run-views";
import { runsList } from "@/lib/server/views/runs-list";
import type { CompareResult } from "@/lib/shared/compare";
import type { RunDetail, RunsResponse } from "@/lib/shared/dto";
import type { RunChanges } from "@/lib/shared/run-changes";
import { writeGenerated } from "../../helpers/generated";
import { ok } from "../../helpers/mcp-checks";
import { tempDir } from "../../helpers/run-builder";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const N = 12;
const night = (n: number) => `nightly/eval_202612${String(n).padStart(2, "0")}_020000`;
const [N3, N4, N5] = [night(3), night(4), night(5)];

/** Each night's forced outcomes by queue index; the rest succeed. */
const OUTCOMES: Record<number, Record<number, OutcomeKind>> = {
  1: {},
  2: { 8: "db_mismatch" },
  3: { 3: "stall", 6: "db_mismatch", 8: "db_mismatch" },
  4: { 5: "db_mismatch", 8: "db_mismatch", 10: "stall" },
  5: { 1: "db_mismatch", 8: "db_mismatch" },
};

let root = "";
let store: Store;
let client: Client;
let names: string[] = [];
const at = (...ks: number[]) => ks.map((k) => names[k]!).sort();

beforeAll(async () => {
  root = await tempDir("ved-cross-surface-");
  await writeGenerated(root, {
    seed: 55,
    runs: [1, 2, 3, 4, 5].map((n) => ({
      name: night(n),
      scenarios: N,
      domains: ["tau2_retail", "tau2_airline"],
      quality: 1,
      lean: true,
      full: ["#0"],
      audio: false,
      outcomes: Object.fromEntries(Object.entries(OUTCOMES[n]!).map(([k, kind]) => [`#${k}`, kind])),
      ...(n === 5 ? { state: "killed" as const, completedBeforeStop: 6 } : {}),
    })),
  });
  const args = (n: number) => join(root, night(n), "run_args.json");
  names = (JSON.parse(readFileSync(args(4), "utf8")) as { invocations: Array<{ resolved_scenario_names: string[] }> }).invocations[0]!.resolved_scenario_names;
  // Last night's setup change, kept on night 5.
  for (const n of [4, 5]) {
    const text = readFileSync(args(n), "utf8");
    expect(text).toMatch(/"output_sample_rate": 16000/);
    writeFileSync(args(n), text.replace(/"output_sample_rate": 16000/g, '"output_sample_rate": 4000'));
  }
  // A judge file whose score is text.
  const judge = join(root, N4, names[5]!, "judge_result.json");
  const text = readFileSync(judge, "utf8");
  expect(text).toMatch(/"score": [0-9.]+/);
  writeFileSync(judge, text.replace(/"score": [0-9.]+/, '"score": "0.2"'));

  store = createStore(root, { watch: false });
  await store.scanned;
  const ctx = { store, ledger: async () => Promise.reject(new Error("no ledger in this test")), allowWrites: false, user: "t" };
  client = new Client({ name: "cross-surface", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://127.0.0.1/mcp"), { fetch: async (url, init) => mcpRoute(new Request(url, init), ctx, { token: null }) }),
  );
  await client.listTools();
}, 180_000);

afterAll(async () => {
  await client?.close();
  if (store) await closeStore(store);
  if (root) await rm(root, { recursive: true, force: true });
});

const enc = encodeURIComponent;
async function api<T>(path: string): Promise<T> {
  const request = new Request(`http://localhost${path}`);
  const res = path.startsWith("/api/compare")
    ? await compareRoute(store, request)
    : path.startsWith("/api/setup")
      ? await setupRoute(store, request)
      : await runRoute(store, request);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

function cli(...args: string[]) {
  const out = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

/** k/n of a rate as every surface should state it. */
const kn = (r: { numerator: number | null; denominator: number }) => `${r.numerator}/${r.denominator}`;
const knOut = (r: { k: number | null; n: number }) => `${r.k}/${r.n}`;
const sorted = (list: readonly string[]) => [...list].sort();

/** `report`'s rate lines: `| success_rate | 0.7500 (9/12) | …` → { success_rate: "9/12" }. */
function reportRates(markdown: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of RATE_NAMES) {
    const m = new RegExp(`^\\| ${name} \\| [^(|]*\\(([^)]*)\\) \\|`, "m").exec(markdown);
    if (m) out[name] = m[1]!;
  }
  return out;
}

interface CheckJson {
  verdict: string;
  run: { rates: Record<string, Rate> };
  tests: { success: { n: number; basePassed: number; otherPassed: number } };
  counts: Record<string, number>;
  setup: string[];
  changes: Record<"newStable" | "newOther" | "flaky" | "stillFailing" | "fixed" | "wasStalled" | "nowStalled", Array<{ name: string }>>;
}

interface McpNames {
  count: number;
  names: string[];
}
type McpChanges = Record<"newFailures" | "fixed" | "stillFailing" | "wasStalled" | "nowStalled", McpNames>;

describe("a finished night against the night before", () => {
  it("states the same rates on the run page, the API, report, check --json and MCP", async () => {
    const run = (await store.openRun(N4))!;
    const view = runDetail(run).rates;
    const body = await api<RunDetail>(`/api/runs/${enc(N4)}`);
    const report = cli("report", join(root, N4));
    expect(report.code, report.stderr).toBe(0);
    const check = cli("check", join(root, N4), "--baseline", join(root, N3), "--json");
    expect(check.stderr).toBe("");
    const gate = JSON.parse(check.stdout) as CheckJson;
    const mcp = await ok<{ rates: Record<string, { k: number | null; n: number }> }>(client, "get_run", { run: N4 });
    const fromReport = reportRates(report.stdout);

    // Stalled #10 is counted as failed, as all_summary.txt counts it: 9 of 12.
    expect(kn(view.success_rate)).toBe("9/12");
    for (const name of RATE_NAMES) {
      if (name === "judge_score_mean") continue;
      const k = kn(view[name]);
      expect(kn(body.rates[name]), `API ${name}`).toBe(k);
      expect(fromReport[name], `report ${name}`).toBe(k);
      expect(kn(gate.run.rates[name]!), `check ${name}`).toBe(k);
      expect(knOut(mcp.rates[name]!), `MCP ${name}`).toBe(k);
    }
  }, 240_000);

  it("names the same changes and setup changes everywhere, a stall then a pass as 'was stalled'", async () => {
    const run = (await store.openRun(N4))!;
    const expected = {
      new: at(5),
      fixed: at(6),
      stillFailing: at(8),
      wasStalled: at(3),
      nowStalled: at(10),
      setup: ["output_sample_rate: 16000 → 4000"],
    };
    // The run page's data.
    const view = await runChanges(store.index, run);
    expect(view.previous?.id).toBe(N3);
    expect({
      new: sorted(view.newFailures),
      fixed: sorted(view.fixed),
      stillFailing: sorted(view.stillFailing),
      wasStalled: sorted(view.wasStalled),
      nowStalled: sorted(view.nowStalled),
      setup: view.setup,
    }).toEqual(expected);
    expect(view.flaky).toEqual([]);
    // The run page's line says it.
    const line = renderToStaticMarkup(ChangesLine({ changes: view })).replace(/<[^>]+>/g, "");
    expect(line).toContain("1 new failure, 1 fixed, 1 still failing, 1 was stalled, 1 now stalled,");
    expect(line).toContain("Setup changed: output_sample_rate: 16000 → 4000");

    // The API: the run's changes and the compare page it links to.
    const changes = await api<RunChanges>(`/api/runs/${enc(N4)}/changes`);
    expect(changes).toEqual(JSON.parse(JSON.stringify(view)));
    const compare = await api<CompareResult>(`/api/compare?base=${enc(N3)}&runs=${enc(N4)}`);
    const byChange = (c: string) => sorted(compare.scenarios.filter((s) => s.change === c).map((s) => s.name));
    expect({
      new: byChange("regressed"),
      fixed: byChange("fixed"),
      stillFailing: byChange("still_failing"),
      wasStalled: byChange("was_stalled"),
      nowStalled: byChange("now_stalled"),
    }).toEqual({ ...expected, setup: undefined });
    const setup = await api<{ args: Array<{ name: string; base: string; other: string }> }>(`/api/setup?base=${enc(N3)}&run=${enc(N4)}`);
    expect(setup.args.map((a) => `${a.name}: ${a.base} → ${a.other}`)).toEqual(expected.setup);

    // check --json, with the suite's history.
    const check = cli("check", join(root, N4), "--baseline", join(root, N3), "--json");
    const gate = JSON.parse(check.stdout) as CheckJson;
    const namesOf = (list: Array<{ name: string }>) => sorted(list.map((c) => c.name));
    expect({
      new: namesOf([...gate.changes.newStable, ...gate.changes.newOther]),
      fixed: namesOf(gate.changes.fixed),
      stillFailing: namesOf(gate.changes.stillFailing),
      wasStalled: namesOf(gate.changes.wasStalled),
      nowStalled: namesOf(gate.changes.nowStalled),
      setup: gate.setup,
    }).toEqual(expected);
    expect(gate.changes.flaky).toEqual([]);
    expect(gate.counts.fixed).toBe(1);
    expect(gate.counts.was_stalled).toBe(1);

    // MCP: get_run's "since the previous run" and compare_runs.
    const got = await ok<{ previous: McpChanges & { id: string; setup: string[] } }>(client, "get_run", { run: N4 });
    expect(got.previous.id).toBe(N3);
    expect({
      new: sorted(got.previous.newFailures.names),
      fixed: sorted(got.previous.fixed.names),
      stillFailing: sorted(got.previous.stillFailing.names),
      wasStalled: sorted(got.previous.wasStalled.names),
      nowStalled: sorted(got.previous.nowStalled.names),
      setup: got.previous.setup,
    }).toEqual(expected);
    const pair = await ok<{ comparisons: Array<Omit<McpChanges, "newFailures"> & { regressed: McpNames }> }>(client, "compare_runs", { base: N3, run: N4 });
    const p = pair.comparisons[0]!;
    expect({
      new: sorted(p.regressed.names),
      fixed: sorted(p.fixed.names),
      stillFailing: sorted(p.stillFailing.names),
      wasStalled: sorted(p.wasStalled.names),
      nowStalled: sorted(p.nowStalled.names),
    }).toEqual({ ...expected, setup: undefined });
  }, 240_000);
});

describe("a killed run against the night before", () => {
  it("is compared like for like, its 6 finished scenarios against the same 6, on every surface that compares it; check does not judge it", async () => {
    const run = (await store.openRun(N5))!;
    const base = (await store.openRun(N4))!;
    expect(runDetail(run).state).toBe("killed");
    // Night 4 over #0–#5: #5 failed (5/6); night 5: #1 failed (5/6). Against all 12 of night 4 (9/12) it would read +8.3 pp.
    const view = await runChanges(store.index, run);
    expect(view.success).toMatchObject({ before: 5 / 6, after: 5 / 6, delta: 0, likeForLike: 6 });
    expect(sorted(view.newFailures)).toEqual(at(1));
    expect(sorted(view.fixed)).toEqual(at(5));
    expect(view.setup).toEqual([]);
    expect(renderToStaticMarkup(ChangesLine({ changes: view })).replace(/<[^>]+>/g, "")).toContain(
      "Δ success ±0.00 pp (like for like over the 6 scenarios both runs finished)",
    );

    const listed = runsList(store.index).runs.find((r) => r.id === N5)!;
    expect(listed.vsPrevious).toMatchObject({ previous: N4, delta: 0, likeForLike: 6, newFailures: 1 });
    const fromApi = ((await listRuns(store.index).json()) as RunsResponse).runs.find((r) => r.id === N5)!;
    expect(fromApi.vsPrevious).toEqual(listed.vsPrevious);
    expect(await api<RunChanges>(`/api/runs/${enc(N5)}/changes`)).toEqual(JSON.parse(JSON.stringify(view)));

    const pair = await comparePair(base, run);
    expect(pair.likeForLike).toBe(6);
    expect(kn(pair.rates.success_rate.base)).toBe("5/6");
    expect(kn(pair.rates.success_rate.other)).toBe("5/6");
    expect(pair.rates.success_rate.delta).toBe(view.success.delta);
    expect(pair.warnings.some((w) => w.kind === "partial" && w.message.includes("like for like over the 6 scenarios"))).toBe(true);

    const mcpRun = await ok<{ previous: { successDelta: number | null; likeForLike: number | null } }>(client, "get_run", { run: N5 });
    expect(mcpRun.previous).toMatchObject({ successDelta: 0, likeForLike: 6 });
    const mcpList = await ok<{ runs: Array<{ id: string; previous: { successDelta: number | null; likeForLike: number | null } | null }> }>(
      client,
      "list_runs",
      {
        suite: N5,
      },
    );
    expect(mcpList.runs.find((r) => r.id === N5)!.previous).toMatchObject({ successDelta: 0, likeForLike: 6 });
    const mcpPair = await ok<{ comparisons: Array<{ likeForLike: number | null; rates: { success_rate: { delta: number | null } } }> }>(
      client,
      "compare_runs",
      {
        base: N4,
        run: N5,
      },
    );
    expect(mcpPair.comparisons[0]).toMatchObject({ likeForLike: 6, rates: { success_rate: { delta: 0 } } });

    // check refuses to judge it, and its paired test is the same like-for-like set.
    const check = cli("check", join(root, N5), "--baseline", join(root, N4), "--json");
    const gate = JSON.parse(check.stdout) as CheckJson;
    expect(check.code).toBe(1);
    expect(gate.verdict).toBe("incomplete");
    expect(gate.tests.success).toMatchObject({ n: 6, basePassed: 5, otherPassed: 5 });
    expect(kn(gate.run.rates.success_rate!)).toBe(kn(runDetail(run).rates.success_rate));
  }, 240_000);
});
