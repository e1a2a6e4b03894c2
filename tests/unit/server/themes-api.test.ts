/** GET /api/themes on generated runs: judge reasons of failing scenarios, and a failure kind planted only in the second run shows as new. */
import { rm } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { themesRoute } from "@/lib/server/http/themes";
import type { ThemeDTO, ThemeDiffDTO } from "@/lib/shared/themes";
import { forceAll, writeGenerated } from "../../helpers/generated";
import { tempDir } from "../../helpers/run-builder";

const N = 30;
const A = "eval_20261101_080000";
const B = "eval_20261102_080000";
let root = "";
let store: Store;

beforeAll(async () => {
  root = await tempDir("ved-themes-");
  const a = forceAll(N, "success" as const, { 0: "timeout", 1: "timeout", 2: "timeout", 3: "timeout", 4: "inaction", 5: "inaction", 6: "inaction" });
  // B: the timeouts stay, inaction is gone, tool errors are new.
  const b = forceAll(N, "success" as const, {
    0: "timeout",
    1: "timeout",
    2: "timeout",
    3: "timeout",
    10: "tool_error",
    11: "tool_error",
    12: "tool_error",
    13: "tool_error",
  });
  await writeGenerated(root, {
    seed: 5,
    runs: [
      { name: A, scenarios: N, domains: ["restaurant", "qa"], lean: true, outcomes: a },
      { name: B, scenarios: N, domains: ["restaurant", "qa"], lean: true, outcomes: b },
    ],
  });
  store = createStore(root, { watch: false });
  await store.scanned;
}, 60_000);

afterAll(async () => {
  if (store) await closeStore(store);
  if (root) await rm(root, { recursive: true, force: true });
});

const get = (q: string) => themesRoute(store, new Request(`http://localhost/api/themes?${q}`));

describe("GET /api/themes", () => {
  it("groups a run's failing scenarios' judge reasons into themes", async () => {
    const res = await get(`run=${A}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { themes: ThemeDTO[] };
    const timeout = body.themes.find((t) => /time limit/.test(t.quote));
    const inaction = body.themes.find((t) => /declined the request/.test(t.quote));
    expect(timeout?.scenarioCount).toBe(4);
    expect(inaction?.scenarioCount).toBe(3);
    expect(timeout?.scenarios.some((s) => inaction?.scenarios.includes(s))).toBe(false);
  });

  it("says how many reasons there are and how many are in no theme listed (issue 42)", async () => {
    const body = (await (await get(`run=${A}`)).json()) as { themes: ThemeDTO[]; reasons: number; unthemed: { reasons: number; withoutWords: number } };
    expect(body.reasons).toBeGreaterThanOrEqual(7);
    expect(body.unthemed.withoutWords).toBe(0);
    expect(body.themes.reduce((n, t) => n + t.count, 0) + body.unthemed.reasons).toBe(body.reasons);
    const diff = (await (await get(`run=${B}&base=${A}`)).json()) as {
      changes: ThemeDiffDTO[];
      counts: Record<string, number>;
      unthemed: { base: { reasons: number }; other: { reasons: number } };
    };
    expect(Object.values(diff.counts).reduce((a, b) => a + b, 0)).toBe(diff.changes.length);
    expect(diff.counts.new).toBe(diff.changes.filter((c) => c.change === "new").length);
    expect(diff.unthemed.base.reasons).toBe(0);
  });

  it("marks a theme planted only in the second run as new, and the dropped one as gone", async () => {
    const res = await get(`run=${B}&base=${A}`);
    expect(res.status).toBe(200);
    const { changes } = (await res.json()) as { changes: ThemeDiffDTO[] };
    const fresh = changes.filter((c) => c.change === "new");
    expect(fresh.some((c) => /tool that does not exist/.test(c.other!.quote) && c.other!.scenarioCount === 4)).toBe(true);
    expect(changes.some((c) => c.change === "gone" && /declined the request/.test(c.base!.quote))).toBe(true);
    const kept = changes.find((c) => c.base && /time limit/.test(c.base.quote));
    expect(kept?.change).toBe("steady");
  });

  it("names unknown runs and a missing parameter", async () => {
    expect((await get("")).status).toBe(400);
    expect((await get("run=nope")).status).toBe(404);
    expect((await get(`run=${A}&base=nope`)).status).toBe(404);
  });
});
