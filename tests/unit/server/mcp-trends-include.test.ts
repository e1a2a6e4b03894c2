/**
 * `get_trends` with `include`: the failure themes over the range and the interaction panel per night,
 * as /trends shows them, on the bundled example's nightly suite (the newest night's two recordings
 * copied into the two nights before it). Without `include`, neither is read. And the bounds of the
 * range's themes (`rangeThemesFor`): the newest nights only, up to a number of nights and of failures.
 */
import { copyFile, cp, rm } from "node:fs/promises";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLedger } from "@/lib/server/ledger/open";
import type { LedgerStore } from "@/lib/server/ledger/store";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { mcpRoute } from "@/lib/server/mcp/http";
import { rangeThemesFor, themeRunOf } from "@/lib/server/http/themes";
import { runAudio } from "@/lib/server/views/run-audio";
import { ok } from "../../helpers/mcp-checks";
import { tempDir } from "../../helpers/run-builder";

const NIGHTLY = join(__dirname, "../../../examples/results/nightly");
const NEWEST = "nightly/eval_20261130_020000";
const RECORDED = ["nightly/eval_20261128_020000", "nightly/eval_20261129_020000", NEWEST];
const SPOKEN = ["tau2_airline__28", "tau2_retail__43"];

let root: string;
let store: Store;
let ledger: LedgerStore;
let client: Client;

beforeAll(async () => {
  root = await tempDir("ved-mcp-trends-");
  await cp(NIGHTLY, join(root, "nightly"), { recursive: true });
  for (const night of RECORDED.slice(0, 2)) {
    for (const name of SPOKEN) await copyFile(join(root, NEWEST, name, "conversation_log.wav"), join(root, night, name, "conversation_log.wav"));
  }
  store = createStore(root, { watch: false });
  await store.scanned;
  ledger = await openLedger({ kind: "sqlite", stateDir: await tempDir("ved-mcp-trends-state-") });
  const ctx = { store, ledger: async () => ledger, allowWrites: false, user: "tester (mcp)" };
  client = new Client({ name: "mcp-trends-test", version: "1" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("http://127.0.0.1:3210/mcp"), {
      fetch: async (url, init) => mcpRoute(new Request(url, init), ctx, { token: null }),
    }),
  );
}, 60_000);
afterAll(async () => {
  await client?.close().catch(() => {});
  await closeStore(store);
  await ledger.close();
  await rm(root, { recursive: true, force: true });
});

interface Trends {
  runs: Array<{ id: string }>;
  themes: Array<{ trend: string; label: string; firstRun: string; lastRun: string; perNight: number[] }> | null;
  interaction: Array<{ run: string; recordings: number; figures: Array<{ key: string; text: string; events: number }> }> | null;
}

describe("get_trends include", () => {
  it("reads neither the themes nor the recordings unless asked", async () => {
    const t = await ok<Trends>(client, "get_trends", { suite: NEWEST, range: "all" });
    expect(t.runs).toHaveLength(14);
    expect([t.themes, t.interaction]).toEqual([null, null]);
  });

  it("gives the range's themes with their first and last night, and each recorded night's panel as its run's Audio tab", async () => {
    const t = await ok<Trends>(client, "get_trends", { suite: NEWEST, range: "all", include: ["themes", "interaction"] });
    const wrongId = t.themes!.find((x) => /wrong identifier/.test(x.label));
    expect(wrongId, "the regression's theme").toMatchObject({ trend: "new", firstRun: "nightly/eval_20261125_020000", lastRun: NEWEST });
    expect(wrongId!.perNight).toHaveLength(14);
    expect(
      wrongId!.perNight.slice(0, 8).every((c) => c === 0),
      "none before night 9",
    ).toBe(true);
    expect(t.interaction!.map((n) => n.run)).toEqual(RECORDED);
    for (const n of t.interaction!) {
      const own = (await runAudio(store.index.runs.get(n.run)!)).interaction;
      expect(n.recordings).toBe(2);
      expect(n.figures.find((f) => f.key === "responseRate")!.events, n.run).toBe(own.counts.responseTotal);
    }
  });

  it("reads the newest nights of the range only, up to its bounds in nights and in failing scenarios, and says how many it left", async () => {
    const runs = [...store.index.runs.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(runs).toHaveLength(14);
    const fewNights = await rangeThemesFor(runs, store, { nights: 5, failures: Infinity });
    expect(fewNights.nights).toEqual(runs.slice(-5).map((r) => r.id));
    expect(fewNights.cut).toBe(9);
    const newestThree = runs.slice(-3).reduce((n, r) => n + themeRunOf(r).failing.length, 0);
    const fewFailures = await rangeThemesFor(runs, store, { nights: 120, failures: newestThree });
    expect(fewFailures.nights, "the nights whose failures fit").toEqual(runs.slice(-3).map((r) => r.id));
    expect((await rangeThemesFor(runs, store, { nights: 120, failures: 0 })).nights, "two nights always").toHaveLength(2);
  });
});
