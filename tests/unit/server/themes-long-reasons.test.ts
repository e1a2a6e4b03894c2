/**
 * Judge reasons of any length (issue 54): 40 failing scenarios whose judge reasons are 1.5 MB each.
 * The themes read each reason's first `THEME_TEXT_CHARS` and at most `THEME_ITEMS_PER_SCENARIO`
 * reasons of a scenario; `/api/themes` answers with themes; the per-scenario cache is bounded by
 * bytes and holds each reason's bounded start, not its megabytes.
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THEME_ITEMS_PER_SCENARIO, THEME_TEXT_CHARS, themeItemsOf } from "@/lib/core/themes/items";
import { themesRoute } from "@/lib/server/http/themes";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { processCaches } from "@/lib/server/process-caches";
import type { ThemeDTO } from "@/lib/shared/themes";
import { failedMetrics } from "../../helpers/heavy-views";
import { tempDir, writeRun } from "../../helpers/run-builder";

const RUN = "eval_20261201_030000";
const N = 40;
const REASON_BYTES = 1.5 * 1024 * 1024;
/** Half the scenarios time out, half miss a tool call; each reason then goes on for 1.5 MB. */
const reason = (i: number) =>
  (i % 2 ? "The agent never called the cancel_order tool before ending the call. " : "The call timed out while the agent waited for the user. ").padEnd(
    REASON_BYTES,
    ` log line ${i}`,
  );

let root: string;
let store: Store;

beforeAll(async () => {
  root = await tempDir("ved-long-reasons-");
  await writeRun(join(root, RUN), {
    scenarios: Object.fromEntries(
      Array.from({ length: N }, (_, i) => {
        const name = `tau2_retail__${i}`;
        return [name, { metrics: failedMetrics(name), bridgeLog: null, judge: { passed: false, score: 0.1, reason: reason(i) } }];
      }),
    ),
  });
  store = createStore(root, { watch: false });
  await store.scanned;
}, 120_000);

afterAll(async () => {
  if (store) await closeStore(store);
  await rm(root, { recursive: true, force: true });
});

describe("failure themes over judge reasons of 1.5 MB", () => {
  it("reads each reason's bounded start, and a bounded number of a scenario's reasons", () => {
    const verdicts = Array.from({ length: 200 }, (_, k) => ({ index: k, assertion: null, passed: false, reason: `assertion ${k} failed`.padEnd(10_000, ".") }));
    const items = themeItemsOf("s", { reason: reason(1), verdicts });
    expect(items).toHaveLength(THEME_ITEMS_PER_SCENARIO);
    expect(items[0]!.source).toBe("judge");
    expect(items[0]!.text.startsWith("The agent never called the cancel_order tool")).toBe(true);
    for (const item of items) expect(item.text.length).toBeLessThanOrEqual(THEME_TEXT_CHARS);
  });

  it("answers the run's themes, and caches the reasons by their bounded size", async () => {
    const res = await themesRoute(store, new Request(`http://localhost/api/themes?run=${RUN}`));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { themes: ThemeDTO[] };
    expect(body.themes.length).toBeGreaterThanOrEqual(1);
    expect(body.themes.reduce((n, t) => n + t.scenarioCount, 0)).toBe(N);
    for (const t of body.themes) expect(t.quote.length).toBeLessThanOrEqual(THEME_TEXT_CHARS);
    const items = processCaches()
      .stats()
      .find((c) => c.name === "themes-items")!;
    expect(items.entries).toBe(N);
    expect(items.bytes).not.toBeNull();
    // Each scenario's one reason at its bound (UTF-16), with its name and a little more: not 1.5 MB each.
    expect(items.bytes!).toBeLessThanOrEqual(N * (2 * THEME_TEXT_CHARS + 1024));
  });
});
