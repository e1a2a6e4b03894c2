/**
 * Scenario folders outside the last queue (copied in, left by an earlier invocation) are shown on the
 * run page, marked and filterable, counted apart in the runs list, while the rates and the recomputed
 * all_summary.txt stay exactly the harness's.
 */
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listRuns, runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import type { RunDetail, RunsResponse, ScenarioPage } from "@/lib/shared/dto";
import { tempDir } from "../../helpers/run-builder";

const FIXTURE = join(__dirname, "../../fixtures/harness/small-2-domains/run");
const EXPECTED = join(__dirname, "../../fixtures/harness/small-2-domains/expected/all_summary.txt");
let store: Store;
let runId = "";
let queued: string[] = [];
let expectedSummary = "";

beforeAll(async () => {
  const root = await tempDir("ved-outside-");
  runId = (await readdir(FIXTURE))[0]!;
  const run = join(root, runId);
  await cp(join(FIXTURE, runId), run, { recursive: true });
  expectedSummary = await readFile(EXPECTED, "utf8");
  queued = (await readdir(run, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  // Copied in: a finished scenario twice under other names, and a folder with no metrics.json.
  await cp(join(run, queued[0]!), join(run, "X_1"), { recursive: true });
  await cp(join(run, queued[1]!), join(run, "X_2"), { recursive: true });
  await mkdir(join(run, "X_3"));
  await writeFile(join(run, "X_3", "bridge_log.txt"), "");
  store = createStore(root, { watch: false });
  await store.scanned;
}, 60_000);
afterAll(async () => closeStore(store));

const get = async <T>(path: string) => (await (await runRoute(store, new Request(`http://localhost${path}`))).json()) as T;
const enc = encodeURIComponent;

describe("scenario folders outside the queue", () => {
  it("are rows of the run's table, marked, each with its reason, and a filter of their own", async () => {
    const all = await get<ScenarioPage>(`/api/runs/${enc(runId)}/scenarios?limit=1000`);
    expect(all.total).toBe(queued.length + 3);
    const outside = await get<ScenarioPage>(`/api/runs/${enc(runId)}/scenarios?quick=outside&limit=1000`);
    expect(outside.rows.map((r) => r.name)).toEqual(["X_1", "X_2", "X_3"]);
    for (const r of outside.rows) expect(r.outside_queue).toMatch(/not in the last invocation's queue/);
    const empty = outside.rows.find((r) => r.name === "X_3")!;
    expect(empty.outside_queue).toContain("no result");
    expect(empty.problems.map((p) => p.file)).toContain("metrics.json");
    // The queued rows carry no mark.
    expect(
      all.rows
        .filter((r) => !r.outside_queue)
        .map((r) => r.name)
        .sort(),
    ).toEqual([...queued].sort());
  });

  it("leave the rates and the recomputed all_summary.txt exactly the harness's", async () => {
    const text = await (await runRoute(store, new Request(`http://localhost/api/runs/${enc(runId)}/summary.txt`))).text();
    expect(text).toBe(expectedSummary);
    const detail = await get<RunDetail>(`/api/runs/${enc(runId)}`);
    expect(detail.rates.success_rate.denominator).toBe(queued.length);
    expect([...detail.outsideQueue].sort()).toEqual(["X_1", "X_2", "X_3"]);
  });

  it("are counted apart in the runs list", async () => {
    const body = (await listRuns(store.index).json()) as RunsResponse;
    const run = body.runs.find((r) => r.id === runId)!;
    expect(run.outsideQueueCount).toBe(3);
    expect(run.scenarioCount).toBe(queued.length);
  });
});
