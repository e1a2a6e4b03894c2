/**
 * Issue 55, one contract: a shape the HTTP API and MCP both send is defined once, as a zod schema (the
 * scenario row in lib/core/scenario-row.ts, the runs list's item in lib/shared/dto.ts, a run's changes
 * in lib/shared/run-changes.ts, compare's pair in lib/shared/compare.ts). Its type is the DTO's, MCP's
 * output schema is derived from it, and what the HTTP API sends holds it.
 */
import { cp, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CHANGES } from "@/lib/core/compare";
import { RUN_STATES } from "@/lib/core/run-state";
import { scenarioRow, ScenarioRowSchema } from "@/lib/core/scenario-row";
import type { OutcomeKind } from "@/lib/generator";
import { compareRoute, listRuns, runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { ScenarioRowOut } from "@/lib/server/mcp/schemas";
import { COMPARE_WARNING_KINDS, CompareWarningSchema, PairHeadSchema, type CompareResult } from "@/lib/shared/compare";
import { RunListItemSchema, RunsResponseSchema, type ScenarioPage } from "@/lib/shared/dto";
import { RunChangesSchema } from "@/lib/shared/run-changes";
import { writeGenerated } from "../../helpers/generated";
import { inProcessClient } from "../../helpers/mcp-checks";
import { tempDir } from "../../helpers/run-builder";

const RUN = "eval_20260804_144300";
let root = "";
let store: Store;

beforeAll(async () => {
  root = await tempDir("ved-contract-");
  await cp(join(__dirname, "../../fixtures/harness/stalls/run", RUN), join(root, RUN), { recursive: true });
  store = createStore(root, { watch: false });
  await store.scanned;
}, 60_000);

afterAll(async () => {
  if (store) await closeStore(store);
  if (root) await rm(root, { recursive: true, force: true });
});

describe("the scenario row's one contract", () => {
  it("holds for every row the API sends, through JSON", async () => {
    const res = await runRoute(store, new Request(`http://localhost/api/runs/${RUN}/scenarios?limit=100`));
    const page = (await res.json()) as ScenarioPage;
    expect(page.rows.length).toBe(16);
    for (const row of page.rows) {
      const checked = ScenarioRowSchema.safeParse(row);
      expect(checked.success, `${row.name}: ${checked.error?.message}`).toBe(true);
    }
  });

  it("is MCP's output schema, loose so a later field passes, strict on the fields it names", () => {
    const row = scenarioRow({ name: "x__1", metrics: { scenario_name: "x__1", is_successful: true }, nlPassed: null, agentContextAssistantCount: null }, 1);
    expect(ScenarioRowOut.safeParse({ ...row, added_later: 1 }).success).toBe(true);
    expect(ScenarioRowOut.safeParse({ ...row, verdict: "yes" }).success).toBe(false);
    expect(Object.keys(ScenarioRowOut.shape).sort()).toEqual(Object.keys(ScenarioRowSchema.shape).sort());
  });

  it("carries a duration that is not a number as unknown (null), never NaN or 0", () => {
    const row = scenarioRow(
      { name: "x__1", metrics: { scenario_name: "x__1", scenario_duration: Number.NaN }, nlPassed: null, agentContextAssistantCount: null },
      1,
    );
    expect(row.duration_seconds).toBeNull();
    expect(ScenarioRowSchema.safeParse(JSON.parse(JSON.stringify(row))).success).toBe(true);
  });
});

/** Three nights of one suite: #2 fails on night 2 and is fixed on night 3, #4 stalls on night 2, night 3 was killed after 5 scenarios. */
const night = (n: number) => `nightly/eval_202612${String(n).padStart(2, "0")}_020000`;
const OUTCOMES: Record<number, Record<number, OutcomeKind>> = { 1: {}, 2: { 2: "db_mismatch", 4: "stall" }, 3: { 3: "db_mismatch" } };

describe("the runs list's item, a run's changes and compare's pair: one contract each", () => {
  let suiteRoot = "";
  let suite: Store;
  let client: Client;

  beforeAll(async () => {
    suiteRoot = await tempDir("ved-contract-suite-");
    await writeGenerated(suiteRoot, {
      seed: 9,
      runs: [1, 2, 3].map((n) => ({
        name: night(n),
        scenarios: 8,
        domains: ["tau2_retail"],
        quality: 1,
        lean: true,
        audio: false,
        outcomes: Object.fromEntries(Object.entries(OUTCOMES[n]!).map(([k, kind]) => [`#${k}`, kind])),
        ...(n === 3 ? { state: "killed" as const, completedBeforeStop: 5 } : {}),
      })),
    });
    suite = createStore(suiteRoot, { watch: false });
    await suite.scanned;
    client = await inProcessClient(suite, "contract");
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    if (suite) await closeStore(suite);
    if (suiteRoot) await rm(suiteRoot, { recursive: true, force: true });
  });

  const body = async (res: Response | Promise<Response>) => {
    const r = await res;
    expect(r.status).toBe(200);
    return (await r.json()) as unknown;
  };

  it("GET /api/runs holds RunsResponseSchema through JSON, each item RunListItemSchema with its change column", async () => {
    const list = await body(listRuns(suite.index));
    const parsed = RunsResponseSchema.safeParse(list);
    expect(parsed.success, parsed.error?.message).toBe(true);
    const runs = parsed.data!.runs;
    expect(runs.map((r) => r.id).sort()).toEqual([1, 2, 3].map(night));
    expect(runs.find((r) => r.id === night(2))?.vsPrevious?.previous).toBe(night(1));
    expect(runs.find((r) => r.id === night(3))?.state).toBe("killed");
    // The schema is strict on the fields it names: a state outside the vocabulary, or a rate without its count, is refused.
    const item = (list as { runs: unknown[] }).runs[0] as Record<string, unknown>;
    expect(RunListItemSchema.safeParse({ ...item, state: "done" }).success).toBe(false);
    expect(RunListItemSchema.safeParse({ ...item, rates: { ...(item.rates as object), success_rate: { value: 1 } } }).success).toBe(false);
  });

  it("GET /api/runs/{id}/changes holds RunChangesSchema, in the change vocabulary", async () => {
    const changes = await body(runRoute(suite, new Request(`http://localhost/api/runs/${night(2)}/changes`)));
    const parsed = RunChangesSchema.safeParse(changes);
    expect(parsed.success, parsed.error?.message).toBe(true);
    const c = parsed.data!;
    expect(c.previous?.id).toBe(night(1));
    expect(c.newFailures).toHaveLength(1);
    expect(c.nowStalled).toHaveLength(1);
    expect(
      Object.values(c.marks)
        .map((m) => m.kind)
        .sort(),
    ).toEqual(["new", "now_stalled"]);
    const killed = RunChangesSchema.parse(await body(runRoute(suite, new Request(`http://localhost/api/runs/${night(3)}/changes`))));
    expect(killed.success.likeForLike).toBe(5);
  });

  it("GET /api/compare's pairs hold PairHeadSchema, its warnings CompareWarningSchema", async () => {
    const res = (await body(compareRoute(suite, new Request(`http://localhost/api/compare?base=${night(1)}&runs=${night(2)},${night(3)}`)))) as CompareResult;
    expect(res.comparisons).toHaveLength(2);
    for (const pair of res.comparisons) {
      const parsed = PairHeadSchema.safeParse(pair);
      expect(parsed.success, parsed.error?.message).toBe(true);
    }
    expect(res.comparisons[1]!.likeForLike).toBe(5);
    const warnings = [...res.warnings, ...res.comparisons.flatMap((p) => p.warnings)];
    expect(warnings.every((w) => CompareWarningSchema.safeParse(w).success)).toBe(true);
    // The killed night is compared like for like, and says so.
    expect(res.comparisons[1]!.warnings.map((w) => w.kind)).toContain("partial");
  });

  it("MCP publishes the fields it shares with the API from the same schemas: run states, change counts, warning kinds", async () => {
    const tools = new Map((await client.listTools()).tools.map((t) => [t.name, t.outputSchema as Record<string, unknown>]));
    type Json = { properties: Record<string, Json>; items: Json; enum?: string[]; anyOf?: Json[]; required?: string[] };
    const at = (schema: unknown, ...path: string[]) =>
      path.reduce((s: Json, k) => (k === "[]" ? s.items : (s.properties[k] ?? s.anyOf?.find((a) => a.properties)?.properties[k])) as Json, schema as Json);
    expect(at(tools.get("list_runs"), "runs", "[]", "state").enum).toEqual([...RUN_STATES]);
    expect(at(tools.get("get_run"), "state").enum).toEqual([...RUN_STATES]);
    const pair = at(tools.get("compare_runs"), "comparisons", "[]");
    expect(at(pair, "warnings", "[]", "kind").enum).toEqual([...COMPARE_WARNING_KINDS]);
    expect(at(pair, "counts").required?.sort()).toEqual([...CHANGES].sort());
    // And what MCP answers holds the API's values for those fields.
    const listed = (await client.callTool({ name: "list_runs", arguments: { limit: 10 } })).structuredContent as {
      runs: Array<{ id: string; state: string; stalledCount: number }>;
    };
    const api = RunsResponseSchema.parse(await body(listRuns(suite.index)));
    for (const r of listed.runs) {
      const item = api.runs.find((x) => x.id === r.id)!;
      expect([r.state, r.stalledCount]).toEqual([item.state, item.stalledCount]);
    }
  });
});
