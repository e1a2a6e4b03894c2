/**
 * Issue 55, one contract: a scenario row is defined once, as a zod schema (lib/core/scenario-row.ts).
 * Its type is the DTO's, MCP publishes it as its output schema, and what the HTTP API sends holds it.
 */
import { cp, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scenarioRow, ScenarioRowSchema } from "@/lib/core/scenario-row";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { ScenarioRowOut } from "@/lib/server/mcp/schemas";
import type { ScenarioPage } from "@/lib/shared/dto";
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
