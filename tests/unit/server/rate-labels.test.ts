/**
 * Issue 55: a rate reads the same name on every surface — the run page's cards, compare, /trends,
 * `check` (its comment and --json), MCP and all_summary.txt — the name the harness gives it.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { spawnSync } from "node:child_process";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Headline } from "@/components/compare/headline";
import { RateCards } from "@/components/run/rate-cards";
import { RateCharts } from "@/components/trends/trend-charts";
import { RATE_NAMES, type RateName } from "@/lib/core/aggregates";
import { gateMarkdown } from "@/lib/core/gate-markdown";
import type { GateResult } from "@/lib/core/gate";
import { RATE_FIGURES } from "@/lib/core/figures";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { compareRuns } from "@/lib/server/views/compare";
import { runDetail } from "@/lib/server/views/run-views";
import { buildTrends } from "@/lib/server/views/trends";
import { forceAll, writeGenerated } from "../../helpers/generated";
import { inProcessClient, ok } from "../../helpers/mcp-checks";
import { tempDir } from "../../helpers/run-builder";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const A = "nightly/eval_20261101_020000";
const B = "nightly/eval_20261102_020000";
const N = 20;
let root = "";
let store: Store;
let client: Client;

beforeAll(async () => {
  root = await tempDir("ved-labels-");
  await writeGenerated(root, {
    seed: 9,
    runs: [
      { name: A, scenarios: N, domains: ["restaurant", "qa"], outcomes: forceAll(N, "success" as const, { 0: "timeout", 1: "db_mismatch" }) },
      { name: B, scenarios: N, domains: ["restaurant", "qa"], outcomes: forceAll(N, "success" as const, { 0: "timeout", 2: "db_mismatch", 3: "timeout" }) },
    ],
  });
  store = createStore(root, { watch: false });
  await store.scanned;
  client = await inProcessClient(store, "labels");
}, 120_000);

afterAll(async () => {
  await client?.close();
  if (store) await closeStore(store);
  if (root) await rm(root, { recursive: true, force: true });
});

const decode = (s: string) =>
  s
    .replace(/&gt;/g, ">")
    .replace(/&lt;/g, "<")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');
/** name → the text of the first element after `data-rate="name"`'s `marker`, in rendered HTML. */
function labelsAfter(html: string, marker: RegExp): Partial<Record<RateName, string>> {
  const out: Partial<Record<RateName, string>> = {};
  for (const m of html.matchAll(/data-rate="([a-z_]+)"/g)) {
    const rest = html.slice(m.index);
    const hit = marker.exec(rest);
    if (hit && !out[m[1] as RateName]) out[m[1] as RateName] = decode(hit[1]!);
  }
  return out;
}

const harness = Object.fromEntries(RATE_NAMES.map((n) => [n, RATE_FIGURES[n].label])) as Record<RateName, string>;

describe("a rate's name on every surface", () => {
  it("is the harness's, as its own all_summary.txt prints it", async () => {
    // The harness's texts for its own runs, and the spec's worked example (the one with DB-state assertions).
    const files = [
      ...["small-2-domains", "stalls", "judge-only"].map((c) => join(ROOT, "tests/fixtures/harness", c, "expected/all_summary.txt")),
      join(ROOT, "tests/fixtures/spec/spec-example-a/expected/all_summary.txt"),
    ];
    const all = (await Promise.all(files.map((f) => readFile(f, "utf8")))).join("\n");
    for (const n of RATE_NAMES) expect(all, n).toMatch(new RegExp(`^(  )?${harness[n].replace(/[()>=]/g, "\\$&")}: `, "m"));
  });

  it("reads the same on the run page, compare, /trends, check and MCP", async () => {
    const run = store.index.runs.get(B)!;
    const detail = runDetail(run);
    const shown = RATE_NAMES.filter((n) => detail.rates[n].denominator > 0);
    expect(shown).toContain("success_rate");
    expect(shown.length).toBeGreaterThan(3);

    const cards = labelsAfter(renderToStaticMarkup(createElement(RateCards, { rates: detail.rates, judgeThreshold: 0.5 })), /data-part="label"[^>]*>([^<]+)</);
    const compare = labelsAfter(
      renderToStaticMarkup(createElement(Headline, { result: await compareRuns(store.index.runs.get(A)!, [run]) })),
      /<th[^>]*>([^<]+)</,
    );
    const trends = buildTrends(store.index, { suite: B });
    // The charts' hover moves the page with the app's router: mounted, never called while rendering.
    const router = { back() {}, forward() {}, refresh() {}, push() {}, replace() {}, prefetch() {} };
    const charts = renderToStaticMarkup(
      createElement(AppRouterContext.Provider, { value: router as never }, createElement(RateCharts, { runs: trends.runs, baselineAt: -1 })),
    );
    const chartTitles = [...charts.matchAll(/data-chart="([^"]+)"/g)].map((m) => decode(m[1]!));

    const out = spawnSync(process.execPath, [BIN, "check", join(root, B), "--baseline", join(root, A), "--json"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
    const json = JSON.parse(out.stdout) as GateResult & { rateLabels: Record<RateName, string> };
    const comment = gateMarkdown(json);

    const mcpRun = await ok<{ rates: Record<RateName, { label: string }> }>(client, "get_run", { run: B });
    const mcpCompare = await ok<{ comparisons: Array<{ rates: Record<RateName, { label: string }> }> }>(client, "compare_runs", { base: A, run: B });

    for (const n of shown) {
      const name = harness[n];
      expect(cards[n], `run page ${n}`).toBe(name);
      expect(compare[n], `compare ${n}`).toBe(name);
      expect(chartTitles, `trends ${n}`).toContain(name);
      expect(comment, `check comment ${n}`).toContain(`| ${name} |`);
      expect(json.rateLabels[n], `check --json ${n}`).toBe(name);
      expect(mcpRun.rates[n]!.label, `MCP get_run ${n}`).toBe(name);
      expect(mcpCompare.comparisons[0]!.rates[n]!.label, `MCP compare_runs ${n}`).toBe(name);
    }
    expect(harness.success_rate).toBe("Overall Success Rate");
    expect(harness.db_state_assertion_success_rate).toBe("DB-State-Assertion pass");
  }, 120_000);
});
